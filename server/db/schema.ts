import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CustomerPlan } from '../../common/domain/plans.js';
import type { Notifications } from '../../common/api/user.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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
    pictureId: uuid('picture_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_key').on(table.email)],
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
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_user_id_idx').on(table.userId),
  ],
);

export type EmailTokenPurpose = 'verify' | 'reset';

/** Single-use secrets mailed as links: e-mail verification codes and password reset links. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<EmailTokenPurpose>().notNull(),
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

export type ActivityType =
  'login' | 'logout' | 'password change' | 'email change' | 'remove friend';

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
  (table) => [index('activity_log_user_created_idx').on(table.userId, table.createdAt)],
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
  },
  (table) => [
    index('mail_outbox_unsent_idx')
      .on(table.createdAt)
      .where(sql`${table.sentAt} is null`),
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

// ---- Streaming accounts and playlists (issue 3) ----------------------------------------

/** A linked Spotify account. Tokens are sealed with AES-256-GCM (server/lib/tokenCipher.ts). */
export const spotifyAccounts = pgTable(
  'spotify_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    spotifyUserId: text('spotify_user_id').notNull(),
    displayName: text('display_name'),
    imageUrl: text('image_url'),
    accessTokenSealed: text('access_token_sealed').notNull(),
    refreshTokenSealed: text('refresh_token_sealed').notNull(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    scopes: text('scopes').notNull(),
    /** When the user last authorised: refresh tokens end about six months later. */
    authorizedAt: timestamp('authorized_at', { withTimezone: true }).notNull(),
    regrant: boolean('regrant').notNull().default(false),
    regrantReason: text('regrant_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('spotify_accounts_user_spotify_key').on(table.userId, table.spotifyUserId),
  ],
);

/** OAuth state of a linking in progress, bound to the session that started it. */
export const spotifyLinkStates = pgTable('spotify_link_states', {
  id: uuid('id').primaryKey().defaultRandom(),
  stateHash: text('state_hash').notNull().unique(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** A playlist the curator manages, with its Spotify info as last seen. */
export const managedPlaylists = pgTable(
  'managed_playlists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => spotifyAccounts.id, { onDelete: 'cascade' }),
    spotifyId: text('spotify_id').notNull(),
    visible: boolean('visible').notNull().default(true),
    name: text('name').notNull(),
    description: text('description'),
    imageUrl: text('image_url'),
    ownerId: text('owner_id').notNull(),
    ownerName: text('owner_name'),
    collaborative: boolean('collaborative').notNull(),
    public: boolean('public'),
    followers: integer('followers'),
    tracksTotal: integer('tracks_total').notNull(),
    snapshotId: text('snapshot_id').notNull(),
    /** The snapshot the lock job last checked, so unchanged playlists cost one small read. */
    enforcedSnapshotId: text('enforced_snapshot_id'),
    lastEnforcementAt: timestamp('last_enforcement_at', { withTimezone: true }),
    lastEnforcementOutcome: text('last_enforcement_outcome').$type<
      'unchanged' | 'restored' | 'failed'
    >(),
    lastEnforcementDetail: text('last_enforcement_detail'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('managed_playlists_user_spotify_key').on(table.userId, table.spotifyId),
    index('managed_playlists_account_idx').on(table.accountId),
  ],
);

/** A track pinned at a position of a managed playlist. */
export const playlistLocks = pgTable(
  'playlist_locks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playlistId: uuid('playlist_id')
      .notNull()
      .references(() => managedPlaylists.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    trackId: text('track_id').notNull(),
    trackName: text('track_name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('playlist_locks_playlist_position_key').on(table.playlistId, table.position),
  ],
);

export type RemovalOutcome = 'removed' | 'already gone' | 'failed';

/** The day a track leaves a managed playlist, and what happened when it was due. */
export const trackRemovalDates = pgTable(
  'track_removal_dates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playlistId: uuid('playlist_id')
      .notNull()
      .references(() => managedPlaylists.id, { onDelete: 'cascade' }),
    trackId: text('track_id').notNull(),
    removeAt: date('remove_at', { mode: 'string' }).notNull(),
    outcome: text('outcome').$type<RemovalOutcome>(),
    outcomeDetail: text('outcome_detail'),
    outcomeAt: timestamp('outcome_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('track_removal_dates_playlist_track_key').on(table.playlistId, table.trackId),
    index('track_removal_dates_due_idx')
      .on(table.removeAt)
      .where(sql`${table.outcome} is null`),
  ],
);

/** One row per managed playlist per day: the follower history behind the insights chart. */
export const playlistDailyStats = pgTable(
  'playlist_daily_stats',
  {
    playlistId: uuid('playlist_id')
      .notNull()
      .references(() => managedPlaylists.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    followers: integer('followers'),
    tracksTotal: integer('tracks_total').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.playlistId, table.day] })],
);

/** What a background job did with each item it handled (one row per item per run). */
export const jobOutcomes = pgTable(
  'job_outcomes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    job: text('job').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id').notNull(),
    outcome: text('outcome').notNull(),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (table) => [index('job_outcomes_job_created_idx').on(table.job, table.createdAt)],
);
