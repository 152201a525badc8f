import type { MailMessage } from './mailer.js';

const PRODUCT = 'Curator';

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

function message(
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
