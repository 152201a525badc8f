import { AnnouncementDialog } from './AnnouncementDialog';
import { useAnnouncementQuery, useDismissAnnouncementMutation } from './announcementApi';

/**
 * The shell's announcement (spec section 2): shown when the announcement call succeeds and it
 * has not been dismissed. A failed call shows nothing (an announcement is not worth an error).
 */
export function ShellAnnouncement() {
  const { data } = useAnnouncementQuery();
  const [dismiss] = useDismissAnnouncementMutation();
  if (!data?.success || !data.announcement) return null;
  const { id, text } = data.announcement;
  return <AnnouncementDialog html={text} onDismiss={() => void dismiss({ id })} />;
}
