/** Accounts: users, sessions, mailed-link tokens, activity, mail outbox, crash reports. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CustomerPlan } from '../../../common/domain/plans.js';
import type { Notifications } from '../../../common/api/user.js';
import type { ActivityType } from '../../../common/domain/activity.js';
import { createdAt } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored trimmed and lower-cased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    plan: text('plan').$type<CustomerPlan>().notNull().default('trial'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }).notNull(),
    description: text('description').notNull().default(''),
    network: text('network').notNull().default(''),
    notifications: jsonb('notifications').$type<Notifications>().notNull(),
    /** Whether friends and conversation partners see when this user is online. */
    showOnlineStatus: boolean('show_online_status').notNull().default(true),
    pictureId: uuid('picture_id'),
    /**
     * How many songs the user's catalogue holds, kept by statement triggers on catalog_songs
     * (migration 0025) in the transaction that adds or removes them: the catalogue's count and
     * its plan limit read it instead of counting the songs (a count grew with the catalogue).
     */
    catalogSongCount: integer('catalog_song_count').notNull().default(0),
    /**
     * How many of the user's conversations have unread messages for them (the Messenger
     * badge), kept by a trigger on conversations (migration 0026) whenever a side's unread
     * count leaves or reaches 0, in the transaction that changes it: the badge reads it with
     * the session instead of counting the user's conversations (a count grew with them).
     */
    conversationsWithUnread: integer('conversations_with_unread').notNull().default(0),
    /**
     * Moves whenever the user's catalogue changes in a way Discovery's fit reads (a song added
     * or removed, its artists or its place in the catalogue's order), bumped by statement
     * triggers on catalog_songs (migration 0027): the session's user row carries it, so what
     * is derived from the catalogue can be kept per instance and known current without a read.
     */
    catalogVersion: bigint('catalog_version', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    // Discovery's name search (ILIKE '%…%'): trigrams, so a rare name is found without walking
    // every curator (needs pg_trgm: the migration creates it, PGlite loads it).
    index('users_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the cookie token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * When the person behind this session last proved it was them (password, TOTP code or
     * passkey): security changes are allowed for a few minutes after (server/identity/reauthentication.ts).
     */
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_user_id_idx').on(table.userId),
  ],
);

/** verify: a new account's address; reset: a forgotten password; email: a new address. */
export type EmailTokenPurpose = 'verify' | 'reset' | 'email';

/** Single-use secrets mailed as links: e-mail verification codes and password reset links. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<EmailTokenPurpose>().notNull(),
    /** For purpose email: the address the user asked to change to (it changes on confirm). */
    newEmail: text('new_email'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('email_tokens_token_hash_key').on(table.tokenHash),
    index('email_tokens_user_purpose_idx').on(table.userId, table.purpose),
  ],
);

export type { ActivityType } from '../../../common/domain/activity.js';

export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<ActivityType>().notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  // Serves the activity list in its order (newest first, id breaking ties) with keyset paging.
  (table) => [
    index('activity_log_user_created_idx').on(
      table.userId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
  ],
);

/** Transactional outbox: every mail is written here with the change that caused it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When delivery is tried next (backoff after a failure). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when delivery was given up (48 h of failures); the row stays for the record. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /**
     * A notification's one-click unsubscribe link: sent as List-Unsubscribe with
     * List-Unsubscribe-Post (RFC 8058). Null for account mail (verification, reset…).
     */
    unsubscribeUrl: text('unsubscribe_url'),
  },
  (table) => [
    index('mail_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
    index('mail_outbox_failed_idx')
      .on(table.failedAt)
      .where(sql`${table.failedAt} is not null`),
  ],
);

export const errorReports = pgTable('error_reports', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  message: text('message').notNull(),
  name: text('name').notNull(),
  stack: text('stack'),
  location: text('location').notNull(),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
});
