/**
 * Identity: who is calling. The user row, sessions and their cookie, and the signed-in user
 * of a request. It sits below the areas and the HTTP glue; both import it from here. Signing
 * up, signing in, passwords and profiles are the auth area's.
 */
export { lockUser, userById, type UserRow } from './users.js';
export {
  createSession,
  endSessionByToken,
  endUserSessions,
  keepSessionAlive,
  liveSessionIds,
  resolveSession,
  SESSION_ABSOLUTE_MS,
  type ClientInfo,
  type ResolvedSession,
} from './sessions.js';
export {
  markReauthenticated,
  reauthenticationRequired,
  REAUTHENTICATION_WINDOW_MS,
  requireReauthentication,
} from './reauthentication.js';
export { clearSessionCookie, readSessionToken, setSessionCookie } from './sessionCookie.js';
export {
  clientInfo,
  sessionUser,
  sessionFromCookieHeader,
  type SessionLookup,
} from './requestUser.js';
export {
  JOINED,
  prepareSessionJoined,
  runSessionJoined,
  SESSION_USER_ID,
  subqueryFields,
  type JoinedFound,
  type PreparedJoined,
  type SessionJoined,
} from './sessionJoinedRead.js';
