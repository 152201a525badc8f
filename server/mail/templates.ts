import type { MailMessage } from './mailer.js';

export const PRODUCT = 'Curator';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(paragraphs: string[], action: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
${body}
<p><a href="${escapeHtml(action.url)}" style="background:#4f46e5;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="color:#555;font-size:13px">Or open this link: ${escapeHtml(action.url)}</p>
</body></html>`;
}

/** A product mail: greeting paragraphs and one action link, as text and HTML. */
export function message(
  to: string,
  userId: string,
  subject: string,
  paragraphs: string[],
  action: { label: string; url: string },
): MailMessage {
  return {
    to,
    userId,
    subject,
    text: `${paragraphs.join('\n\n')}\n\n${action.label}: ${action.url}\n`,
    html: layout(paragraphs, action),
  };
}

export function verificationMail(
  to: string,
  userId: string,
  name: string,
  url: string,
): MailMessage {
  return message(
    to,
    userId,
    `Verify your e-mail address for ${PRODUCT}`,
    [
      `Hi ${name},`,
      `Welcome to ${PRODUCT}. Please confirm that this is your e-mail address. The link works for 48 hours.`,
    ],
    { label: 'Verify e-mail address', url },
  );
}

export function passwordResetMail(
  to: string,
  userId: string,
  name: string,
  url: string,
): MailMessage {
  return message(
    to,
    userId,
    `Reset your ${PRODUCT} password`,
    [
      `Hi ${name},`,
      'Someone asked to reset the password of your account. If it was you, choose a new password with the link below; it works for one hour. If it was not you, ignore this mail: your password stays as it is.',
    ],
    { label: 'Choose a new password', url },
  );
}

/** Sent when someone signs up with an address that already has an account. */
export function accountExistsMail(
  to: string,
  userId: string,
  name: string,
  url: string,
): MailMessage {
  return message(
    to,
    userId,
    `You already have a ${PRODUCT} account`,
    [
      `Hi ${name},`,
      'Someone tried to create an account with this e-mail address, but you already have one. If that was you, sign in, or reset your password if you have forgotten it. If it was not you, you can ignore this mail.',
    ],
    { label: 'Sign in', url },
  );
}

/** Sent after a password reset, so the owner learns of a reset they did not ask for. */
export function passwordResetDoneMail(
  to: string,
  userId: string,
  name: string,
  url: string,
): MailMessage {
  return message(
    to,
    userId,
    `Your ${PRODUCT} password was changed`,
    [
      `Hi ${name},`,
      'The password of your account was just reset with a link we mailed you, and every device was signed out. If it was you, there is nothing more to do. If it was not you, choose a new password now and check your mailbox security.',
    ],
    { label: 'Reset the password', url },
  );
}

/** Sent to the new address of an e-mail change: the address changes once the link is opened. */
export function emailChangeMail(
  to: string,
  userId: string,
  name: string,
  url: string,
): MailMessage {
  return message(
    to,
    userId,
    `Confirm your new e-mail address for ${PRODUCT}`,
    [
      `Hi ${name},`,
      `You asked to use this address for your ${PRODUCT} account. Open the link below to confirm it; until then your account keeps its current address. The link works for 48 hours. If it was not you, ignore this mail.`,
    ],
    { label: 'Confirm new e-mail address', url },
  );
}

/**
 * Sent instead of a confirmation when the address asked for already has an account: the one
 * asking is told the same as for a free address, so nothing about the address is revealed.
 */
export function emailInUseMail(to: string, userId: string, name: string, url: string): MailMessage {
  return message(
    to,
    userId,
    `Someone tried to move a ${PRODUCT} account to this address`,
    [
      `Hi ${name},`,
      `Someone asked to change the e-mail address of a ${PRODUCT} account to this one, but this address already has an account, so nothing changed. If it was you, sign in with this address instead. If it was not you, you can ignore this mail.`,
    ],
    { label: 'Sign in', url },
  );
}

/** Sent after a password change, which ended every other session. */
export function passwordChangedMail(
  to: string,
  userId: string,
  name: string,
  url: string,
): MailMessage {
  return message(
    to,
    userId,
    `Your ${PRODUCT} password was changed`,
    [
      `Hi ${name},`,
      `The password of your ${PRODUCT} account was just changed, and every other device was signed out. If it was not you, reset your password now.`,
    ],
    { label: 'Reset your password', url },
  );
}
