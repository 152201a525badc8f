/** Messenger (issue 5). */
import {
  bigint,
  bigserial,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';

/**
 * A conversation between two users, stored once per pair (userOneId < userTwoId). Each side's
 * read mark is the sequence number of the last message they have read; unread counts are
 * messages after it from anyone else.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userOneId: uuid('user_one_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userTwoId: uuid('user_two_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userOneReadSeq: bigint('user_one_read_seq', { mode: 'number' }).notNull().default(0),
    userTwoReadSeq: bigint('user_two_read_seq', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessageContent: text('last_message_content'),
    lastMessageSenderId: uuid('last_message_sender_id'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('conversations_pair_key').on(table.userOneId, table.userTwoId),
    index('conversations_user_two_idx').on(table.userTwoId),
  ],
);

export type MessageType = 'user' | 'system';

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Orders messages (and read marks) exactly, whatever the clocks say. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The sender; null for system messages written by the server. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<MessageType>().notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('messages_conversation_seq_idx').on(table.conversationId, table.seq)],
);
