/**
 * The limits of this area's actions (lengths, page sizes, counts, time windows). Zod-free and
 * importing nothing: the schemas, the action table, the server and the client load it at run
 * time (common/api/contract.ts, "How an API action is declared").
 */

/** Recovery codes issued when two-factor sign-in is turned on; each works once. */
export const RECOVERY_CODE_COUNT = 10;

/** How long the second step of a sign-in may be tried after the password was right. */
export const PENDING_SIGNIN_MINUTES = 5;

/** The most sessions the list shows (newest first); a user rarely has more than a handful. */
export const SESSIONS_LIST_MAX = 50;

/** Passkeys one user may keep (a phone, a laptop, a security key or two, a password manager). */
export const PASSKEYS_MAX = 20;

/** How long a WebAuthn challenge may be answered (the browser prompt's own timeout is 1 minute). */
export const WEBAUTHN_CHALLENGE_MINUTES = 5;

/** A passkey's name, as the user types it. */
export const PASSKEY_NAME_MAX = 60;
