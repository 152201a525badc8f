import type { User } from '../../../../../common/api/user.js';

/** Session storage key remembering "I'll do this later" for this browser session. */
export const WELCOME_SKIPPED_KEY = 'curator.welcomeOverlaySkipped';
export const SPOTIFY_CALLBACK_PATH = '/spotify/callback';

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The welcome overlay: shown while the user has no connected accounts,
 * has not skipped it this session, and is not on the page Spotify returns to.
 */
export function shouldShowWelcomeOverlay(
  user: Pick<User, 'accounts'>,
  pathname: string,
  skipped: boolean,
): boolean {
  if (skipped || user.accounts.length > 0) return false;
  return pathname.replace(/\/+$/, '') !== SPOTIFY_CALLBACK_PATH;
}

export function welcomeOverlaySkipped(storage: SessionStore | null): boolean {
  return storage?.getItem(WELCOME_SKIPPED_KEY) === 'true';
}

export function rememberWelcomeOverlaySkipped(storage: SessionStore | null): void {
  try {
    storage?.setItem(WELCOME_SKIPPED_KEY, 'true');
  } catch {
    // Storage full or refused: the overlay stays hidden until the page is reloaded.
  }
}
