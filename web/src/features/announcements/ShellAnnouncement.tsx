import { Suspense } from 'react';
import { lazyComponent } from '../../shared/lib/lazyLoad';
import { useAnnouncementQuery, useDismissAnnouncementMutation } from './announcementApi';

/**
 * The dialog, its sanitiser (DOMPurify) and Radix's dialog load only when there is an
 * announcement to show: most starts have none, and they would be a fifth of the shell's
 * JavaScript after the first screen.
 */
const AnnouncementDialog = lazyComponent(
  () => import('./AnnouncementDialog'),
  'AnnouncementDialog',
);

/**
 * The shell's announcement: shown when the announcement call succeeds and it
 * has not been dismissed. A failed call shows nothing (an announcement is not worth an error).
 */
export function ShellAnnouncement() {
  const { data } = useAnnouncementQuery();
  const [dismiss] = useDismissAnnouncementMutation();
  if (!data?.success || !data.announcement) return null;
  const { id, text } = data.announcement;
  return (
    <Suspense fallback={null}>
      <AnnouncementDialog html={text} onDismiss={() => void dismiss({ id })} />
    </Suspense>
  );
}
