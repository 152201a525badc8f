import type { AppContext } from '../../appContext.js';
import type { Db } from '../../db/client.js';
import type { MailMessage } from '../../mail/mailer.js';
import { message, PRODUCT } from '../../mail/templates.js';
import { issueUndoLink, UNDO_LINK_DAYS } from './undo.js';

/** The label of the link that takes a security change back (security/undo). */
export const UNDO_LABEL = 'This was not me: undo it';

/**
 * Sent when two-factor sign-in is turned on or off, so an intruder's change does not go unseen.
 * Turning it on carries the undo link (`undoUrl`): someone else's enrolment would lock the
 * owner out.
 */
export function twoFactorChangedMail(
  to: string,
  userId: string,
  name: string,
  turnedOn: boolean,
  securityUrl: string,
  undoUrl?: string,
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
      ...(undoUrl
        ? [
            `If it was not you, open the link below within ${UNDO_LINK_DAYS} days: it signs out every session and turns two-factor sign-in off again. Then change your password.`,
          ]
        : []),
    ],
    undoUrl
      ? { label: UNDO_LABEL, url: undoUrl }
      : { label: 'Review your account security', url: securityUrl },
  );
}

/** Sent when every other session was signed out, with the link that signs out this one too. */
export function otherSessionsEndedMail(
  user: { email: string; id: string; name: string },
  ended: number,
  undoUrl: string,
): MailMessage {
  return message(
    user.email,
    user.id,
    `Your other ${PRODUCT} sessions were signed out`,
    [
      `Hi ${user.name},`,
      `${ended === 1 ? 'One session' : `${ended} sessions`} of your ${PRODUCT} account ${ended === 1 ? 'was' : 'were'} just signed out from another device, which stays signed in.`,
      `If it was not you, open the link below within ${UNDO_LINK_DAYS} days: it signs out every session, that device's too. Then reset your password.`,
    ],
    { label: UNDO_LABEL, url: undoUrl },
  );
}

/**
 * Sent to the current address when a change of address is asked (the new address gets the
 * confirmation link), and again once it is done: the undo link cancels it or puts the address
 * back, and signs every session out.
 */
export function emailChangeNoticeMail(
  user: { email: string; id: string; name: string },
  newAddress: string,
  done: boolean,
  undoUrl: string,
): MailMessage {
  return message(
    user.email,
    user.id,
    done
      ? `Your ${PRODUCT} e-mail address was changed`
      : `A new e-mail address was asked for your ${PRODUCT} account`,
    [
      `Hi ${user.name},`,
      done
        ? `The e-mail address of your ${PRODUCT} account is now ${newAddress}; this address no longer signs in.`
        : `Someone signed in to your ${PRODUCT} account asked to change its e-mail address to ${newAddress}. Nothing changes until the link mailed there is opened.`,
      `If it was not you, open the link below within ${UNDO_LINK_DAYS} days: it ${done ? 'puts this address back' : 'cancels the change'} and signs out every session. Then reset your password.`,
    ],
    { label: UNDO_LABEL, url: undoUrl },
  );
}

/** Sent when a passkey is added or removed: a passkey signs in without the password. */
export function passkeyChangedMail(
  user: { email: string; id: string; name: string },
  passkeyName: string,
  added: boolean,
  securityUrl: string,
  undoUrl?: string,
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
        ? `The passkey "${passkeyName}" was just added: it signs in to your account without your password.`
        : `The passkey "${passkeyName}" was just removed: it no longer signs in to your account. If it was not you, change your password and review your passkeys.`,
      ...(added && undoUrl
        ? [
            `If it was not you, open the link below within ${UNDO_LINK_DAYS} days: it removes this passkey and signs out every session. Then change your password.`,
          ]
        : []),
    ],
    added && undoUrl
      ? { label: UNDO_LABEL, url: undoUrl }
      : { label: 'Review your account security', url: securityUrl },
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

/**
 * Tells the account's current address of an e-mail change (asked, or done), with a link that
 * cancels it or puts the address back. In the change's transaction.
 */
export async function noticeOfEmailChange(
  context: AppContext,
  db: Db,
  user: { id: string; email: string; name: string },
  newAddress: string,
  done: boolean,
): Promise<void> {
  const link = await issueUndoLink(context, db, user.id, 'email', { previousEmail: user.email });
  await context.mailer.enqueue(db, emailChangeNoticeMail(user, newAddress, done, link));
}
