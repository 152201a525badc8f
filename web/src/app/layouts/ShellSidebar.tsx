import { selectConversationsWithUnreadCount } from '../../features/messenger/messengerBadge';
import { selectFriendRequestsReceivedCount } from '../../features/network/friendRequestsBadge';
import { Sidebar } from '../../features/shell/Sidebar';
import { selectFeatureFlags } from '../../shared/state/appSlice';
import { useAppSelector } from '../../shared/state/hooks';

/**
 * The shell's sidebar with its live badges. It reads the counts itself, so a count that changes
 * (they arrive after the first screen, and with every push) renders the sidebar again, not the
 * whole shell.
 */
export function ShellSidebar({
  pathname,
  onNavigate,
}: {
  pathname: string;
  onNavigate?: () => void;
}) {
  const { messenger: messengerEnabled } = useAppSelector(selectFeatureFlags);
  const badgeCounts = {
    discovery: useAppSelector(selectFriendRequestsReceivedCount),
    messenger: useAppSelector(selectConversationsWithUnreadCount),
  };
  return (
    <Sidebar
      pathname={pathname}
      messengerEnabled={messengerEnabled}
      badgeCounts={badgeCounts}
      onNavigate={onNavigate}
    />
  );
}
