/** Playlist history and "where is this song" (docs/history.md). */
import {
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
import { managedPlaylists } from './streaming.js';
import { trades } from './trades.js';

/** Who made a change: this product (an edit, a restore, the lock job), a swap, or outside. */
export type HistorySource = 'product' | 'swap' | 'outside' | 'start';

/**
 * A copy/insert delta: the new list as runs of the previous version ([start, length]) and
 * literal track ids (string). An unchanged run of 10,000 tracks is one pair of numbers.
 */
export type DeltaPart = [number, number] | string;

/** One change of a version, for the timeline (positions 0-based). */
export type HistoryOp =
  | { op: 'add'; trackId: string; at: number }
  | { op: 'remove'; trackId: string; from: number }
  | { op: 'move'; trackId: string; from: number; to: number };

/**
 * One version of a managed playlist's items. Either `base` (every track id, in order) or
 * `delta` against the version before it is set; `ops` say what changed for the timeline.
 */
export const playlistVersions = pgTable(
  'playlist_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playlistId: uuid('playlist_id')
      .notNull()
      .references(() => managedPlaylists.id, { onDelete: 'cascade' }),
    /** 1, 2, 3, ... per playlist; pruning leaves gaps. */
    version: integer('version').notNull(),
    snapshotId: text('snapshot_id').notNull(),
    source: text('source').$type<HistorySource>().notNull(),
    tradeId: uuid('trade_id').references(() => trades.id, { onDelete: 'set null' }),
    base: jsonb('base').$type<string[]>(),
    delta: jsonb('delta').$type<DeltaPart[]>(),
    ops: jsonb('ops').$type<HistoryOp[]>().notNull(),
    /** ops beyond the stored ones (a large change keeps its first 200). */
    opsOmitted: integer('ops_omitted').notNull().default(0),
    trackCount: integer('track_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('playlist_versions_playlist_version_key').on(table.playlistId, table.version),
  ],
);

/** The latest version's items, one row a position: "where is this song" reads it by track. */
export const playlistCurrentItems = pgTable(
  'playlist_current_items',
  {
    playlistId: uuid('playlist_id')
      .notNull()
      .references(() => managedPlaylists.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    trackId: text('track_id').notNull(),
    /** Since when the track has been in the playlist without a break (from the history). */
    since: timestamp('since', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.playlistId, table.position] }),
    index('playlist_current_items_track_idx').on(table.trackId, table.playlistId),
  ],
);

/**
 * The name of every track a recorded version brought in, so the timeline and diffs can name
 * a track that has since left the playlist (Spotify has no cheap batch lookup). Written once
 * a track id (a name change on Spotify keeps the first name); one row per track, shared by
 * every playlist.
 */
export const historyTrackNames = pgTable('history_track_names', {
  trackId: text('track_id').primaryKey(),
  name: text('name').notNull(),
});
