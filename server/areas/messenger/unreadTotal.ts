import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/preparedOnce.js';
import { users } from '../../db/schema.js';

/**
 * How many conversations have unread messages for each of `userIds` (the sidebar's Messenger
 * badge, spec section 2 conversationsWithUnreadCount), whatever page of the list is loaded.
 * Read from the user's maintained counter (users.conversations_with_unread, kept by a trigger
 * on conversations, migration 0026, in the transaction that changes a side's unread count), so
 * it costs a primary-key read however many conversations the user has. Read after a change in
 * the same transaction, it already counts it.
 */
export function conversationsWithUnreadQuery(db: Db, userIds: readonly string[]) {
  return db
    .select({ userId: users.id, conversations: users.conversationsWithUnread })
    .from(users)
    .where(inArray(users.id, [...userIds]));
}

/** One user's count: asked after every read mark and deletion, so a named prepared statement. */
const preparedUnreadOf = preparedOnce((db) =>
  db
    .select({ conversations: users.conversationsWithUnread })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('conversations_with_unread_of'),
);

/** The counts of `userIds` (0 for a user not found). */
export async function conversationsWithUnread(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  const totals = new Map(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return totals;
  for (const row of await conversationsWithUnreadQuery(db, userIds))
    totals.set(row.userId, row.conversations);
  return totals;
}

/** One user's count (the answers of conversation/read and conversation/delete). */
export async function conversationsWithUnreadOf(db: Db, userId: string): Promise<number> {
  const [row] = await preparedUnreadOf(db).execute({ userId });
  return row?.conversations ?? 0;
}
