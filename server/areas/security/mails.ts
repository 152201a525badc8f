import type { MailMessage } from '../../mail/mailer.js';
import { message } from '../../mail/templates.js';

/** Sent when two-factor sign-in is turned on or off, so an intruder's change does not go unseen. */
export function twoFactorChangedMail(
  to: string,
  userId: string,
  name: string,
  turnedOn: boolean,
  securityUrl: string,
): MailMessage {
  return message(
    to,
    userId,
    turnedOn
      ? 'Two-factor sign-in is on for your Curator account'
      : 'Two-factor sign-in was turned off for your Curator account',
    [
      `Hi ${name},`,
      turnedOn
        ? 'Two-factor sign-in was just turned on: signing in now asks for a code from your authenticator app. Keep your recovery codes somewhere safe.'
        : 'Two-factor sign-in was just turned off: signing in asks for your password only. If it was not you, change your password and turn two-factor sign-in back on.',
    ],
    { label: 'Review your account security', url: securityUrl },
  );
}
