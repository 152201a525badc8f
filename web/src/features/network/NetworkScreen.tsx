import { Link, useLocation, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { selectFeatureFlags } from '../../shared/state/appSlice';
import { useAppSelector } from '../../shared/state/hooks';
import { Alert } from '../../shared/ui/Alert';
import { buttonClassName } from '../../shared/ui/Button';
import { PageHeader } from '../../shared/ui/PageHeader';
import { Tabs } from '../../shared/ui/Tabs';
import { FriendsPanel } from './components/FriendsPanel';
import { GroupsPanel } from './components/GroupsPanel';
import { InvitationsPanel } from './components/InvitationsPanel';
import { InviteDialog } from './components/InviteDialog';
import { RequestsPanel } from './components/RequestsPanel';
import { selectFriendRequestsReceivedCount } from './friendRequestsBadge';

const TABS = ['friends', 'requests', 'groups', 'invitations'] as const;
type NetworkTab = (typeof TABS)[number];
const isTab = (value: string | null): value is NetworkTab => TABS.includes(value as NetworkTab);

/** How the invitation page hands over a curator who just accepted: the new friend's name. */
export interface NetworkArrivalState {
  newFriend: string;
}

function newFriendOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('newFriend' in state)) return null;
  return typeof state.newFriend === 'string' ? state.newFriend : null;
}

/** /network: friends, pending requests both ways, groups and open invitations; /network?tab=groups etc. */
export function NetworkScreen() {
  useDocumentTitle('My Network');
  const { discovery } = useAppSelector(selectFeatureFlags);
  const received = useAppSelector(selectFriendRequestsReceivedCount);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: NetworkTab = isTab(requested) ? requested : 'friends';
  const newFriend = newFriendOf(useLocation().state);
  return (
    <>
      <PageHeader
        title="My Network"
        description="The curators you are friends with, your friend requests and your friend groups."
        actions={
          <>
            <InviteDialog />
            {discovery && (
              <Link to="/discovery" className={buttonClassName()}>
                Discovery
              </Link>
            )}
          </>
        }
      />
      {newFriend && (
        <Alert tone="success" className="mb-4">
          You accepted the invitation: you and {newFriend} are friends now.
        </Alert>
      )}
      <Tabs
        label="My Network"
        tabs={[
          { id: 'friends', label: 'Friends' },
          { id: 'requests', label: 'Requests', count: received },
          { id: 'groups', label: 'Groups' },
          { id: 'invitations', label: 'Invitations' },
        ]}
        value={tab}
        onValueChange={(next) => setParams({ tab: next }, { replace: true })}
      >
        {tab === 'friends' && <FriendsPanel discovery={discovery} />}
        {tab === 'requests' && <RequestsPanel />}
        {tab === 'groups' && <GroupsPanel />}
        {tab === 'invitations' && <InvitationsPanel />}
      </Tabs>
    </>
  );
}
