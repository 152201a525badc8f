/**
 * A one-line notice for the sign-in screen after leaving the signed-in area on purpose
 * (e.g. "Your account has been deleted"). Kept outside the store because ending a session
 * clears the store, and outside router state because the guard's own redirect to /signin
 * may replace the navigation that carried it.
 */
let pendingNotice: string | null = null;

export function leaveSignInNotice(notice: string): void {
  pendingNotice = notice;
}

export function readSignInNotice(): string | null {
  return pendingNotice;
}

export function clearSignInNotice(): void {
  pendingNotice = null;
}
