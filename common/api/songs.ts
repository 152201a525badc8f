import { z } from 'zod';
import { isoDateSchema } from './isoDate.js';
import {
  CURATOR_SET_STATUSES,
  RELEASE_DATE_MAX,
  SONG_STATUSES,
  spotifyTrackIdFrom,
} from '../domain/catalog.js';
import { PLAN_NAMES } from '../domain/plans.js';
import { defineAction } from './contract.js';
import { spotifyIdSchema, spotifyTrackSchema } from './spotifyTrack.js';

/** Songs per page of catalog and trader/catalog (keyset paging). */
export const CATALOG_PAGE_SIZE = 50;
export const SONG_TITLE_MAX = 200;
export const ARTIST_NAME_MAX = 100;
export const ARTISTS_MAX = 10;
export const ARTWORK_URL_MAX = 2000;
export const TRACK_REFERENCE_MAX = 300;
export const CURSOR_MAX = 300;

const songId = z.uuid();
export const songStatusSchema = z.enum(SONG_STATUSES);

const isoDate = isoDateSchema.refine(
  (value) => value <= RELEASE_DATE_MAX,
  `Pick a date up to ${RELEASE_DATE_MAX}`,
);

/** Spec section 3: Song {id, spotify {id, track, album.release_date}, properties {favourite, upcomingRelease.releaseDate}}. */
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

const action = <const Action extends string, Input extends z.ZodType, Output extends z.ZodType>(
  name: Action,
  summary: string,
  input: Input,
  output: Output,
) => defineAction({ area: 'songs', action: name, access: 'user', summary, input, output });

export const catalog = action(
  'catalog',
  'The caller’s catalogue, newest release first, 50 songs a page; with the plan’s limit.',
  z.object({ cursor: cursor.optional() }).strict(),
  z.object({
    ...catalogPage,
    limits: catalogLimitsSchema,
    /** Whether the provider gives popularity scores (Spotify no longer does). */
    popularity: z.object({ providerGivesScore: z.boolean() }),
  }),
);

export const traderCatalog = action(
  'trader/catalog',
  'Another curator’s catalogue for swaps: only potential partners (a visible managed playlist).',
  z.object({ userId: z.uuid(), cursor: cursor.optional() }).strict(),
  z.object(catalogPage),
);

export const addToCatalog = action(
  'addtocatalog',
  'Add a Spotify track by link, URI or id (plan limit on catalogue tracks; once per curator).',
  z
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
  songAnswer,
);

const artworkUrl = z
  .url({
    protocol: /^https$/,
    hostname: /\.[a-z]{2,}$/i,
    error: 'Use an https:// link to the artwork',
  })
  .max(ARTWORK_URL_MAX);

export const upcomingRelease = action(
  'upcoming-release',
  'Add an upcoming release: title, artists, a release date after today, optional artwork and Spotify id.',
  z
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
  songAnswer,
);

export const getSong = action(
  'get/song',
  'One song of the caller’s catalogue.',
  z.object({ songId }).strict(),
  z.object({ song: songSchema }),
);

export const favourite = action(
  'favourite',
  'Mark or unmark a song as a favourite.',
  z.object({ id: songId, favourite: z.boolean() }).strict(),
  songAnswer,
);

export const updateStatus = action(
  'catalog/update-status',
  'Set a song’s availability by hand (available, not available), or pending to have it checked again.',
  z.object({ songId, status: z.enum(CURATOR_SET_STATUSES) }).strict(),
  songAnswer,
);

export const removeFromCatalog = action(
  'remove-from-catalog',
  'Remove a song from the catalogue (refused while an open song swap uses it).',
  z.object({ songId }).strict(),
  z.object({ success: z.literal(true), songId: z.string() }),
);

export const popularityScoreHistory = action(
  'popularity/score/history',
  'Daily popularity scores of a song, where the provider gives them (Spotify no longer does).',
  z.object({ songId }).strict(),
  z.object({
    songId: z.string(),
    points: z.array(z.object({ day: z.string(), score: z.number().int() })),
    providerGivesScore: z.boolean(),
  }),
);

/** songs/spotify/track is declared with the Spotify account actions (common/api/spotifyAccounts.ts). */
export const songActions = [
  catalog,
  traderCatalog,
  addToCatalog,
  upcomingRelease,
  getSong,
  favourite,
  updateStatus,
  removeFromCatalog,
  popularityScoreHistory,
] as const;
