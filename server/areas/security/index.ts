/**
 * The security area's public entry: the caller's sessions, TOTP two-factor sign-in and the
 * second step of a sign-in, passkeys (docs/security.md, Two-factor and sessions).
 */
export { securityHandlers } from './routes.js';
/** auth/signin asks whether the second step is due before it starts a session. */
export { pendingSigninIfNeeded } from './pendingSignins.js';
/** auth's sign-in record asks whether the device is new to the account (and mails if so). */
export { alertOnNewDevice } from './newDeviceSignIn.js';
/** auth's e-mail change tells the current address, with an undo link. */
export { noticeOfEmailChange } from './mails.js';
