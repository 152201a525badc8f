import type * as schemas from './schemas.js';
import { actionTable } from '../contract.js';

/** Recovery codes issued when two-factor sign-in is turned on; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the second step of a sign-in may be tried after the password was right. */
export const PENDING_SIGNIN_MINUTES = 5;
/** The most sessions the list shows (newest first); a user rarely has more than a handful. */
export const SESSIONS_LIST_MAX = 50;

/**
 * Account security (docs/security.md, Two-factor and sessions): the caller's sessions,
 * TOTP two-factor sign-in and its second step.
 */
export const securityActions = actionTable<typeof schemas>()('security', {
  /** The caller's live sessions (device, IP, last seen), newest first; the caller's marked. */
  sessions: { action: 'sessions', access: 'user' },
  /** End one of the caller's sessions (its sockets close at once). */
  sessionEnd: { action: 'session/end', access: 'user' },
  /** End every session of the caller but this one. */
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
});
