import { z } from 'zod';
import { isoDateSchema } from '../isoDate.js';
import {
  CURATOR_SET_STATUSES,
  RELEASE_DATE_MAX,
  SONG_STATUSES,
  spotifyTrackIdFrom,
} from '../../domain/catalog.js';
import { PLAN_NAMES } from '../../domain/plans.js';
import { isSpotifyImageUrl, isStandInImagePath } from '../../domain/artwork.js';
import { spotifyIdSchema, spotifyTrackSchema } from '../spotifyTrack.js';
import { musicTagsSchema } from '../musicTags.js';
import {
  SONG_TITLE_MAX,
  ARTIST_NAME_MAX,
  ARTISTS_MAX,
  ARTWORK_URL_MAX,
  TRACK_REFERENCE_MAX,
  CURSOR_MAX,
} from './limits.js';

const songId = z.uuid();
export const songStatusSchema = z.enum(SONG_STATUSES);

const isoDate = isoDateSchema.refine(
  (value) => value <= RELEASE_DATE_MAX,
  `Pick a date up to ${RELEASE_DATE_MAX}`,
);

/** Song {id, spotify {id, track, album.release_date}, properties {favourite, upcomingRelease.releaseDate}}. */
export const songSchema = z.object({
  id: z.string(),
  spotify: z.object({
    /** The Spotify track id; null for an upcoming release whose id is not known yet. */
    id: z.string().nullable(),
    /** The track as Spotify last presented it; null until Spotify has it. */
    track: spotifyTrackSchema.nullable(),
    album: z.object({ release_date: z.string().nullable() }),
  }),
  properties: z.object({
    favourite: z.boolean(),
    upcomingRelease: z
      .object({
        releaseDate: z.string(),
        title: z.string(),
        artists: z.array(z.string()),
        artworkUrl: z.string().nullable(),
      })
      .nullable(),
  }),
  status: songStatusSchema,
  /** 'curator' when set by hand with catalog/update-status: the availability check leaves it. */
  statusSetBy: z.enum(['check', 'curator']),
  /** When the availability check last looked at the song on Spotify. */
  checkedAt: z.string().nullable(),
  /** For display: from the Spotify track when there is one, else from the upcoming release. */
  title: z.string(),
  artists: z.array(z.string()),
  artworkUrl: z.string().nullable(),
  /** The date the catalogue sorts by: album release date, else upcoming release date. */
  releaseDate: z.string().nullable(),
  /** Its genres and moods (docs/genres.md), tag ids. */
  tags: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Song = z.infer<typeof songSchema>;

const cursor = z.string().min(1).max(CURSOR_MAX);

const catalogPage = {
  songs: z.array(songSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
};

/** The plan's catalogue limit and how much of it is used. */
export const catalogLimitsSchema = z.object({
  catalogTracks: z.number().int(),
  count: z.number().int(),
  plan: z.enum(PLAN_NAMES),
});

const songAnswer = z.object({ success: z.literal(true), song: songSchema });

export const catalog = {
  input: z.object({ cursor: cursor.optional() }).strict(),
  output: z.object({
    ...catalogPage,
    limits: catalogLimitsSchema,
    /** Whether the provider gives popularity scores (Spotify no longer does). */
    popularity: z.object({ providerGivesScore: z.boolean() }),
  }),
};

export const traderCatalog = {
  input: z.object({ userId: z.uuid(), cursor: cursor.optional() }).strict(),
  output: z.object(catalogPage),
};

export const addToCatalog = {
  input: z
    .object({
      track: z
        .string()
        .trim()
        .min(1, 'Paste a Spotify track link')
        .max(TRACK_REFERENCE_MAX)
        .refine(
          (value) => spotifyTrackIdFrom(value) !== null,
          'Use a Spotify track link (https://open.spotify.com/track/…), URI or id',
        ),
    })
    .strict(),
  output: songAnswer,
};

/**
 * Spotify's image CDNs only (common/domain/artwork.ts); the demo's local Spotify serves its
 * images under /_spotify/images/ of the app's origin, which the server checks against its own.
 */
const artworkUrl = z
  .string()
  .max(ARTWORK_URL_MAX)
  .refine(
    (value) => isSpotifyImageUrl(value) || isStandInImagePath(value),
    "Use a link to the artwork on Spotify's image servers (https://i.scdn.co/image/…)",
  );

export const upcomingRelease = {
  input: z
    .object({
      title: z.string().trim().min(1, 'Enter the title').max(SONG_TITLE_MAX),
      artists: z
        .array(z.string().trim().min(1, 'Enter the artist').max(ARTIST_NAME_MAX))
        .min(1, 'Name at least one artist')
        .max(ARTISTS_MAX),
      releaseDate: isoDate,
      artworkUrl: artworkUrl.optional(),
      spotifyId: spotifyIdSchema.optional(),
    })
    .strict(),
  output: songAnswer,
};

export const getSong = {
  input: z.object({ songId }).strict(),
  output: z.object({ song: songSchema }),
};

export const favourite = {
  input: z.object({ id: songId, favourite: z.boolean() }).strict(),
  output: songAnswer,
};

export const tags = {
  /** The song's whole set of genres and moods from the vocabulary (at most 5). */
  input: z.object({ songId, tags: musicTagsSchema }).strict(),
  output: songAnswer,
};

export const updateStatus = {
  input: z.object({ songId, status: z.enum(CURATOR_SET_STATUSES) }).strict(),
  output: songAnswer,
};

export const removeFromCatalog = {
  input: z.object({ songId }).strict(),
  output: z.object({ success: z.literal(true), songId: z.string() }),
};

export const popularityScoreHistory = {
  input: z.object({ songId }).strict(),
  output: z.object({
    songId: z.string(),
    points: z.array(z.object({ day: z.string(), score: z.number().int() })),
    providerGivesScore: z.boolean(),
  }),
};

/** songs/spotify/track is declared with the Spotify account actions (common/api/spotifyAccounts.ts). */
