/** Song catalogue. */
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
import type { SongStatus, StatusSetBy } from '../../../common/domain/catalog.js';
import type { SpotifyTrackView } from '../../../common/api/spotifyTrack.js';
import { users } from './accounts.js';
import { createdAt } from './columns.js';

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
    /** Genres and moods from the one vocabulary (docs/genres.md), at most TAGS_PER_ITEM_MAX. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
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
