/**
 * Discovery's precomputed per-curator summary (docs/network.md, Discovery): what ranks a
 * potential partner without reading playlists, placements or Spotify per request.
 */
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/**
 * One row per curator, rewritten when they show or hide a playlist and by the daily
 * discovery job: followers of their visible playlists, their swap record and `standing`, the
 * part of the fit that does not depend on who looks (common to every viewer, so indexable).
 */
export const curatorSummaries = pgTable(
  'curator_summaries',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    visiblePlaylists: integer('visible_playlists').notNull(),
    followers: integer('followers').notNull(),
    placementsChecked: integer('placements_checked').notNull(),
    placementsHonoured: integer('placements_honoured').notNull(),
    /** placements_honoured / placements_checked; null with no checked placement. */
    honouredShare: doublePrecision('honoured_share'),
    /** Followers and record points of the fit (0..50), rounded to 0.1. */
    standing: doublePrecision('standing').notNull(),
    /**
     * Visible playlists labelled Suspicious or Likely bought (docs/playlist-health.md):
     * Discovery's filter hides curators with any.
     */
    flaggedPlaylists: integer('flagged_playlists').notNull().default(0),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    // Discovery's order for curators sharing no artist with the viewer: a keyset range.
    index('curator_summaries_standing_idx')
      .on(table.standing.desc(), table.userId.desc())
      .where(sql`${table.visiblePlaylists} > 0`),
  ],
);

/**
 * The artists of a curator's visible playlists (normalised name as key), with how many of
 * their tracks each has; rebuilt from Spotify when the summary's artists are refreshed.
 */
export const curatorArtists = pgTable(
  'curator_artists',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    artistKey: text('artist_key').notNull(),
    artistName: text('artist_name').notNull(),
    tracks: integer('tracks').notNull(),
    /** The curator's standing (a copy of curator_summaries.standing, written with it). */
    standing: doublePrecision('standing').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.artistKey] }),
    // Who else has one of the viewer's artists, best standing first: Discovery reads the
    // top of each artist's range only, so a popular artist costs no more than a rare one.
    index('curator_artists_artist_idx').on(
      table.artistKey,
      table.standing.desc(),
      table.userId.desc(),
    ),
  ],
);

/**
 * The tags (docs/genres.md) on a curator's visible playlists, one row per tag, rewritten with
 * the summary. Serves the genre part of the fit and Discovery's genre filter.
 */
export const curatorTags = pgTable(
  'curator_tags',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    /** The curator's standing (a copy of curator_summaries.standing, written with it). */
    standing: doublePrecision('standing').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.tag] }),
    // Who has one of the viewer's tags, best standing first (the top of each range is read),
    // and the genre filter's keyset walk in standing order.
    index('curator_tags_tag_idx').on(table.tag, table.standing.desc(), table.userId.desc()),
  ],
);
