import type * as schemas from './schemas.js';
import { actionTable } from '../contract.js';

/**
 * Account security (docs/security.md, Two-factor and sessions): the caller's sessions,
 * TOTP two-factor sign-in and its second step, passkeys (Passkeys).
 */
export const securityActions = actionTable<typeof schemas>()('security', {
  /** The caller's live sessions (device, IP, last seen), newest first; the caller's marked. */
  sessions: { action: 'sessions', access: 'user' },
  /** End one of the caller's sessions (its sockets close at once). */
  sessionEnd: { action: 'session/end', access: 'user' },
  /** End every session of the caller but this one (after re-authentication); mails a notice. */
  sessionsEndOthers: { action: 'sessions/end/others', access: 'user' },
  /** Whether two-factor sign-in is on, and how many recovery codes are left. */
  twoFactor: { action: 'twofactor', access: 'user' },
  /** Start TOTP enrolment: a new secret, its otpauth URL and a QR code (SVG data URL). */
  totpSetup: { action: 'totp/setup', access: 'user', rateLimit: 'reauth' },
  /** Confirm enrolment with a code from the app: turns TOTP on, answers the recovery codes once. */
  totpEnable: { action: 'totp/enable', access: 'user', rateLimit: 'reauth' },
  /** Turn TOTP off, given a current code or the password; mails a notice. */
  totpDisable: { action: 'totp/disable', access: 'user', rateLimit: 'reauth' },
  /** The second step of a sign-in: the pending token and a TOTP or recovery code. */
  signinSecond: { action: 'signin/second', access: 'public', rateLimit: 'secondFactor' },
  /** The caller's passkeys (name, created, last used), and whether this origin can use them. */
  passkeys: { action: 'passkeys', access: 'user' },
  /** Start adding a passkey: WebAuthn creation options with a fresh, single-use challenge. */
  passkeyRegisterOptions: {
    action: 'passkey/register/options',
    access: 'user',
    rateLimit: 'reauth',
  },
  /** Finish adding a passkey with the authenticator's attestation; mails a notice. */
  passkeyRegister: { action: 'passkey/register', access: 'user', rateLimit: 'reauth' },
  /** Rename one of the caller's passkeys. */
  passkeyRename: { action: 'passkey/rename', access: 'user' },
  /** Remove one of the caller's passkeys; mails a notice. */
  passkeyRemove: { action: 'passkey/remove', access: 'user' },
  /**
   * Start signing in with a passkey: request options with a fresh challenge. With a pending
   * sign-in token it is the second step (the user's passkeys are named); without, it is a
   * password-less sign-in with any passkey the browser holds for this site.
   */
  passkeySigninOptions: {
    action: 'passkey/signin/options',
    access: 'public',
    rateLimit: 'passkeySignin',
  },
  /**
   * Prove it is you again (password, app code or passkey): for the next few minutes this session
   * may make security changes, which otherwise answer 403 REAUTHENTICATION_REQUIRED.
   */
  reauthenticate: { action: 'reauthenticate', access: 'user', rateLimit: 'reauth' },
  /** Request options naming the caller's passkeys, to re-authenticate with one. */
  reauthenticatePasskeyOptions: {
    action: 'reauthenticate/passkey/options',
    access: 'user',
    rateLimit: 'reauth',
  },
  /**
   * "This was not me", from the link mailed with a security change: signs every session out
   * and takes the change back (the two-factor sign-in or passkey just added, a pending e-mail
   * change). Single use, expiring.
   */
  undo: { action: 'undo', access: 'public', rateLimit: 'verify' },
  /** Finish signing in with the authenticator's assertion: starts the session. */
  passkeySignin: { action: 'passkey/signin', access: 'public', rateLimit: 'passkeySignin' },
});
