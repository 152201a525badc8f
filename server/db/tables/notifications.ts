/** E-mail notifications (docs/notifications.md). */
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { conversations } from './messenger.js';

/**
 * The unread-messages mail of one recipient in one conversation. `dueAt` is set when a message
 * arrives (a few minutes on, and never sooner than an hour after the last mail) and cleared
 * when the mail goes or there is nothing left to tell; `mailedSeq` is the last message a mail
 * covered, so a mail never repeats messages an earlier one told of.
 */
export const messageMailStates = pgTable(
  'message_mail_states',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    lastMailedAt: timestamp('last_mailed_at', { withTimezone: true }),
    mailedSeq: bigint('mailed_seq', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.recipientId] }),
    index('message_mail_states_due_idx')
      .on(table.dueAt)
      .where(sql`${table.dueAt} is not null`),
  ],
);
