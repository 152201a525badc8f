import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/preparedOnce.js';
import { users } from '../../db/schema.js';

/**
 * How many conversations have unread messages for each of `userIds` (the sidebar's Messenger
 * badge, conversationsWithUnreadCount), whatever page of the list is loaded.
 * Read from the user's maintained counter (users.conversations_with_unread, kept by a trigger
 * on conversations, migration 0026, in the transaction that changes a side's unread count), so
 * it costs a primary-key read however many conversations the user has. Read after a change in
 * the same transaction, it already counts it. message/send reads both sides' counts with their
 * names (conversationList.ts, bothSidesOf).
 *
 * One user's count is asked after every read mark and deletion, so it is a named prepared
 * statement.
 */
const preparedUnreadOf = preparedOnce((db) =>
  db
    .select({ conversations: users.conversationsWithUnread })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('conversations_with_unread_of'),
);

/** One user's count (the answers of conversation/read and conversation/delete). */
export async function conversationsWithUnreadOf(db: Db, userId: string): Promise<number> {
  const [row] = await preparedUnreadOf(db).execute({ userId });
  return row?.conversations ?? 0;
}
