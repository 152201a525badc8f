import { z } from 'zod';
import { isoDateSchema } from '../isoDate.js';
import { songSchema } from '../songs/schemas.js';
import { spotifyIdSchema } from '../spotifyTrack.js';
import { TRADE_STATUSES } from '../../domain/swaps.js';
import {
  CLOSE_REASON_MAX,
  PITCH_MAX,
  TRADE_SONGS_MAX,
  STREAMS_MAX,
  POSITION_MAX,
  TRADER_QUERY_MAX,
  TRADES_CURSOR_MAX,
  TRADES_PER_BUCKET_DEFAULT,
  TRADES_PER_BUCKET_MAX,
} from './limits.js';

export const tradeStatusSchema = z.enum(TRADE_STATUSES);
export type TradeStatus = z.infer<typeof tradeStatusSchema>;

/** 0 undecided, 1 approved, 2 rejected. */
export const approvalSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** Where a swapped song was placed (spec: PlaylistSongs {playlistId, playlistSpotifyId, trackId, PlaylistPosition.position}). */
export const playlistSongSchema = z.object({
  /** The placement's id (checks name it). */
  id: z.string(),
  /**
   * Our managed playlist id, for the curator who placed the song (the playlist is theirs); null
   * for the song's owner, and once the placing curator no longer manages the playlist.
   */
  playlistId: z.string().nullable(),
  playlistSpotifyId: z.string(),
  playlistName: z.string(),
  /** The placing curator's linked account the playlist is edited through; null like playlistId. */
  accountId: z.string().nullable(),
  trackId: z.string(),
  PlaylistPosition: z.object({ position: z.number().int() }),
  placedAt: z.string(),
});

/** One day's check of a placement: was the track still in the playlist, at its position? */
export const placementCheckSchema = z.object({
  /** The placement checked (PlaylistSongs[].id, or an earlier placement of the song since taken out). */
  placementId: z.string(),
  playlistSpotifyId: z.string(),
  /** yyyy-MM-dd (UTC), one check per placement per day, oldest first. */
  day: z.string(),
  inPlaylist: z.boolean(),
  atPosition: z.boolean(),
  /** Where the track actually was (0-based), when it was in the playlist. */
  position: z.number().int().nullable(),
});

/** TradeSong {id, songId, approved, Song, PlaylistSongs}, plus who owns and who places it. */
export const tradeSongSchema = z.object({
  id: z.string(),
  tradeId: z.string(),
  songId: z.string(),
  /** The trader whose song it is; the other trader places it. */
  ownerId: z.string(),
  approved: approvalSchema,
  Song: songSchema,
  PlaylistSongs: z.array(playlistSongSchema),
  /** Reported by the song's owner (no provider gives stream counts); null until reported. */
  streams: z.number().int().nullable(),
  /** The placing side chose to keep the track after the swap (no removal date at completion). */
  keep: z.boolean(),
  /**
   * The daily record of the song's placements (while the swap is accepted), oldest first.
   * `all` leaves it empty to stay small; trade, tradeinfo, trade-songs and every change answer it.
   */
  checks: z.array(placementCheckSchema),
});
export type TradeSong = z.infer<typeof tradeSongSchema>;

/** A side's track list entry {id, approved, playlisted}; id is the TradeSong id. */
export const tradeTrackSchema = z.object({
  id: z.string(),
  songId: z.string(),
  /** null while undecided; true approved; false rejected (spec: "true/false in the track lists"). */
  approved: z.boolean().nullable(),
  playlisted: z.boolean(),
});

/** The status sub-object {status, traderOneAccepted, traderTwoAccepted, streams}. */
export const tradeStatusInfoSchema = z.object({
  status: tradeStatusSchema,
  traderOneAccepted: z.boolean(),
  traderTwoAccepted: z.boolean(),
  streams: z.number().int().nullable(),
});
export type TradeStatusInfo = z.infer<typeof tradeStatusInfoSchema>;

export const traderSchema = z.object({
  id: z.string(),
  name: z.string(),
  userProfilePicture: z.string().nullable(),
});

/**
 * Trade, as the caller sees it. `userId` is the caller and `traderId` the other
 * side; `userTracks` are the caller's songs (placed by the other side) and `traderTracks` the
 * other side's songs (placed by the caller). Realtime pushes are presented for their recipient
 * the same way, OpenTrade included (see TradeOnlyToMePayloads below).
 */
export const tradeSchema = z.object({
  id: z.string(),
  status: tradeStatusSchema,
  traderOneId: z.string(),
  traderTwoId: z.string(),
  userId: z.string(),
  traderId: z.string(),
  trader: traderSchema,
  createdAt: z.string(),
  /** When the period starts (set when both accepted; in the future for a scheduled swap). */
  startDate: z.string().nullable(),
  /** startDate + periodDays. */
  endDate: z.string().nullable(),
  /** A start date asked for when opening (null: as soon as both accept). */
  requestedStartDate: z.string().nullable(),
  periodDays: z.number().int(),
  traderOneAccepted: z.boolean(),
  traderTwoAccepted: z.boolean(),
  /** Sum of the streams reported on the swap's songs; null when none reported. */
  streams: z.number().int().nullable(),
  userTracks: z.array(tradeTrackSchema),
  traderTracks: z.array(tradeTrackSchema),
  TradeSongs: z.array(tradeSongSchema),
  /** The conversation between the two traders, when one exists. */
  conversationId: z.string().nullable(),
  /** The opener's note to the partner, plain text, kept with the swap; null without one. */
  pitch: z.string().nullable(),
});
export type Trade = z.infer<typeof tradeSchema>;

/**
 * A swap as the Song Swaps table lists it, for the viewer: the other trader, the songs
 * counted per side, the period and dates, how the sides stand. The songs themselves, their
 * placements and record come with trades/trade and trades/tradeinfo when the swap is opened.
 * A row leaves out what the swap does not have yet (dates, streams, a pitch) rather than
 * sending nulls: a page holds up to a hundred rows.
 */
export const tradeRowSchema = z.object({
  id: z.string(),
  status: tradeStatusSchema,
  /** The other side. */
  trader: traderSchema,
  createdAt: z.string(),
  /** The period's start and end once both accepted; absent before. */
  startDate: z.string().optional(),
  endDate: z.string().optional(),
  /** A start date asked for when opening; absent without one. */
  requestedStartDate: z.string().optional(),
  periodDays: z.number().int(),
  /** Whether the viewer, and the other trader, accepted the swap. */
  userAccepted: z.boolean(),
  traderAccepted: z.boolean(),
  /** Sum of the streams reported on the swap's songs; absent when none was reported. */
  streams: z.number().int().optional(),
  /** The viewer's songs in the swap (placed by the other side), and the other side's. */
  userSongs: z.number().int(),
  traderSongs: z.number().int(),
  /** An approved song of either side waits to be placed. */
  awaitingPlacement: z.boolean(),
  /** The swap's songs, as places in the answer's `songs` (each named once). */
  songs: z.array(z.number().int()),
  /** The opener's note, listed with a pending swap only; absent otherwise. */
  pitch: z.string().optional(),
});
export type TradeRow = z.infer<typeof tradeRowSchema>;

/** A song as the list's song filter names it (its Song id, title and artists). */
export const listedSongSchema = z.object({
  id: z.string(),
  title: z.string(),
  artists: z.array(z.string()),
});
export type ListedSong = z.infer<typeof listedSongSchema>;

const tradeId = z.uuid();
const tradeSongId = z.uuid();
const position = z.number().int().min(0).max(POSITION_MAX);
const isoDate = isoDateSchema;

const withTrade = z.object({ trade: tradeSchema });
const withTradeSong = z.object({ trade: tradeSchema, tradeSong: tradeSongSchema });

export const all = {
  input: z
    .object({
      statuses: z.array(tradeStatusSchema).min(1).max(4),
      /** A bucket's nextCursor: its next page (then `statuses` names that one bucket). */
      cursor: z.string().min(1).max(TRADES_CURSOR_MAX).optional(),
      /** Swaps per bucket. */
      limit: z.number().int().min(1).max(TRADES_PER_BUCKET_MAX).default(TRADES_PER_BUCKET_DEFAULT),
    })
    .strict()
    .refine((input) => !input.cursor || new Set(input.statuses).size === 1, {
      message: 'A cursor continues one bucket: give that one status',
      path: ['statuses'],
    }),
  output: z.object({
    trades: z.partialRecord(tradeStatusSchema, z.array(tradeRowSchema)),
    /** Each bucket's cursor for its next page; null when the bucket is listed to its end. */
    nextCursors: z.partialRecord(tradeStatusSchema, z.string().nullable()),
    /** The listed swaps' songs, once each however many swaps hold them. */
    songs: z.array(listedSongSchema),
  }),
};

export const trade = {
  input: z.object({ tradeId }).strict(),
  output: withTrade,
};

export const tradeInfo = {
  input: z.object({ tradeId }).strict(),
  output: withTrade,
};

/**
 * Plain text a curator writes to the other side: trimmed, at most `max` characters; empty
 * means none. Text the database cannot hold (NUL, lone surrogates) is refused for every action
 * before its handler runs, and every screen and mail shows it as text, never as markup.
 */
const noteText = (max: number, what: string) =>
  z.string().trim().max(max, `${what} can be at most ${max} characters`);

export const deleteTrade = {
  input: z
    .object({
      tradeId,
      /** Why the swap is declined or deleted, for the other side (optional). */
      reason: noteText(CLOSE_REASON_MAX, 'A reason').optional(),
    })
    .strict(),
  output: z.object({
    success: z.literal(true),
    tradeId: z.string(),
    /** The reason given, as the other side is shown it; null without one. */
    reason: z.string().nullable(),
  }),
};

export const open = {
  input: z
    .object({
      traderId: z.uuid(),
      periodDays: z.number().int().positive(),
      startDate: isoDate.optional(),
      songIds: z
        .array(z.uuid())
        .max(TRADE_SONGS_MAX * 2)
        .default([]),
      /** A short note to the partner, shown at the top of the swap (optional). */
      pitch: noteText(PITCH_MAX, 'A pitch').optional(),
    })
    .strict(),
  output: withTrade,
};

export const addTrack = {
  input: z.object({ tradeId, songId: z.uuid() }).strict(),
  output: withTradeSong,
};

export const removeTrack = {
  input: z.object({ tradeId, tradeSongId }).strict(),
  output: withTrade,
};

export const potentialTraders = {
  input: z.object({ query: z.string().trim().max(TRADER_QUERY_MAX).optional() }).strict(),
  output: z.object({
    traders: z.array(
      traderSchema.extend({ visiblePlaylists: z.number().int(), catalogSongs: z.number().int() }),
    ),
  }),
};

export const tradeSongs = {
  input: z.object({ tradeId }).strict(),
  output: z.object({ tradeSongs: z.array(tradeSongSchema) }),
};

export const accept = {
  input: z.object({ tradeId }).strict(),
  output: z.object({ trade: tradeSchema, status: tradeStatusInfoSchema }),
};

export const update = {
  input: z
    .object({
      tradeId,
      periodDays: z.number().int().positive().optional(),
      startDate: isoDate.nullable().optional(),
      tradeSongId: tradeSongId.optional(),
      streams: z.number().int().min(0).max(STREAMS_MAX).optional(),
      keep: z.boolean().optional(),
    })
    .strict()
    .refine(
      (input) =>
        input.periodDays !== undefined ||
        input.startDate !== undefined ||
        (input.tradeSongId !== undefined &&
          (input.streams !== undefined || input.keep !== undefined)),
      'Nothing to change',
    ),
  output: z.object({ trade: tradeSchema, status: tradeStatusInfoSchema }),
};

export const acceptRejectSong = {
  input: z
    .object({ tradeId, tradeSongId, approved: z.union([z.literal(1), z.literal(2)]) })
    .strict(),
  output: withTradeSong,
};

export const addToPlaylist = {
  input: z.object({ tradeId, tradeSongId, playlistId: spotifyIdSchema, position }).strict(),
  output: withTradeSong,
};

export const updatePosition = {
  input: z.object({ tradeId, tradeSongId, position }).strict(),
  output: withTradeSong,
};

export const removeSongFromPlaylist = {
  input: z.object({ tradeId, tradeSongId }).strict(),
  output: withTradeSong,
};

/** One day's check of a placement for its outcome: in place (in the playlist at its position), where it was (1-based). */
export const outcomeDaySchema = z.object({
  day: z.string(),
  inPlace: z.boolean(),
  inPlaylist: z.boolean(),
  /** 1-based position found that day; null when the track was not in the playlist. */
  position: z.number().int().nullable(),
});

/** One day's follower count of the placing playlist (null: not counted that day). */
export const followerDaySchema = z.object({
  day: z.string(),
  followers: z.number().int().nullable(),
});

/**
 * The placing playlist's followers over the swap's period against its own trend before it:
 * `expectedChange` is the trend per day before the period times the period's days so far;
 * `beyondTrend` what the period gained beyond it. Nulls where the history has no count.
 */
export const outcomeFollowersSchema = z.object({
  atStart: z.number().int().nullable(),
  atEnd: z.number().int().nullable(),
  change: z.number().int().nullable(),
  trendPerDay: z.number().nullable(),
  expectedChange: z.number().int().nullable(),
  beyondTrend: z.number().int().nullable(),
  /** From up to 28 days before the period to its end (or today), oldest first. */
  history: z.array(followerDaySchema),
});

/** What one placement of the swap did. */
export const placementOutcomeSchema = z.object({
  placementId: z.string(),
  tradeSongId: z.string(),
  songName: z.string(),
  /** The song's owner; the other trader placed it. */
  ownerId: z.string(),
  placedById: z.string(),
  playlistName: z.string(),
  playlistSpotifyId: z.string(),
  /** 1-based position it was put at. */
  position: z.number().int(),
  placedDay: z.string(),
  removedDay: z.string().nullable(),
  daysChecked: z.number().int(),
  /** Days the check found it in the playlist at its position. */
  daysInPlace: z.number().int(),
  /** Taken out, or found gone, before the period's end. */
  leftEarly: z.boolean(),
  /** Checked at least once and in place every day checked: what the reliability record counts. */
  honoured: z.boolean(),
  days: z.array(outcomeDaySchema),
  /** null once the placing curator no longer manages the playlist. */
  followers: outcomeFollowersSchema.nullable(),
});

/** Streams a song's owner reported for it (null: not yet). */
export const outcomeStreamsSchema = z.object({
  tradeSongId: z.string(),
  songName: z.string(),
  ownerId: z.string(),
  streams: z.number().int().nullable(),
});

export const tradeOutcomeSchema = z.object({
  tradeId: z.string(),
  status: tradeStatusSchema,
  startDay: z.string(),
  endDay: z.string(),
  /** The period's last day (the day before endDay). */
  lastDay: z.string(),
  periodDays: z.number().int(),
  /** Days of the period gone so far (all of them once completed). */
  daysSoFar: z.number().int(),
  placements: z.array(placementOutcomeSchema),
  streams: z.array(outcomeStreamsSchema),
  /** The traders whose placed songs have no streams reported yet. */
  notReported: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TradeOutcome = z.infer<typeof tradeOutcomeSchema>;
export type PlacementOutcome = z.infer<typeof placementOutcomeSchema>;

export const outcome = {
  input: z.object({ tradeId }).strict(),
  /** null while the swap is pending or scheduled: nothing has been placed for it yet. */
  output: z.object({ outcome: tradeOutcomeSchema.nullable() }),
};
