import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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

// ---- Song catalogue (issue 4) -------------------------------------------------------------
// (Its type imports sit here, with the section, so other sections' edits do not collide.)
import type { SongStatus, StatusSetBy } from '../../common/domain/catalog.js';
import type { SpotifyTrackView } from '../../common/api/spotifyTrack.js';

/**
 * A song in a curator's catalogue: a Spotify track they own or represent, or an upcoming
 * release (title, artists, release date, optional artwork and Spotify id once known).
 */
export const catalogSongs = pgTable(
  'catalog_songs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** null for an upcoming release whose Spotify id is not known yet. */
    spotifyTrackId: text('spotify_track_id'),
    /**
     * The track as presented when added, refreshed by the availability job: listing the
     * catalogue needs no Spotify calls. null until Spotify has the track.
     */
    track: jsonb('track').$type<SpotifyTrackView>(),
    upcomingTitle: text('upcoming_title'),
    upcomingArtists: jsonb('upcoming_artists').$type<string[]>(),
    upcomingReleaseDate: date('upcoming_release_date', { mode: 'string' }),
    upcomingArtworkUrl: text('upcoming_artwork_url'),
    /**
     * The catalogue's order key (common/domain/catalogSort.ts): the album release date, else
     * the upcoming release date, as yyyy-MM-dd; '' when unknown (sorts last).
     */
    releaseSort: text('release_sort').notNull(),
    favourite: boolean('favourite').notNull().default(false),
    status: text('status').$type<SongStatus>().notNull(),
    statusSetBy: text('status_set_by').$type<StatusSetBy>().notNull().default('check'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A curator has a given Spotify track once (NULLs, upcoming releases without an id, differ).
    uniqueIndex('catalog_songs_user_track_key').on(table.userId, table.spotifyTrackId),
    // Keyset paging in catalogue order.
    index('catalog_songs_user_order_idx').on(
      table.userId,
      table.releaseSort.desc(),
      table.createdAt.desc(),
      table.id.desc(),
    ),
  ],
);

/** A song's popularity score per day, where the provider gives one (Spotify no longer does). */
export const songPopularityScores = pgTable(
  'song_popularity_scores',
  {
    songId: uuid('song_id')
      .notNull()
      .references(() => catalogSongs.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    score: integer('score').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.songId, table.day] })],
);

// ---- Messenger (issue 5) ----------------------------------------------------------------

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

// ---- Song swaps (issue 6) -------------------------------------------------------------------
// (Its imports sit here, with the section, so other sections' edits do not collide.)
import { check, smallint } from 'drizzle-orm/pg-core';
import type { TradeStatus } from '../../common/api/trades.js';

/**
 * A song swap between two curators: trader one opened it with a period from their plan. Both
 * accept; then it is accepted (startDate now) or scheduled (startDate = the requested day),
 * and completed at endDate = startDate + periodDays.
 */
export const trades = pgTable(
  'trades',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    traderOneId: uuid('trader_one_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    traderTwoId: uuid('trader_two_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<TradeStatus>().notNull().default('pending'),
    periodDays: integer('period_days').notNull(),
    /** A start day asked for (yyyy-MM-dd, UTC); null: as soon as both accept. */
    requestedStartDate: date('requested_start_date', { mode: 'string' }),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    traderOneAccepted: boolean('trader_one_accepted').notNull().default(false),
    traderTwoAccepted: boolean('trader_two_accepted').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('trades_two_traders', sql`${table.traderOneId} <> ${table.traderTwoId}`),
    index('trades_trader_one_idx').on(table.traderOneId, table.createdAt),
    index('trades_trader_two_idx').on(table.traderTwoId, table.createdAt),
    // The lifecycle job's two questions: which scheduled swaps start, which accepted ones end.
    index('trades_scheduled_start_idx')
      .on(table.startDate)
      .where(sql`${table.status} = 'scheduled'`),
    index('trades_accepted_end_idx')
      .on(table.endDate)
      .where(sql`${table.status} = 'accepted'`),
  ],
);

export type Approval = 0 | 1 | 2;

/** A song in a swap. It belongs to its owner's side; the other trader approves and places it. */
export const tradeSongs = pgTable(
  'trade_songs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    songId: uuid('song_id')
      .notNull()
      .references(() => catalogSongs.id, { onDelete: 'cascade' }),
    /** The song's owner (catalog_songs.user_id), one of the two traders. */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 undecided, 1 approved, 2 rejected (by the placing side). */
    approved: smallint('approved').$type<Approval>().notNull().default(0),
    /** Reported by the owner; null until reported. */
    streams: integer('streams'),
    /** The placing side keeps the track after the swap: no removal date at completion. */
    keep: boolean('keep').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('trade_songs_trade_song_key').on(table.tradeId, table.songId),
    index('trade_songs_song_idx').on(table.songId),
  ],
);

/**
 * Where a swapped song was placed: a real playlist edit through the placing curator's account.
 * One live placement per swap song; a placement taken out during the period keeps its row
 * (removedAt) so the record of the swap stays whole.
 */
export const tradePlacements = pgTable(
  'trade_placements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tradeSongId: uuid('trade_song_id')
      .notNull()
      .references(() => tradeSongs.id, { onDelete: 'cascade' }),
    /** null once the placing curator no longer manages the playlist (the record stays). */
    playlistId: uuid('playlist_id').references(() => managedPlaylists.id, {
      onDelete: 'set null',
    }),
    playlistSpotifyId: text('playlist_spotify_id').notNull(),
    playlistName: text('playlist_name').notNull(),
    trackId: text('track_id').notNull(),
    /** 0-based position the track was put at (or last moved to). */
    position: integer('position').notNull(),
    /** The snapshot our last edit gave; null while the edit is under way. */
    snapshotId: text('snapshot_id'),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** When the song's owner was told the track left the playlist early (once). */
    earlyRemovalNotifiedAt: timestamp('early_removal_notified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('trade_placements_live_key')
      .on(table.tradeSongId)
      .where(sql`${table.removedAt} is null`),
    index('trade_placements_playlist_idx').on(table.playlistId),
  ],
);

/** The daily check of a placement: still in the playlist, and at its position? */
export const tradePlacementChecks = pgTable(
  'trade_placement_checks',
  {
    placementId: uuid('placement_id')
      .notNull()
      .references(() => tradePlacements.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    inPlaylist: boolean('in_playlist').notNull(),
    atPosition: boolean('at_position').notNull(),
    /** Where the track was (0-based, nearest to its position), when in the playlist. */
    position: integer('position'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.placementId, table.day] })],
);
