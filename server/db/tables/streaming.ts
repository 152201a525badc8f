/** Streaming accounts and playlists. */
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
import { sessions, users } from './accounts.js';
import { createdAt } from './columns.js';

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
    /** Shown to other curators: only once the curator says so (managing never shows it). */
    visible: boolean('visible').notNull().default(false),
    /**
     * Chosen by the curator to stay active when they manage more playlists than their plan
     * allows (after a downgrade); see server/areas/playlists/activeChoice.ts.
     */
    keepActive: boolean('keep_active').notNull().default(false),
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
    /**
     * Genres and moods from the one vocabulary (common/domain/genres.ts, docs/genres.md), at
     * most TAGS_PER_ITEM_MAX; only a visible playlist is tagged.
     */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
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
    /**
     * The song as it was when the date was set, so the record can name it after the track
     * has left the playlist. null on rows from before these columns existed.
     */
    trackName: text('track_name'),
    trackArtists: jsonb('track_artists').$type<string[]>(),
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
    // The schedule (home/schedule): a playlist's removals still to come, by day then id.
    index('track_removal_dates_playlist_day_idx')
      .on(table.playlistId, table.removeAt, table.id)
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
