import { useState } from 'react';

/**
 * Whether a dialog or menu has been opened at least once: its portal is rendered from then on.
 *
 * Radix renders a closed dialog's or menu's portal as a Presence, which, as it mounts, updates
 * its own state in a layout effect. An update in a layout effect is synchronous: in a screen's
 * first commit each closed dialog made React render again before the commit's task ended, and
 * run every effect of the screen (its reads, the presence's) in that same task, which made it
 * the page's longest (a playlist with its confirmation dialogs, the Playlists screen with two a
 * playlist). A portal rendered only once it has been opened leaves the first commit alone; kept
 * after it closes, Radix still returns the focus to the trigger as it does.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
