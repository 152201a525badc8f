import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../appContext.js';
import type { Db } from '../../db/client.js';
import { inAppNotifications, users } from '../../db/schema.js';
import { recordNotification } from './inApp.js';
import { noticeMail, notices, type Notice } from './mails.js';
import {
  unsubscribeKey,
  unsubscribeToken,
  type NotificationCategory,
} from './unsubscribeTokens.js';

/** The path the one-click unsubscribe link points at (GET confirms, POST unsubscribes). */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

const keys = new WeakMap<object, Buffer>();
/** The signing key, derived once per configuration. */
export function keyOf(context: Pick<AppContext, 'config'>): Buffer {
  let key = keys.get(context.config);
  if (!key) {
    key = unsubscribeKey(context.config);
    keys.set(context.config, key);
  }
  return key;
}

export function unsubscribeUrl(
  context: Pick<AppContext, 'config'>,
  userId: string,
  category: NotificationCategory,
): string {
  const token = unsubscribeToken(keyOf(context), userId, category);
  return `${context.config.appOrigin}${UNSUBSCRIBE_PATH}/${token}`;
}

async function namesOf(db: Db, ids: string[]) {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      notifications: users.notifications,
    })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Queues one notification mail in the outbox (within `db`, the caller's transaction when it
 * has one) if the recipient's switch for the category is on and their address is verified.
 * `actorId` names who did it; the notice is built from their name. Answers whether it queued.
 */
export async function queueNotice(
  context: AppContext,
  db: Db,
  recipientId: string,
  category: NotificationCategory,
  actorId: string | null,
  build: (actorName: string) => Notice,
): Promise<boolean> {
  const people = await namesOf(db, actorId ? [recipientId, actorId] : [recipientId]);
  const recipient = people.get(recipientId);
  if (!recipient || !recipient.emailVerifiedAt || !recipient.notifications[category]) return false;
  const actorName = actorId ? (people.get(actorId)?.name ?? 'A curator') : '';
  await context.mailer.enqueue(
    db,
    noticeMail(
      recipient,
      category,
      build(actorName),
      unsubscribeUrl(context, recipientId, category),
    ),
  );
  return true;
}

/**
 * Writes the bell's entry for a notice (whatever the mail switches say), its text built from
 * the actor's name.
 */
async function withEntry(
  context: AppContext,
  db: Db,
  entry: {
    userId: string;
    kind: Parameters<typeof recordNotification>[2]['kind'];
    actorId: string | null;
    text: (actorName: string) => string;
    link: string;
  },
): Promise<void> {
  const actorName = entry.actorId
    ? ((await namesOf(db, [entry.actorId])).get(entry.actorId)?.name ?? 'A curator')
    : '';
  await recordNotification(context, db, { ...entry, text: entry.text(actorName) });
}

const link = (context: AppContext, path: string) => `${context.config.appOrigin}${path}`;

/** Someone sent `receiverId` a friend request (the friendRequests switch). */
export function notifyFriendRequest(
  context: AppContext,
  db: Db,
  request: { senderId: string; receiverId: string },
): Promise<boolean> {
  return withEntry(context, db, {
    userId: request.receiverId,
    kind: 'friendRequest',
    actorId: request.senderId,
    text: (name) => `${name} sent you a friend request`,
    link: `/discovery/profile/${request.senderId}`,
  }).then(() =>
    queueNotice(context, db, request.receiverId, 'friendRequests', request.senderId, (name) =>
      notices.friendRequest(name, link(context, `/discovery/profile/${request.senderId}`)),
    ),
  );
}

/**
 * An invitation `inviterId` sent was accepted by `inviteeId`, who is now their friend (the
 * friendRequests switch). For the invitations' invite/accept to call after it commits, or
 * with its transaction.
 */
export async function notifyInvitationAccepted(
  context: AppContext,
  db: Db,
  invitation: { inviterId: string; inviteeId: string },
): Promise<boolean> {
  await withEntry(context, db, {
    userId: invitation.inviterId,
    kind: 'invitationAccepted',
    actorId: invitation.inviteeId,
    text: (name) => `${name} accepted your invitation`,
    link: `/network/profile/${invitation.inviteeId}`,
  });
  return queueNotice(
    context,
    db,
    invitation.inviterId,
    'friendRequests',
    invitation.inviteeId,
    (name) =>
      notices.invitationAccepted(name, link(context, `/network/profile/${invitation.inviteeId}`)),
  );
}

/** `openerId` opened a swap with `recipientId` (the swaps switch). */
export async function notifySwapOpened(
  context: AppContext,
  db: Db,
  swap: { tradeId: string; openerId: string; recipientId: string; pitch: string | null },
): Promise<boolean> {
  await withEntry(context, db, {
    userId: swap.recipientId,
    kind: 'swapOpened',
    actorId: swap.openerId,
    text: (name) => `${name} opened a swap with you`,
    link: `/songswap/${swap.tradeId}`,
  });
  return queueNotice(context, db, swap.recipientId, 'swaps', swap.openerId, (name) =>
    notices.swapOpened(name, swap.pitch, link(context, `/songswap/${swap.tradeId}`)),
  );
}

/**
 * `closerId` declined (trader two, while pending) or deleted a swap with `recipientId`, with an
 * optional reason (the swaps switch). The swap is gone, so the mail links to the list.
 */
export function notifySwapClosed(
  context: AppContext,
  db: Db,
  swap: { closerId: string; recipientId: string; declined: boolean; reason: string | null },
): Promise<boolean> {
  return queueNotice(context, db, swap.recipientId, 'swaps', swap.closerId, (name) =>
    notices.swapClosed(name, swap.declined, swap.reason, link(context, '/songswap')),
  );
}

/** `accepterId` accepted the swap; `agreed`: both sides have now (the swaps switch). */
export async function notifySwapAccepted(
  context: AppContext,
  db: Db,
  swap: { tradeId: string; accepterId: string; recipientId: string; agreed: boolean },
): Promise<boolean> {
  await withEntry(context, db, {
    userId: swap.recipientId,
    kind: 'swapAccepted',
    actorId: swap.accepterId,
    text: (name) =>
      swap.agreed ? `${name} accepted your swap: it is on` : `${name} accepted a swap with you`,
    link: `/songswap/${swap.tradeId}`,
  });
  return queueNotice(context, db, swap.recipientId, 'swaps', swap.accepterId, (name) =>
    notices.swapAccepted(name, swap.agreed, link(context, `/songswap/${swap.tradeId}`)),
  );
}

/** The daily check found a swapped song gone from its playlist early (the swaps switch). */
export async function notifyPlacementRemovedEarly(
  context: AppContext,
  db: Db,
  removal: { tradeId: string; ownerId: string; detail: string },
): Promise<boolean> {
  await withEntry(context, db, {
    userId: removal.ownerId,
    kind: 'placementRemovedEarly',
    actorId: null,
    text: () => `A swapped song left a playlist early: ${removal.detail}`,
    link: `/songswap/${removal.tradeId}`,
  });
  return queueNotice(context, db, removal.ownerId, 'swaps', null, () =>
    notices.placementRemovedEarly(removal.detail, link(context, `/songswap/${removal.tradeId}`)),
  );
}

/**
 * One of the curator's own playlists turned Suspicious or Likely bought (docs/playlist-health.md;
 * the swaps switch, as the notice is about what partners will see).
 */
export function notifyPlaylistSuspicious(
  context: AppContext,
  db: Db,
  playlist: {
    ownerId: string;
    accountId: string;
    /** The playlist's Spotify id, as the playlist page's address has it. */
    spotifyId: string;
    name: string;
    label: string;
    evidence: readonly string[];
  },
): Promise<boolean> {
  return queueNotice(context, db, playlist.ownerId, 'swaps', null, () =>
    notices.playlistSuspicious(
      playlist.name,
      playlist.label,
      playlist.evidence,
      link(context, `/playlists/${playlist.accountId}/${playlist.spotifyId}`),
    ),
  );
}

/**
 * The bell's reminder on a swap period's last day: `ownerId` has not reported the streams of a
 * placed song of theirs; `partnerId` is the other trader. An entry only (the mail comes with
 * the completion, notifyStreamsNotReported).
 */
export function remindStreamsInBell(
  context: AppContext,
  db: Db,
  reminder: { tradeId: string; ownerId: string; partnerId: string; ended: boolean },
): Promise<void> {
  return withEntry(context, db, {
    userId: reminder.ownerId,
    kind: 'streamsReminder',
    actorId: reminder.partnerId,
    text: (name) =>
      `Your swap with ${name} ${reminder.ended ? 'has ended' : 'ends today'}: report the streams your songs got from it`,
    link: `/songswap/${reminder.tradeId}`,
  });
}

/**
 * A swap's period ended and `ownerId` has not reported the streams of a placed song of theirs
 * (the swaps switch); `partnerId` is the other trader.
 */
export function notifyStreamsNotReported(
  context: AppContext,
  db: Db,
  reminder: { tradeId: string; ownerId: string; partnerId: string },
): Promise<boolean> {
  return queueNotice(context, db, reminder.ownerId, 'swaps', reminder.partnerId, (name) =>
    notices.streamsReminder(name, link(context, `/songswap/${reminder.tradeId}`)),
  );
}

const SWAP_CHANGES = { songs: 'the songs', period: 'the period', startDay: 'the start day' };

/**
 * `changerId` changed a pending swap's songs or its period (or start day). No mail (no switch
 * covers it). While the recipient has an unread entry of this kind from the same curator for
 * the same swap, no second one is written: five songs added make one line, not five.
 */
export async function notifySwapChanged(
  context: AppContext,
  db: Db,
  swap: {
    tradeId: string;
    changerId: string;
    recipientId: string;
    what: 'songs' | 'period' | 'startDay';
  },
): Promise<void> {
  const path = `/songswap/${swap.tradeId}`;
  const [unread] = await db
    .select({ id: inAppNotifications.id })
    .from(inAppNotifications)
    .where(
      and(
        eq(inAppNotifications.userId, swap.recipientId),
        eq(inAppNotifications.kind, 'swapChanged'),
        eq(inAppNotifications.actorId, swap.changerId),
        eq(inAppNotifications.link, path),
        isNull(inAppNotifications.readAt),
      ),
    )
    .limit(1);
  if (unread) return;
  await withEntry(context, db, {
    userId: swap.recipientId,
    kind: 'swapChanged',
    actorId: swap.changerId,
    text: (name) => `${name} changed ${SWAP_CHANGES[swap.what]} of your swap`,
    link: path,
  });
}

/** `deciderId` approved or rejected `ownerId`'s song in a swap. No mail. */
export function notifySongDecided(
  context: AppContext,
  db: Db,
  decision: {
    tradeId: string;
    deciderId: string;
    ownerId: string;
    songTitle: string;
    approved: boolean;
  },
): Promise<void> {
  return withEntry(context, db, {
    userId: decision.ownerId,
    kind: decision.approved ? 'songApproved' : 'songRejected',
    actorId: decision.deciderId,
    text: (name) =>
      `${name} ${decision.approved ? 'approved' : 'rejected'} your song “${decision.songTitle}”`,
    link: `/songswap/${decision.tradeId}`,
  });
}

/** `accepterId` accepted the friend request `requesterId` had sent: they are friends. No mail. */
export function notifyFriendAccepted(
  context: AppContext,
  db: Db,
  friendship: { accepterId: string; requesterId: string },
): Promise<void> {
  return withEntry(context, db, {
    userId: friendship.requesterId,
    kind: 'friendAccepted',
    actorId: friendship.accepterId,
    text: (name) => `${name} accepted your friend request`,
    link: `/network/profile/${friendship.accepterId}`,
  });
}

/**
 * A plan or payment event of the curator's own (a plan bought, switched or ended, a payment
 * that failed): the bell's entry beside the billing mail, which billing queues itself.
 */
export function notifyPlanEvent(
  context: AppContext,
  db: Db,
  event: { userId: string; text: string; link: string },
): Promise<void> {
  return recordNotification(context, db, { ...event, kind: 'planEvent', actorId: null });
}

/** Turns one switch off (the unsubscribe link), in one statement; answers whether the user exists. */
export async function switchOff(
  db: Db,
  userId: string,
  category: NotificationCategory,
  now: Date,
): Promise<boolean> {
  const off = JSON.stringify({ [category]: false });
  const updated = await db
    .update(users)
    .set({ notifications: sql`${users.notifications} || ${off}::jsonb`, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return updated.length > 0;
}
