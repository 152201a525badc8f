import type { MailMessage } from '../../mail/mailer.js';
import { message, PRODUCT } from '../../mail/templates.js';

/** The invitation mailed to the address the inviter gave (the link is the only secret). */
export function invitationMail(
  to: string,
  inviter: { id: string; name: string },
  url: string,
  validDays: number,
): MailMessage {
  return message(
    to,
    inviter.id,
    `${inviter.name} invited you to ${PRODUCT}`,
    [
      'Hi,',
      `${inviter.name} invited you to ${PRODUCT}, where playlist curators swap songs between their playlists. Open the link to create your account (or sign in) and become friends.`,
      `The link works once and for ${validDays} days. If you do not know ${inviter.name}, you can ignore this mail.`,
    ],
    { label: 'Open the invitation', url },
  );
}
