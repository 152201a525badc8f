import { localStorageOrNull } from '../../shared/lib/browserStorage';

const KEY = 'curator.pendingInvitation';
const INVITATION_PATH = /^\/onboarding\/invite\/[^/?#]+$/;

/**
 * A visitor who leaves an invitation to sign up comes back through e-mail verification and
 * sign-in, which lose the path: it is remembered in this browser, and the shell returns to it
 * once (takePendingInvitation) so the invitation can be accepted.
 */
export function rememberPendingInvitation(path: string, storage = localStorageOrNull()) {
  if (INVITATION_PATH.test(path)) storage?.setItem(KEY, path);
}

/** The remembered invitation's path, forgotten as it is taken; null when none. */
export function takePendingInvitation(storage = localStorageOrNull()): string | null {
  const path = storage?.getItem(KEY) ?? null;
  if (path !== null) storage?.removeItem(KEY);
  return path && INVITATION_PATH.test(path) ? path : null;
}
