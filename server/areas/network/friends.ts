/**
 * Friend requests and friendships (docs/network.md). Every
 * transition runs in one transaction holding both users' rows, so two curators requesting
 * each other at once end as friends, never as two crossed requests.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Relation } from '../../../common/api/users/schemas.js';
import type { FriendRequestChangedPayload } from '../../../common/realtime/events.js';
import type { AppContext } from '../../appContext.js';
import type { Db } from '../../db/client.js';
import {
  blocks,
  conversations,
  friendGroupMembers,
  friendGroups,
  friendRequests,
  friendships,
  users,
} from '../../db/schema.js';
import type { ClientInfo } from '../../identity/index.js';
import { conflict, validationFailed } from '../../lib/apiError.js';
import { recordActivity } from '../activity/index.js';
import { notifyFriendAccepted, notifyFriendRequest } from '../notifications/index.js';
import {
  areFriends,
  hasBlocked,
  hasPendingRequest,
  requestsReceivedCount,
  visibleCurator,
} from './relations.js';

type Change = FriendRequestChangedPayload['request']['change'];

export interface RelationChange {
  userId: string;
  relation: Relation;
}

function notYourself(userId: string, otherId: string): void {
  if (userId === otherId) throw validationFailed({ userId: 'Choose another curator' });
}

/** Holds both users' rows for the transaction, in id order (no deadlock between the two). */
export async function lockPair(tx: Db, one: string, two: string): Promise<void> {
  await tx.execute(
    sql`select id from ${users} where id in (${one}, ${two}) order by id for update`,
  );
}

/** Friends on both sides, the pending requests between them gone. */
export async function befriend(tx: Db, one: string, two: string, now: Date): Promise<void> {
  await deleteRequestsBetween(tx, one, two);
  await tx
    .insert(friendships)
    .values([
      { userId: one, friendId: two, createdAt: now },
      { userId: two, friendId: one, createdAt: now },
    ])
    .onConflictDoNothing();
}

async function deleteRequestsBetween(tx: Db, one: string, two: string): Promise<void> {
  await tx
    .delete(friendRequests)
    .where(
      or(
        and(eq(friendRequests.senderId, one), eq(friendRequests.receiverId, two)),
        and(eq(friendRequests.senderId, two), eq(friendRequests.receiverId, one)),
      ),
    );
}

/** Ends the friendship on both sides and takes each out of the other's groups. */
async function unfriend(tx: Db, one: string, two: string): Promise<void> {
  await tx
    .delete(friendships)
    .where(
      or(
        and(eq(friendships.userId, one), eq(friendships.friendId, two)),
        and(eq(friendships.userId, two), eq(friendships.friendId, one)),
      ),
    );
  for (const [owner, member] of [
    [one, two],
    [two, one],
  ] as const) {
    const ownerGroups = tx
      .select({ id: friendGroups.id })
      .from(friendGroups)
      .where(eq(friendGroups.ownerId, owner));
    await tx
      .delete(friendGroupMembers)
      .where(
        and(
          eq(friendGroupMembers.friendId, member),
          inArray(friendGroupMembers.groupId, ownerGroups),
        ),
      );
  }
}

/** Tells the other curator (every socket of theirs) how they now stand with the actor. */
export async function pushChange(
  context: AppContext,
  actorId: string,
  recipientId: string,
  change: Change,
  relation: Relation,
): Promise<void> {
  context.realtime.toUser(recipientId, 'FriendRequestChanged', {
    request: { userId: actorId, change },
    response: { relation, requestsReceived: await requestsReceivedCount(context.db, recipientId) },
  });
}

/**
 * Sends a friend request. To someone who already requested the caller it makes them friends;
 * sending again is harmless. Refused: friends already (409), a curator the caller blocked
 * (409, unblock first), an unknown curator or one who blocked the caller (404, alike).
 */
export async function sendRequest(
  context: AppContext,
  userId: string,
  otherId: string,
): Promise<RelationChange> {
  notYourself(userId, otherId);
  await visibleCurator(context.db, userId, otherId);
  // Every instance counts together (docs/abuse-limits.md): requests cannot be sprayed.
  await context.rateLimits.consumeUser('friendRequest', userId);
  const now = context.clock.now();
  const relation = await context.db.transaction(async (tx): Promise<Relation> => {
    await lockPair(tx, userId, otherId);
    if (await hasBlocked(tx, userId, otherId))
      throw conflict('You blocked this curator; unblock them first.');
    if (await areFriends(tx, userId, otherId)) throw conflict('You are friends already.');
    if (await hasPendingRequest(tx, otherId, userId)) {
      await befriend(tx, userId, otherId, now);
      await notifyFriendAccepted(context, tx, { accepterId: userId, requesterId: otherId });
      return 'friend';
    }
    const [sent] = await tx
      .insert(friendRequests)
      .values({ senderId: userId, receiverId: otherId, createdAt: now })
      .onConflictDoNothing()
      .returning({ senderId: friendRequests.senderId });
    if (sent) await notifyFriendRequest(context, tx, { senderId: userId, receiverId: otherId });
    return 'requestSent';
  });
  if (relation === 'friend') await pushChange(context, userId, otherId, 'accepted', 'friend');
  else await pushChange(context, userId, otherId, 'sent', 'requestReceived');
  return { userId: otherId, relation };
}

/** Withdraws the caller's pending request; 409 when there is none (answered or cancelled). */
export async function cancelRequest(
  context: AppContext,
  userId: string,
  otherId: string,
): Promise<RelationChange> {
  notYourself(userId, otherId);
  await visibleCurator(context.db, userId, otherId);
  const deleted = await context.db
    .delete(friendRequests)
    .where(and(eq(friendRequests.senderId, userId), eq(friendRequests.receiverId, otherId)))
    .returning({ senderId: friendRequests.senderId });
  if (deleted.length === 0) throw conflict('There is no pending request to cancel.');
  await pushChange(context, userId, otherId, 'cancelled', 'none');
  return { userId: otherId, relation: 'none' };
}

/** Accepts (friends) or rejects a request the caller received; 409 when none is pending. */
export async function answerRequest(
  context: AppContext,
  userId: string,
  otherId: string,
  accept: boolean,
): Promise<RelationChange> {
  notYourself(userId, otherId);
  await visibleCurator(context.db, userId, otherId);
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    await lockPair(tx, userId, otherId);
    if (!(await hasPendingRequest(tx, otherId, userId)))
      throw conflict('There is no pending request from this curator.');
    if (accept) {
      await befriend(tx, userId, otherId, now);
      await notifyFriendAccepted(context, tx, { accepterId: userId, requesterId: otherId });
    } else await deleteRequestsBetween(tx, userId, otherId);
  });
  const relation: Relation = accept ? 'friend' : 'none';
  await pushChange(context, userId, otherId, accept ? 'accepted' : 'rejected', relation);
  return { userId: otherId, relation };
}

/**
 * Ends a friendship on both sides: each leaves the other's groups, and the caller's activity
 * list records "remove friend". 409 when they are not friends.
 */
export async function removeFriend(
  context: AppContext,
  userId: string,
  otherId: string,
  client: ClientInfo,
): Promise<RelationChange> {
  notYourself(userId, otherId);
  await visibleCurator(context.db, userId, otherId);
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    await lockPair(tx, userId, otherId);
    if (!(await areFriends(tx, userId, otherId))) throw conflict('You are not friends.');
    await unfriend(tx, userId, otherId);
    await recordActivity(tx, userId, 'remove friend', client, now);
  });
  await pushChange(context, userId, otherId, 'removed', 'none');
  return { userId: otherId, relation: 'none' };
}

/**
 * Blocks a curator: requests both ways and the friendship end, and from now on nothing passes
 * between them. The blocked curator is told nothing: the blocker leaves every list of theirs
 * and reads as unknown (db/blockVisibility.ts); their conversation leaves the blocked one's list, and
 * its unread messages the badge (the read mark stays, so the blocker sees nothing read); each
 * who saw the other online hears they went offline. Blocking again is harmless.
 */
export async function block(
  context: AppContext,
  userId: string,
  otherId: string,
): Promise<RelationChange> {
  notYourself(userId, otherId);
  await visibleCurator(context.db, userId, otherId);
  const now = context.clock.now();
  await context.realtime.hidePresenceBetween(userId, otherId, () =>
    context.db.transaction(async (tx) => {
      await lockPair(tx, userId, otherId);
      await deleteRequestsBetween(tx, userId, otherId);
      await unfriend(tx, userId, otherId);
      await tx
        .insert(blocks)
        .values({ blockerId: userId, blockedId: otherId, createdAt: now })
        .onConflictDoNothing();
      // Conversations store their sides in id order (messenger's pairOf).
      const blockedIsOne = otherId < userId;
      await tx
        .update(conversations)
        .set(blockedIsOne ? { userOneUnread: 0 } : { userTwoUnread: 0 })
        .where(
          and(
            eq(conversations.userOneId, blockedIsOne ? otherId : userId),
            eq(conversations.userTwoId, blockedIsOne ? userId : otherId),
          ),
        );
    }),
  );
  return { userId: otherId, relation: 'blocked' };
}

/** Lifts the caller's block (harmless when there is none); they are strangers again. */
export async function unblock(
  context: AppContext,
  userId: string,
  otherId: string,
): Promise<RelationChange> {
  notYourself(userId, otherId);
  await visibleCurator(context.db, userId, otherId);
  await context.db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, userId), eq(blocks.blockedId, otherId)));
  return { userId: otherId, relation: 'none' };
}
