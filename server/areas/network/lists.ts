/** The network's keyset-paginated lists: friends, pending requests, blocked curators. */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Friend, FriendRequest } from '../../../common/api/users/schemas.js';
import type { AppContext } from '../../appContext.js';
import type { Db } from '../../db/client.js';
import {
  blocks,
  friendGroupMembers,
  friendGroups,
  friendRequests,
  friendships,
  users,
} from '../../db/schema.js';
import { decodeCursor, encodeCursor, type TimeCursor } from '../../lib/timeCursor.js';
import { presentCurator } from './presenter.js';
import { requestsReceivedCount } from './relations.js';

interface Page {
  cursor?: string | undefined;
  limit: number;
}

/** `%text%` for ILIKE, with the pattern characters of the search taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

function nextCursorOf<Row>(
  rows: Row[],
  limit: number,
  key: (row: Row) => { at: Date; id: string },
): string | null {
  if (rows.length <= limit) return null;
  return encodeCursor(key(rows[limit - 1]!));
}

interface FriendsFilter {
  query?: string | undefined;
  groupId?: string | undefined;
}

/**
 * A page of friends (one more row than `limit`), newest friendship first, read backwards from
 * friendships_user_since_idx from the cursor; the name search and the group filter only filter
 * that walk, never sort the friends.
 */
export function friendsPageQuery(
  db: Db,
  userId: string,
  after: TimeCursor | null,
  input: FriendsFilter & { limit: number },
) {
  const conditions: SQL[] = [eq(friendships.userId, userId)];
  if (after)
    conditions.push(
      sql`(${friendships.createdAt}, ${friendships.friendId}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`,
    );
  // The name is read per friendship walked (a scalar subquery is never turned into a join): the
  // friends stay read in index order and only filtered, instead of the planner searching all
  // curators' names first and sorting the matches.
  if (input.query) {
    const friendName = db
      .select({ name: sql`${users.name}`.as('friend_name') })
      .from(users)
      .where(eq(users.id, friendships.friendId));
    conditions.push(sql`(${friendName}) ilike ${containing(input.query)}`);
  }
  if (input.groupId) {
    const inGroup = db
      .select({ friendId: friendGroupMembers.friendId })
      .from(friendGroupMembers)
      .innerJoin(friendGroups, eq(friendGroups.id, friendGroupMembers.groupId))
      .where(and(eq(friendGroups.id, input.groupId), eq(friendGroups.ownerId, userId)));
    conditions.push(inArray(friendships.friendId, inGroup));
  }
  return db
    .select({
      id: users.id,
      name: users.name,
      pictureId: users.pictureId,
      description: users.description,
      network: users.network,
      since: friendships.createdAt,
    })
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .where(and(...conditions))
    .orderBy(desc(friendships.createdAt), desc(friendships.friendId))
    .limit(input.limit + 1);
}

/** Friends, newest friendship first (index friendships_user_since_idx), with name search. */
export async function listFriends(
  context: AppContext,
  userId: string,
  input: Page & FriendsFilter,
): Promise<{ friends: Friend[]; nextCursor: string | null }> {
  const rows = await friendsPageQuery(context.db, userId, decodeCursor(input.cursor), input);
  const page = rows.slice(0, input.limit);
  const memberships =
    page.length === 0
      ? []
      : await context.db
          .select({ groupId: friendGroupMembers.groupId, friendId: friendGroupMembers.friendId })
          .from(friendGroupMembers)
          .innerJoin(friendGroups, eq(friendGroups.id, friendGroupMembers.groupId))
          .where(
            and(
              eq(friendGroups.ownerId, userId),
              inArray(
                friendGroupMembers.friendId,
                page.map((row) => row.id),
              ),
            ),
          );
  return {
    friends: page.map((row) => ({
      ...presentCurator(row),
      description: row.description,
      network: row.network,
      friendsSince: row.since.toISOString(),
      groupIds: memberships.filter((m) => m.friendId === row.id).map((m) => m.groupId),
    })),
    nextCursor: nextCursorOf(rows, input.limit, (row) => ({ at: row.since, id: row.id })),
  };
}

/** A page of pending requests (one more row than `limit`), newest first, from friend_requests_*_idx. */
export function requestsPageQuery(
  db: Db,
  userId: string,
  after: TimeCursor | null,
  input: { direction: 'received' | 'sent'; limit: number },
) {
  const received = input.direction === 'received';
  const mine = received ? friendRequests.receiverId : friendRequests.senderId;
  const other = received ? friendRequests.senderId : friendRequests.receiverId;
  const conditions: SQL[] = [eq(mine, userId)];
  if (after)
    conditions.push(
      sql`(${friendRequests.createdAt}, ${other}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`,
    );
  return db
    .select({
      id: users.id,
      name: users.name,
      pictureId: users.pictureId,
      createdAt: friendRequests.createdAt,
    })
    .from(friendRequests)
    .innerJoin(users, eq(users.id, other))
    .where(and(...conditions))
    .orderBy(desc(friendRequests.createdAt), desc(other))
    .limit(input.limit + 1);
}

/** Pending requests received or sent, newest first (friend_requests_*_idx). */
export async function listRequests(
  context: AppContext,
  userId: string,
  input: Page & { direction: 'received' | 'sent' },
): Promise<{ requests: FriendRequest[]; nextCursor: string | null; requestsReceived: number }> {
  const rows = await requestsPageQuery(context.db, userId, decodeCursor(input.cursor), input);
  return {
    requests: rows.slice(0, input.limit).map((row) => ({
      user: presentCurator(row),
      direction: input.direction,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor: nextCursorOf(rows, input.limit, (row) => ({ at: row.createdAt, id: row.id })),
    requestsReceived: await requestsReceivedCount(context.db, userId),
  };
}

/** A page of the curators the caller blocked (one more row than `limit`), newest first. */
export function blockedPageQuery(
  db: Db,
  userId: string,
  after: TimeCursor | null,
  input: { limit: number },
) {
  const conditions: SQL[] = [eq(blocks.blockerId, userId)];
  if (after)
    conditions.push(
      sql`(${blocks.createdAt}, ${blocks.blockedId}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`,
    );
  return db
    .select({
      id: users.id,
      name: users.name,
      pictureId: users.pictureId,
      blockedAt: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(and(...conditions))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(input.limit + 1);
}

/** The curators the caller blocked, newest first (blocks_blocker_created_idx). */
export async function listBlocked(context: AppContext, userId: string, input: Page) {
  const rows = await blockedPageQuery(context.db, userId, decodeCursor(input.cursor), input);
  return {
    blocked: rows
      .slice(0, input.limit)
      .map((row) => ({ ...presentCurator(row), blockedAt: row.blockedAt.toISOString() })),
    nextCursor: nextCursorOf(rows, input.limit, (row) => ({ at: row.blockedAt, id: row.id })),
  };
}
