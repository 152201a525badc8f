import type { AlertTone } from '../../shared/ui/Alert';

/**
 * A one-line notice for the sign-in screen after leaving the signed-in area (e.g. "Your
 * account has been deleted", or the session ended by itself). Kept outside the store because
 * ending a session clears the store, and outside router state because the guard's own
 * redirect to /signin may replace the navigation that carried it.
 */
export interface SignInNotice {
  text: string;
  /** success: something the user did went well; info: something happened to them. */
  tone: Extract<AlertTone, 'success' | 'info'>;
}

let pendingNotice: SignInNotice | null = null;

export function leaveSignInNotice(text: string, tone: SignInNotice['tone'] = 'success'): void {
  pendingNotice = { text, tone };
}

export function readSignInNotice(): SignInNotice | null {
  return pendingNotice;
}

export function clearSignInNotice(): void {
  pendingNotice = null;
}
