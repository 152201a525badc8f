/** Messenger. */
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts.js';
import { createdAt } from './columns.js';

/**
 * A conversation between two users, stored once per pair (userOneId < userTwoId). Each side's
 * read mark is the sequence number of the last message they have read; unread counts are
 * messages after it from anyone else.
 *
 * Deleting is per side (docs/decisions.md, "Deleting a conversation is per side"): the side's cleared mark is the last message
 * deleted (messages up to it are gone for that side) and its hidden flag keeps the conversation
 * out of its list until a message comes after the mark or the side starts it again.
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
    userOneClearedSeq: bigint('user_one_cleared_seq', { mode: 'number' }).notNull().default(0),
    userTwoClearedSeq: bigint('user_two_cleared_seq', { mode: 'number' }).notNull().default(0),
    userOneHidden: boolean('user_one_hidden').notNull().default(false),
    userTwoHidden: boolean('user_two_hidden').notNull().default(false),
    /** The sequence number of the last message (0 without messages). */
    lastMessageSeq: bigint('last_message_seq', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessageContent: text('last_message_content'),
    lastMessageSenderId: uuid('last_message_sender_id'),
    /**
     * Each side's unread count, kept in the same transaction as the message insert (+1 for the
     * recipient, 0 for the sender), the read mark and the deletion (0): the list reads it
     * instead of counting messages.
     */
    userOneUnread: integer('user_one_unread').notNull().default(0),
    userTwoUnread: integer('user_two_unread').notNull().default(0),
    /**
     * Each side's list order: the last message's time when that side sees it, '-infinity'
     * when it does not (no message, or deleted by that side), so the list is read in
     * (side, sortAt, createdAt, id) order from the side's index without a sort.
     */
    userOneSortAt: timestamp('user_one_sort_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`'-infinity'`),
    userTwoSortAt: timestamp('user_two_sort_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`'-infinity'`),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('conversations_pair_key').on(table.userOneId, table.userTwoId),
    index('conversations_user_one_order_idx').on(
      table.userOneId,
      table.userOneSortAt.desc(),
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('conversations_user_two_order_idx').on(
      table.userTwoId,
      table.userTwoSortAt.desc(),
      table.createdAt.desc(),
      table.id.desc(),
    ),
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
    /**
     * The id the sender's client gave the message (message/send's clientMessageId): a retry
     * with the same id answers this message instead of storing it twice.
     */
    clientMessageId: uuid('client_message_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('messages_conversation_seq_idx').on(table.conversationId, table.seq),
    uniqueIndex('messages_sender_client_id_key').on(table.userId, table.clientMessageId),
  ],
);
