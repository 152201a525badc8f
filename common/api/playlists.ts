import { z } from 'zod';
import { isoDateSchema } from './isoDate.js';
import { defineAction } from './contract.js';
import { spotifyIdSchema, spotifyTrackSchema } from './spotifyTrack.js';

/** The earliest and latest removal dates the date picker offers (spec section 2). */
export const REMOVAL_DATE_MIN = '1900-01-01';
export const REMOVAL_DATE_MAX = '2099-12-31';
/** Spotify's playlist size limit; positions beyond it cannot exist. */
export const MAX_PLAYLIST_POSITION = 10_000;

const accountId = z.uuid();
const playlistId = spotifyIdSchema;
const position = z
  .number()
  .int()
  .min(0)
  .max(MAX_PLAYLIST_POSITION - 1);
const isoDate = isoDateSchema.refine(
  (value) => value >= REMOVAL_DATE_MIN && value <= REMOVAL_DATE_MAX,
  `Pick a date between ${REMOVAL_DATE_MIN} and ${REMOVAL_DATE_MAX}`,
);

/** What Spotify tells about a playlist. `followers` is null where Spotify gives no count. */
export const playlistInfoSchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  ownerId: z.string(),
  ownerName: z.string().nullable(),
  collaborative: z.boolean(),
  public: z.boolean().nullable(),
  followers: z.number().int().nullable(),
  tracksTotal: z.number().int(),
  snapshotId: z.string(),
  /** Owned by or collaborative for the account: only these can be managed (API rule). */
  editable: z.boolean(),
});
export type PlaylistInfo = z.infer<typeof playlistInfoSchema>;

/** Spec section 3: a playlist is {spotifyId, info}. */
export const streamingPlaylistSchema = z.object({
  spotifyId: z.string(),
  accountId: z.string(),
  info: playlistInfoSchema,
});
export type StreamingPlaylist = z.infer<typeof streamingPlaylistSchema>;

export const removalOutcomeSchema = z.enum(['removed', 'already gone', 'failed']);

/** Spec section 3: trackRemovalDates {id, trackId, playlistId, removeAt, createdAt, updatedAt}, plus the job's outcome. */
export const trackRemovalDateSchema = z.object({
  id: z.string(),
  trackId: z.string(),
  playlistId: z.string(),
  removeAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  outcome: removalOutcomeSchema.nullable(),
  outcomeDetail: z.string().nullable(),
  outcomeAt: z.string().nullable(),
});
export type TrackRemovalDate = z.infer<typeof trackRemovalDateSchema>;

export const lockSchema = z.object({ trackId: z.string(), trackName: z.string() });

/** A managed playlist's own settings: an entry of playlistsInfo, keyed by spotifyId. */
export const managedPlaylistSchema = z.object({
  id: z.string(),
  spotifyId: z.string(),
  accountId: z.string(),
  visible: z.boolean(),
  /** Locked tracks keyed by position (0-based). */
  lockPositions: z.record(z.string(), lockSchema),
  trackRemovalDates: z.array(trackRemovalDateSchema),
  lastEnforcement: z
    .object({
      at: z.string(),
      outcome: z.enum(['unchanged', 'restored', 'failed']),
      detail: z.string().nullable(),
    })
    .nullable(),
});
export type ManagedPlaylist = z.infer<typeof managedPlaylistSchema>;

export const playlistItemSchema = z.object({
  position: z.number().int(),
  addedAt: z.string().nullable(),
  /** null for local files and items Spotify no longer serves. */
  track: spotifyTrackSchema.nullable(),
});

/** Groups of positions holding duplicates: the same track, or possibly the same recording. */
export const duplicatesSchema = z.object({
  exact: z.array(z.array(z.number().int())),
  possible: z.array(z.array(z.number().int())),
});
export type Duplicates = z.infer<typeof duplicatesSchema>;

const planLimitsView = z.object({
  playlists: z.number().int(),
  locksPerPlaylist: z.number().int(),
  managed: z.number().int(),
});

const action = <const Action extends string, Input extends z.ZodType, Output extends z.ZodType>(
  name: Action,
  summary: string,
  input: Input,
  output: Output,
) => defineAction({ area: 'playlists', action: name, access: 'user', summary, input, output });

export const all = action(
  'all',
  'The managed playlists of every linked account, with their Spotify info as last seen.',
  z.object({}).strict(),
  z.object({ playlists: z.array(streamingPlaylistSchema), limits: planLimitsView }),
);

export const info = action(
  'info',
  'playlistsInfo: the managed playlists’ settings keyed by spotifyId.',
  z.object({}).strict(),
  z.object({ playlistsInfo: z.record(z.string(), managedPlaylistSchema) }),
);

export const add = action(
  'add',
  'Start managing a playlist of a linked account (plan limit on managed playlists).',
  z.object({ accountId, playlistId }).strict(),
  z.object({ playlist: streamingPlaylistSchema, playlistInfo: managedPlaylistSchema }),
);

export const remove = action(
  'remove',
  'Stop managing a playlist: its locks and pending removal dates go with it.',
  z.object({ playlistId }).strict(),
  z.object({ success: z.literal(true), playlistId: z.string() }),
);

export const visibility = action(
  'visibility',
  'Show or hide a managed playlist to other curators.',
  z.object({ playlistId, visible: z.boolean() }).strict(),
  z.object({ playlistId: z.string(), visible: z.boolean() }),
);

export const addPosition = action(
  'add-position',
  'Lock the track now at a position (plan limit on locks per playlist).',
  z.object({ playlistId, position }).strict(),
  z.object({ playlistId: z.string(), lockPositions: managedPlaylistSchema.shape.lockPositions }),
);

export const removePosition = action(
  'remove-position',
  'Unlock a position.',
  z.object({ playlistId, position }).strict(),
  z.object({ playlistId: z.string(), lockPositions: managedPlaylistSchema.shape.lockPositions }),
);

export const updatePlaylistPositions = action(
  'updateplaylistpositions',
  'Replace all locks with the tracks now at the given positions.',
  z.object({ playlistId, positions: z.array(position).max(999) }).strict(),
  z.object({ playlistId: z.string(), lockPositions: managedPlaylistSchema.shape.lockPositions }),
);

export const addTrackToPlaylist = action(
  'addtracktoplaylist',
  'Add a track to a playlist on Spotify (at a position, else at the end).',
  z
    .object({ accountId, playlistId, trackId: spotifyIdSchema, position: position.optional() })
    .strict(),
  z.object({ playlistId: z.string(), snapshotId: z.string() }),
);

export const removeTrackFromPlaylist = action(
  'removetrackfromplaylist',
  'Remove a track (every occurrence, as Spotify does) from a playlist on Spotify.',
  z
    .object({
      accountId,
      playlistId,
      trackId: spotifyIdSchema,
      snapshotId: z.string().max(200).optional(),
    })
    .strict(),
  z.object({ playlistId: z.string(), snapshotId: z.string() }),
);

export const moveTrack = action(
  'move-track',
  'Move the track at one position to another on Spotify, against the snapshot the caller saw.',
  z
    .object({
      accountId,
      playlistId,
      from: position,
      to: position,
      snapshotId: z.string().max(200),
    })
    .strict(),
  z.object({ playlistId: z.string(), snapshotId: z.string() }),
);

export const trackRemovalDate = action(
  'track-removal-date',
  'Set, change or clear the date a track is removed from a managed playlist (spec section 4).',
  z.object({ playlistId, trackId: spotifyIdSchema, removeAt: isoDate.nullable() }).strict(),
  z.object({
    change: z.enum(['added', 'updated', 'removed', 'unchanged']),
    trackRemovalDate: trackRemovalDateSchema.nullable(),
  }),
);

export const insights = action(
  'insights',
  'Daily follower and track-count history of a managed playlist, and the 30-day follower average.',
  z.object({ playlistId }).strict(),
  z.object({
    points: z.array(
      z.object({
        day: z.string(),
        followers: z.number().int().nullable(),
        tracksTotal: z.number().int(),
      }),
    ),
    followersAverage30: z.number().nullable(),
    followersKnown: z.boolean(),
  }),
);

// Streaming-playlist queries: read live from Spotify, never cached.

export const playlists = action(
  'playlists',
  'A linked account’s playlists, live from Spotify.',
  z.object({ accountId }).strict(),
  z.object({ playlists: z.array(streamingPlaylistSchema) }),
);

export const playlist = action(
  'playlist',
  'A playlist with all its items, live from Spotify, with duplicates found.',
  z.object({ accountId, playlistId }).strict(),
  z.object({
    playlist: streamingPlaylistSchema,
    items: z.array(playlistItemSchema),
    duplicates: duplicatesSchema,
  }),
);

export const userPlaylist = action(
  'user/playlist',
  'Another curator’s visible managed playlist, live from Spotify (read through its owner’s account).',
  z.object({ userId: z.uuid(), playlistId }).strict(),
  z.object({ playlist: streamingPlaylistSchema, items: z.array(playlistItemSchema) }),
);

export const search = action(
  'search',
  'Search Spotify tracks (at most 10 a page).',
  z
    .object({
      accountId: accountId.optional(),
      query: z.string().trim().min(1).max(200),
      offset: z.number().int().min(0).max(990).default(0),
    })
    .strict(),
  z.object({
    tracks: z.array(spotifyTrackSchema),
    total: z.number().int(),
    offset: z.number().int(),
  }),
);

export const checkPrerelease = action(
  'checkprerelease',
  'Whether a track is out on Spotify yet (release date passed and playable).',
  z.object({ trackId: spotifyIdSchema }).strict(),
  z.object({ trackId: z.string(), released: z.boolean(), releaseDate: z.string().nullable() }),
);

export const playlistActions = [
  all,
  info,
  add,
  remove,
  visibility,
  addPosition,
  removePosition,
  updatePlaylistPositions,
  addTrackToPlaylist,
  removeTrackFromPlaylist,
  moveTrack,
  trackRemovalDate,
  insights,
  playlists,
  playlist,
  userPlaylist,
  search,
  checkPrerelease,
] as const;
