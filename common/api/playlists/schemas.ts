import { z } from 'zod';
import { isoDateSchema } from '../isoDate.js';
import { playlistHealthSchema } from '../playlistHealth.js';
import { musicTagsSchema } from '../musicTags.js';
import { spotifyIdSchema, spotifyTrackSchema } from '../spotifyTrack.js';
import {
  REMOVAL_DATE_MIN,
  REMOVAL_DATE_MAX,
  MAX_PLAYLIST_POSITION,
  SEARCH_OFFSET_MAX,
  SEARCH_QUERY_MAX,
  HISTORY_PAGE_MAX,
} from './limits.js';

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

/** A playlist is {spotifyId, info}. */
export const streamingPlaylistSchema = z.object({
  spotifyId: z.string(),
  accountId: z.string(),
  info: playlistInfoSchema,
});
export type StreamingPlaylist = z.infer<typeof streamingPlaylistSchema>;

export const removalOutcomeSchema = z.enum(['removed', 'already gone', 'failed']);

/**
 * trackRemovalDates {id, trackId, playlistId, removeAt, createdAt, updatedAt},
 * plus the job's outcome and the song as it was when the date was set (trackName is null, and
 * trackArtists empty, on records older than that).
 */
export const trackRemovalDateSchema = z.object({
  id: z.string(),
  trackId: z.string(),
  trackName: z.string().nullable(),
  trackArtists: z.array(z.string()),
  playlistId: z.string(),
  removeAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  outcome: removalOutcomeSchema.nullable(),
  outcomeDetail: z.string().nullable(),
  outcomeAt: z.string().nullable(),
});
export type TrackRemovalDate = z.infer<typeof trackRemovalDateSchema>;

export const lockSchema = z.object({
  trackId: z.string(),
  trackName: z.string(),
  /**
   * Whether the lock job keeps this lock: false beyond the plan's locks per playlist (the
   * first by position are kept) and on a paused playlist. Always sent by the server.
   */
  enforced: z.boolean().optional(),
});

/** A managed playlist's own settings: an entry of playlistsInfo, keyed by spotifyId. */
export const managedPlaylistSchema = z.object({
  id: z.string(),
  spotifyId: z.string(),
  accountId: z.string(),
  visible: z.boolean(),
  /**
   * Paused: the curator manages more playlists than the plan allows and this one is not among
   * those kept active (docs/payments.md, Downgrades). Readable; its locks are not enforced and
   * changes to it are refused with PLAN_LIMIT until it is picked (playlists/active). Always
   * sent by the server.
   */
  paused: z.boolean().optional(),
  /**
   * Its health label from the follower history (docs/playlist-health.md); the owner sees it
   * whether the playlist is visible or not. Always sent by the server.
   */
  health: playlistHealthSchema.optional(),
  /** Its genres and moods (docs/genres.md), tag ids. Always sent by the server. */
  tags: z.array(z.string()).optional(),
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

export const all = {
  input: z.object({}).strict(),
  output: z.object({ playlists: z.array(streamingPlaylistSchema), limits: planLimitsView }),
};

export const info = {
  input: z.object({}).strict(),
  output: z.object({ playlistsInfo: z.record(z.string(), managedPlaylistSchema) }),
};

export const add = {
  input: z.object({ accountId, playlistId }).strict(),
  output: z.object({ playlist: streamingPlaylistSchema, playlistInfo: managedPlaylistSchema }),
};

export const active = {
  /** The managed playlists (Spotify ids) to keep active; at most the plan's playlist limit. */
  input: z.object({ playlistIds: z.array(playlistId).max(99) }).strict(),
  output: z.object({ playlistsInfo: z.record(z.string(), managedPlaylistSchema) }),
};

export const remove = {
  input: z.object({ playlistId }).strict(),
  output: z.object({ success: z.literal(true), playlistId: z.string() }),
};

export const visibility = {
  input: z
    .object({
      playlistId,
      visible: z.boolean(),
      /**
       * Showing a private or collaborative Spotify playlist to other curators needs this
       * explicit confirmation (the client asks first); without it the answer is 400 naming it.
       */
      confirmPrivate: z.boolean().optional(),
    })
    .strict(),
  output: z.object({ playlistId: z.string(), visible: z.boolean() }),
};

export const tags = {
  /** The playlist's whole set of tags; only a visible playlist is tagged (409 otherwise). */
  input: z.object({ playlistId, tags: musicTagsSchema }).strict(),
  output: z.object({ playlistId: z.string(), tags: z.array(z.string()) }),
};

export const addPosition = {
  input: z.object({ playlistId, position }).strict(),
  output: z.object({
    playlistId: z.string(),
    lockPositions: managedPlaylistSchema.shape.lockPositions,
  }),
};

export const removePosition = {
  input: z.object({ playlistId, position }).strict(),
  output: z.object({
    playlistId: z.string(),
    lockPositions: managedPlaylistSchema.shape.lockPositions,
  }),
};

export const updatePlaylistPositions = {
  input: z.object({ playlistId, positions: z.array(position).max(999) }).strict(),
  output: z.object({
    playlistId: z.string(),
    lockPositions: managedPlaylistSchema.shape.lockPositions,
  }),
};

export const addTrackToPlaylist = {
  input: z
    .object({ accountId, playlistId, trackId: spotifyIdSchema, position: position.optional() })
    .strict(),
  output: z.object({ playlistId: z.string(), snapshotId: z.string() }),
};

export const removeTrackFromPlaylist = {
  input: z
    .object({
      accountId,
      playlistId,
      trackId: spotifyIdSchema,
      snapshotId: z.string().max(200).optional(),
    })
    .strict(),
  output: z.object({ playlistId: z.string(), snapshotId: z.string() }),
};

export const moveTrack = {
  input: z
    .object({
      accountId,
      playlistId,
      from: position,
      to: position,
      snapshotId: z.string().max(200),
    })
    .strict(),
  output: z.object({ playlistId: z.string(), snapshotId: z.string() }),
};

export const trackRemovalDate = {
  input: z.object({ playlistId, trackId: spotifyIdSchema, removeAt: isoDate.nullable() }).strict(),
  output: z.object({
    change: z.enum(['added', 'updated', 'removed', 'unchanged']),
    trackRemovalDate: trackRemovalDateSchema.nullable(),
  }),
};

export const insights = {
  input: z.object({ playlistId }).strict(),
  output: z.object({
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
};

// Streaming-playlist queries: read live from Spotify, never cached.

export const playlists = {
  input: z.object({ accountId }).strict(),
  output: z.object({ playlists: z.array(streamingPlaylistSchema) }),
};

export const playlist = {
  input: z.object({ accountId, playlistId }).strict(),
  output: z.object({
    playlist: streamingPlaylistSchema,
    items: z.array(playlistItemSchema),
    duplicates: duplicatesSchema,
  }),
};

/** Another curator's playlist: Spotify's info only, none of our internal ids. */
export const othersPlaylistSchema = z.object({ spotifyId: z.string(), info: playlistInfoSchema });

export const userPlaylist = {
  input: z.object({ userId: z.uuid(), playlistId }).strict(),
  output: z.object({ playlist: othersPlaylistSchema, items: z.array(playlistItemSchema) }),
};

export const search = {
  input: z
    .object({
      accountId: accountId.optional(),
      query: z.string().trim().min(1).max(SEARCH_QUERY_MAX),
      offset: z.number().int().min(0).max(SEARCH_OFFSET_MAX).default(0),
    })
    .strict(),
  output: z.object({
    tracks: z.array(spotifyTrackSchema),
    total: z.number().int(),
    offset: z.number().int(),
  }),
};

export const checkPrerelease = {
  input: z.object({ trackId: spotifyIdSchema }).strict(),
  output: z.object({
    trackId: z.string(),
    released: z.boolean(),
    releaseDate: z.string().nullable(),
  }),
};

/** Playlist history (docs/history.md). */
export const historySourceSchema = z.enum(['product', 'swap', 'outside', 'start']);
export const historyOpSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add'), trackId: z.string(), at: z.number().int() }),
  z.object({ op: z.literal('remove'), trackId: z.string(), from: z.number().int() }),
  z.object({
    op: z.literal('move'),
    trackId: z.string(),
    from: z.number().int(),
    to: z.number().int(),
  }),
]);
export type HistoryOp = z.infer<typeof historyOpSchema>;

export const playlistVersionSchema = z.object({
  version: z.number().int(),
  snapshotId: z.string(),
  source: historySourceSchema,
  tradeId: z.string().nullable(),
  trackCount: z.number().int(),
  createdAt: z.string(),
  ops: z.array(historyOpSchema),
  opsOmitted: z.number().int(),
});
export type PlaylistVersion = z.infer<typeof playlistVersionSchema>;

const versionNumber = z.number().int().min(1).max(2_000_000_000);

export const history = {
  input: z
    .object({
      playlistId,
      before: versionNumber.optional(),
      limit: z.number().int().min(1).max(HISTORY_PAGE_MAX).optional(),
    })
    .strict(),
  output: z.object({
    playlistId: z.string(),
    versions: z.array(playlistVersionSchema),
    /** Names of the tracks the ops name, as the history kept them (a removed track too). */
    trackNames: z.record(z.string(), z.string()),
    /** The `before` of the next page; null on the last. */
    nextBefore: z.number().int().nullable(),
  }),
};

export const historyDiff = {
  input: z.object({ playlistId, from: versionNumber, to: versionNumber }).strict(),
  output: z.object({
    playlistId: z.string(),
    from: z.number().int(),
    to: z.number().int(),
    ops: z.array(historyOpSchema),
    trackNames: z.record(z.string(), z.string()),
  }),
};

export const restoreConflictSchema = z.object({
  tradeId: z.string(),
  trackId: z.string(),
  position: z.number().int(),
  versionPosition: z.number().int().nullable(),
});
export type RestoreConflict = z.infer<typeof restoreConflictSchema>;

export const historyRestore = {
  input: z.object({ playlistId, version: versionNumber, confirm: z.boolean().optional() }).strict(),
  output: z.object({
    playlistId: z.string(),
    /** false: nothing was changed; the conflicts say which placements the version would break. */
    restored: z.boolean(),
    conflicts: z.array(restoreConflictSchema),
    /** The Spotify edits made, and the version the playlist is now (null: already that). */
    edits: z.number().int(),
    version: z.number().int().nullable(),
  }),
};

export const whereIsTrack = {
  input: z.object({ trackId: spotifyIdSchema }).strict(),
  output: z.object({
    trackId: z.string(),
    places: z.array(
      z.object({
        playlistId: z.string(),
        playlistName: z.string(),
        position: z.number().int(),
        since: z.string(),
        tradeId: z.string().nullable(),
      }),
    ),
  }),
};
