import type { User } from '../../../../common/api/user.js';

/** Where the guard sends a user, or that the screen may render. */
export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

const ALLOW: GuardDecision = { kind: 'allow' };

export const SIGN_IN_PATH = '/signin';
export const SPOTIFY_PATH = '/spotify';
export const REDIRECT_PARAMETER = 'redirect';

interface LocationLike {
  pathname: string;
  search: string;
}

interface SessionLike {
  user: User | null;
  signedOut: boolean;
}

/**
 * The sign-in address for someone without a session: plain /signin after a deliberate
 * sign-out or from the root path, otherwise /signin?redirect=<wanted path with its query>.
 */
export function signInPathFor(location: LocationLike, signedOut: boolean): string {
  if (signedOut || location.pathname === '/') return SIGN_IN_PATH;
  const wanted = location.pathname + location.search;
  return `${SIGN_IN_PATH}?${new URLSearchParams({ [REDIRECT_PARAMETER]: wanted }).toString()}`;
}

/**
 * A redirect target is followed only when it is a path on this site: it starts with one
 * slash. '//host' and '/\host' are protocol-relative to browsers, so they are refused.
 */
export function isSafeRedirectPath(target: string | null | undefined): target is string {
  if (!target || !target.startsWith('/')) return false;
  const second = target.charAt(1);
  if (second === '/' || second === '\\') return false;
  // Control characters (tab, newline) are dropped by URL parsers and could hide a '//'.
  return ![...target].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
}

/** Where to go once signed in: the redirect query parameter if it is safe, else '/'. */
export function afterSignInPath(search: string): string {
  const target = new URLSearchParams(search).get(REDIRECT_PARAMETER);
  return isSafeRedirectPath(target) ? target : '/';
}

/**
 * Forced redirect (docs/decisions.md, "Forced redirect to /spotify"): when the
 * user has linked provider accounts and every one of them has the regrant flag (none can be
 * used until it is authorised again), every path outside /spotify redirects to /spotify.
 * The spec words it "none has the regrant flag"; there the flag meant "granted", here
 * (domain.md) it means "must be re-authorised".
 */
export function shouldForceSpotifyRedirect(
  user: Pick<User, 'accounts'>,
  pathname: string,
): boolean {
  if (isSpotifyPath(pathname)) return false;
  return user.accounts.length > 0 && user.accounts.every((account) => account.regrant === true);
}

/** /spotify and every path below it (the linking screen and its callback). */
export function isSpotifyPath(pathname: string): boolean {
  return pathname === SPOTIFY_PATH || pathname.startsWith(`${SPOTIFY_PATH}/`);
}

/**
 * Some, but not all, linked accounts need to be authorised again: the shell shows a warning
 * linking to /spotify instead of redirecting (the usable accounts keep working).
 */
export function someAccountsNeedRegrant(user: Pick<User, 'accounts'>): boolean {
  const needing = user.accounts.filter((account) => account.regrant === true).length;
  return needing > 0 && needing < user.accounts.length;
}

/** The guard of the protected routes. */
export function protectedRouteDecision(
  session: SessionLike,
  location: LocationLike,
): GuardDecision {
  if (!session.user) return { kind: 'redirect', to: signInPathFor(location, session.signedOut) };
  if (shouldForceSpotifyRedirect(session.user, location.pathname)) {
    return { kind: 'redirect', to: SPOTIFY_PATH };
  }
  return ALLOW;
}

/**
 * The guard of /signin and /signup: a signed-in user goes on to the redirect target (this is
 * also how a successful sign-in leaves the form), which is '/' unless one was asked for.
 */
export function guestOnlyRouteDecision(
  session: SessionLike,
  location: LocationLike,
): GuardDecision {
  if (!session.user) return ALLOW;
  return { kind: 'redirect', to: afterSignInPath(location.search) };
}
