import type { MailMessage } from '../../mail/mailer.js';
import { message } from '../../mail/templates.js';
import type { NotificationCategory } from './unsubscribeTokens.js';

const PRODUCT = 'Curator';

/** What each category's switch is called in the profile, for the mail's footer. */
export const CATEGORY_LABELS: Record<NotificationCategory, string> = {
  swaps: 'song swaps',
  messages: 'messages',
  friendRequests: 'friend requests',
};

export interface Notice {
  subject: string;
  paragraphs: string[];
  action: { label: string; url: string };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A notification mail: the product's layout plus a footer with the one-click unsubscribe link. */
export function noticeMail(
  recipient: { email: string; id: string; name: string },
  category: NotificationCategory,
  notice: Notice,
  unsubscribeUrl: string,
): MailMessage {
  const base = message(
    recipient.email,
    recipient.id,
    notice.subject,
    [`Hi ${recipient.name},`, ...notice.paragraphs],
    notice.action,
  );
  const footer = `You get this because e-mails about ${CATEGORY_LABELS[category]} are on in your ${PRODUCT} profile.`;
  return {
    ...base,
    text: `${base.text}\n--\n${footer}\nUnsubscribe: ${unsubscribeUrl}\n`,
    html: base.html.replace(
      '</body>',
      `<p style="color:#555;font-size:12px">${escapeHtml(footer)} <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>\n</body>`,
    ),
    unsubscribeUrl,
  };
}

export const notices = {
  friendRequest: (sender: string, url: string): Notice => ({
    subject: `${sender} sent you a friend request on ${PRODUCT}`,
    paragraphs: [
      `${sender} would like to be friends on ${PRODUCT}. Accept or decline on their profile.`,
    ],
    action: { label: 'Open the request', url },
  }),
  invitationAccepted: (invitee: string, url: string): Notice => ({
    subject: `${invitee} accepted your invitation to ${PRODUCT}`,
    paragraphs: [`${invitee} joined ${PRODUCT} with your invitation. You are now friends.`],
    action: { label: `See ${invitee}’s profile`, url },
  }),
  swapOpened: (opener: string, pitch: string | null, url: string): Notice => ({
    subject: `${opener} opened a song swap with you`,
    paragraphs: [
      `${opener} opened a song swap with you on ${PRODUCT}. Look at the songs and accept it, or change it.`,
      ...(pitch ? [`${opener} wrote: “${pitch}”`] : []),
    ],
    action: { label: 'Open the swap', url },
  }),
  swapClosed: (closer: string, declined: boolean, reason: string | null, url: string): Notice => ({
    subject: declined
      ? `${closer} declined your song swap`
      : `${closer} deleted a song swap with you`,
    paragraphs: [
      declined
        ? `${closer} declined the song swap you opened with them on ${PRODUCT}.`
        : `${closer} deleted your song swap with them on ${PRODUCT} before it started.`,
      reason ? `Their reason: “${reason}”` : 'They gave no reason.',
    ],
    action: { label: 'Open your song swaps', url },
  }),
  swapAccepted: (accepter: string, agreed: boolean, url: string): Notice => ({
    subject: `${accepter} accepted your song swap`,
    paragraphs: [
      agreed
        ? `${accepter} accepted your song swap. You have both accepted, so the swap is on.`
        : `${accepter} accepted your song swap. Accept it too to start it.`,
    ],
    action: { label: 'Open the swap', url },
  }),
  placementRemovedEarly: (detail: string, url: string): Notice => ({
    subject: 'A swapped song left a playlist early',
    paragraphs: [detail],
    action: { label: 'Open the swap', url },
  }),
  playlistSuspicious: (
    playlist: string,
    label: string,
    evidence: readonly string[],
    url: string,
  ): Notice => ({
    subject: `Your playlist ${playlist} looks ${label === 'Likely bought' ? 'bought' : 'suspicious'}`,
    paragraphs: [
      `Its follower history now reads ${label}: someone may be botting it. What we saw:`,
      ...evidence.map((line) => `- ${line}`),
    ],
    action: { label: 'Open the playlist', url },
  }),
  streamsReminder: (partner: string, url: string): Notice => ({
    subject: 'Your swap has ended: report your streams',
    paragraphs: [
      `Your swap with ${partner} reached its last day. Report the streams your songs got from it, so the swap's outcome report is complete.`,
    ],
    action: { label: 'Report streams', url },
  }),
  unreadMessages: (sender: string, count: number, url: string): Notice => ({
    subject: `${sender} wrote to you on ${PRODUCT}`,
    paragraphs: [
      count === 1
        ? `${sender} sent you a message you have not read yet.`
        : `${sender} sent you ${count} messages you have not read yet.`,
    ],
    action: { label: 'Read and reply', url },
  }),
};
