/** E-mail notifications (docs/notifications.md). */
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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

/** What an in-app notification is about (the bell's list, docs/notifications.md). */
export type InAppNotificationKind =
  | 'swapOpened'
  | 'swapChanged'
  | 'swapAccepted'
  | 'songApproved'
  | 'songRejected'
  | 'placementRemovedEarly'
  | 'streamsReminder'
  | 'friendRequest'
  | 'friendAccepted'
  | 'invitationAccepted'
  | 'planEvent'
  | 'announcement';

/**
 * One entry of a curator's notification centre (the bell): what happened, in a short text,
 * and the screen it links to. Kept 90 days; `readAt` set once the curator has seen it.
 */
export const inAppNotifications = pgTable(
  'in_app_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<InAppNotificationKind>().notNull(),
    /** Who did it; null for the product's own news (a plan event, an announcement). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    link: text('link').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    // The bell's pages, newest first (keyset on created_at, id).
    index('in_app_notifications_user_created_idx').on(
      table.userId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    // The unread count.
    index('in_app_notifications_user_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
    // The 90-day clean-up.
    index('in_app_notifications_created_idx').on(table.createdAt),
  ],
);
