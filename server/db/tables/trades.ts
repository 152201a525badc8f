/** Song swaps. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TradeStatus } from '../../../common/api/trades/schemas.js';
import { users } from './accounts.js';
import { managedPlaylists } from './streaming.js';
import { catalogSongs } from './catalog.js';
import { createdAt } from './columns.js';

/**
 * What the swap list shows of a swap's songs (tradeSongSummaries), kept by the database.
 */
export interface TradeSongSummary {
  /** Songs owned by trader one, and by trader two. */
  traderOneSongs: number;
  traderTwoSongs: number;
  /** Sum of the streams reported; null when none was. */
  streams: number | null;
  /** An approved song of either side without a live placement. */
  awaiting: boolean;
  /** The catalogue songs of the swap, in the order they were added. */
  songIds: string[];
}

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
    /** Trader one's note to trader two, opened with (plain text, at most PITCH_MAX); null without. */
    pitch: text('pitch'),
    /**
     * When the bell reminded the owners who had not reported streams of a placed song (on the
     * period's last day, or at completion if the job missed that day); null before: once.
     */
    streamsRemindedAt: timestamp('streams_reminded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('trades_two_traders', sql`${table.traderOneId} <> ${table.traderTwoId}`),
    // A trader's swaps in one bucket, newest first (trades/all), on either side.
    index('trades_trader_one_status_idx').on(
      table.traderOneId,
      table.status,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('trades_trader_two_status_idx').on(
      table.traderTwoId,
      table.status,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    // The lifecycle job's two questions: which scheduled swaps start, which accepted ones end.
    index('trades_scheduled_start_idx')
      .on(table.startDate)
      .where(sql`${table.status} = 'scheduled'`),
    index('trades_accepted_end_idx')
      .on(table.endDate)
      .where(sql`${table.status} = 'accepted'`),
    // The schedule (home/schedule): a trader's swap starts and ends by UTC day, then id, on
    // either side, read in order from a cursor.
    index('trades_trader_one_start_day_idx')
      .on(table.traderOneId, sql`((${table.startDate} at time zone 'UTC')::date)`, table.id)
      .where(sql`${table.status} = 'scheduled'`),
    index('trades_trader_two_start_day_idx')
      .on(table.traderTwoId, sql`((${table.startDate} at time zone 'UTC')::date)`, table.id)
      .where(sql`${table.status} = 'scheduled'`),
    index('trades_trader_one_end_day_idx')
      .on(table.traderOneId, sql`((${table.endDate} at time zone 'UTC')::date)`, table.id)
      .where(sql`${table.status} in ('scheduled', 'accepted')`),
    index('trades_trader_two_end_day_idx')
      .on(table.traderTwoId, sql`((${table.endDate} at time zone 'UTC')::date)`, table.id)
      .where(sql`${table.status} in ('scheduled', 'accepted')`),
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

/**
 * A swap's song summary, beside the swap rather than on its row (the swap's row stays as narrow
 * as the reads of swaps plan for, and is not rewritten when a song is placed): written only by
 * the triggers on trade_songs and trade_placements, which recompute it for every swap a
 * statement touched (migration 0035). A swap that never had a song has none (the empty
 * summary).
 */
export const tradeSongSummaries = pgTable('trade_song_summaries', {
  tradeId: uuid('trade_id')
    .primaryKey()
    .references(() => trades.id, { onDelete: 'cascade' }),
  summary: jsonb('summary').$type<TradeSongSummary>().notNull(),
});
