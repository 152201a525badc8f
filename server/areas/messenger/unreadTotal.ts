import { and, count, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/preparedOnce.js';
import { conversations } from '../../db/schema.js';

/**
 * How many conversations have unread messages for each of `userIds` (the sidebar's Messenger
 * badge, spec section 2 conversationsWithUnreadCount), whatever page of the list is loaded.
 * Counted from the maintained per-side counters, never from messages: each side's partial
 * index (conversations_user_*_unread_idx, only rows with unread) is read index-only, so the
 * count costs as much as the conversations with unread, not the user's conversations or
 * messages. One statement for both sides and every user asked about.
 */
export function conversationsWithUnreadQuery(db: Db, userIds: readonly string[]) {
  return unreadCounts(db, (mine) => inArray(mine, [...userIds]));
}

/** The counts per user for the sides whose user column `mine` matches. */
function unreadCounts(
  db: Db,
  matches: (mine: typeof conversations.userOneId | typeof conversations.userTwoId) => SQL,
) {
  const side = (isOne: boolean) => {
    const mine = isOne ? conversations.userOneId : conversations.userTwoId;
    const unread = isOne ? conversations.userOneUnread : conversations.userTwoUnread;
    return db
      .select({ userId: mine, conversations: count() })
      .from(conversations)
      .where(and(matches(mine), gt(unread, 0)))
      .groupBy(mine);
  };
  return side(true).unionAll(side(false));
}

/** One user's counts: asked on every conversations read, so a named prepared statement. */
const preparedUnreadOf = preparedOnce((db) =>
  unreadCounts(db, (mine) => eq(mine, sql.placeholder('userId'))).prepare(
    'conversations_with_unread_of',
  ),
);

export async function conversationsWithUnread(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  const totals = new Map(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return totals;
  for (const row of await conversationsWithUnreadQuery(db, userIds))
    totals.set(row.userId, (totals.get(row.userId) ?? 0) + Number(row.conversations));
  return totals;
}

/** One user's count (the answers of conversations, conversation/read and conversation/delete). */
export async function conversationsWithUnreadOf(db: Db, userId: string): Promise<number> {
  const rows = await preparedUnreadOf(db).execute({ userId });
  return rows.reduce((total, row) => total + Number(row.conversations), 0);
}
