import type { MailMessage } from '../../mail/mailer.js';
import { message, PRODUCT } from '../../mail/templates.js';

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

/** Sent when a passkey is added or removed: a passkey signs in without the password. */
export function passkeyChangedMail(
  user: { email: string; id: string; name: string },
  passkeyName: string,
  added: boolean,
  securityUrl: string,
): MailMessage {
  return message(
    user.email,
    user.id,
    added
      ? 'A passkey was added to your Curator account'
      : 'A passkey was removed from your Curator account',
    [
      `Hi ${user.name},`,
      added
        ? `The passkey "${passkeyName}" was just added: it signs in to your account without your password. If it was not you, remove it, change your password and sign out your other sessions.`
        : `The passkey "${passkeyName}" was just removed: it no longer signs in to your account. If it was not you, change your password and review your passkeys.`,
    ],
    { label: 'Review your account security', url: securityUrl },
  );
}

/** "23 November 2026, 17:45 UTC": the mail does not know the reader's time zone, so it says UTC. */
export function mailTime(at: Date): string {
  const date = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(at);
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(at);
  return `${date}, ${time} UTC`;
}

/** Sent when the account is signed in to from a device it has not seen lately (docs/security.md). */
export function newSignInMail(
  to: string,
  userId: string,
  name: string,
  signIn: { device: string; ip: string; at: Date },
  securityUrl: string,
): MailMessage {
  return message(
    to,
    userId,
    `New sign-in to your ${PRODUCT} account`,
    [
      `Hi ${name},`,
      `Your ${PRODUCT} account was just signed in to from a device it has not seen lately.`,
      `Device: ${signIn.device}`,
      `IP address: ${signIn.ip}`,
      `Time: ${mailTime(signIn.at)}`,
      'If this was you, there is nothing to do. If it was not, sign out the other sessions in your account’s security section and change your password.',
    ],
    { label: 'Review your sessions', url: securityUrl },
  );
}
