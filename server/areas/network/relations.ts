import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Relation } from '../../../common/api/users/schemas.js';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/preparedOnce.js';
import { blocks, friendRequests, friendships, users } from '../../db/schema.js';
import { notFound } from '../../lib/apiError.js';
import { visibleTo } from '../../db/blockVisibility.js';

/** The neutral refusal: an unknown curator and one who blocked the caller look the same. */
export const unknownCurator = () => notFound('No such curator.');

/** Did `blockerId` block `blockedId`? */
export async function hasBlocked(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
  return row !== undefined;
}

/** Is there a block between the two, either way (for messenger and trades refusals)? */
export async function isBlockedBetween(db: Db, one: string, two: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, one), eq(blocks.blockedId, two)),
        and(eq(blocks.blockerId, two), eq(blocks.blockedId, one)),
      ),
    );
  return row !== undefined;
}

/**
 * The other curator as the caller may see them: an existing user who has not blocked the
 * caller. Otherwise 404, alike for both.
 */
export async function visibleCurator(db: Db, viewerId: string, otherId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, pictureId: users.pictureId })
    .from(users)
    .where(and(eq(users.id, otherId), visibleTo(viewerId, users.id)));
  if (!row) throw unknownCurator();
  return row;
}

export async function areFriends(db: Db, userId: string, otherId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(friendships)
    .where(and(eq(friendships.userId, userId), eq(friendships.friendId, otherId)));
  return row !== undefined;
}

/** The friends of `userId`, or those of them among `ids` when given. */
export async function friendIdsOf(
  db: Db,
  userId: string,
  among?: readonly string[],
): Promise<string[]> {
  if (among?.length === 0) return [];
  const rows = await db
    .select({ id: friendships.friendId })
    .from(friendships)
    .where(
      and(
        eq(friendships.userId, userId),
        among ? inArray(friendships.friendId, [...among]) : undefined,
      ),
    );
  return rows.map((row) => row.id);
}

export async function hasPendingRequest(
  db: Db,
  senderId: string,
  receiverId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(friendRequests)
    .where(and(eq(friendRequests.senderId, senderId), eq(friendRequests.receiverId, receiverId)));
  return row !== undefined;
}

/** How the viewer stands with another curator (who has not blocked the viewer). */
export async function relationOf(db: Db, viewerId: string, otherId: string): Promise<Relation> {
  if (viewerId === otherId) return 'self';
  if (await hasBlocked(db, viewerId, otherId)) return 'blocked';
  if (await areFriends(db, viewerId, otherId)) return 'friend';
  if (await hasPendingRequest(db, viewerId, otherId)) return 'requestSent';
  if (await hasPendingRequest(db, otherId, viewerId)) return 'requestReceived';
  return 'none';
}

/** Pending requests the user received: the Discovery badge. */
export async function requestsReceivedCount(db: Db, userId: string): Promise<number> {
  const [row] = await preparedRequestsReceived(db).execute({ userId });
  return row?.n ?? 0;
}

/** Asked with every network list and Discovery page, so a named prepared statement. */
const preparedRequestsReceived = preparedOnce((db) =>
  db
    .select({ n: count() })
    .from(friendRequests)
    .where(eq(friendRequests.receiverId, sql.placeholder('userId')))
    .prepare('friend_requests_received'),
);
