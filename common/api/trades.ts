import { z } from 'zod';
import { isoDateSchema } from './isoDate.js';
import { defineAction } from './contract.js';
import { songSchema } from './songs.js';
import { spotifyIdSchema } from './spotifyTrack.js';

/** The four buckets of the Song Swaps screen (spec section 3, Trades state). */
export const TRADE_STATUSES = ['pending', 'scheduled', 'accepted', 'completed'] as const;
export const tradeStatusSchema = z.enum(TRADE_STATUSES);
export type TradeStatus = z.infer<typeof tradeStatusSchema>;

/** Songs per side of one swap. */
export const TRADE_SONGS_MAX = 20;
/** Streams a song owner may report for one song (a sanity bound, not a product rule). */
export const STREAMS_MAX = 1_000_000_000;
/** `all` answers at most this many swaps per bucket, newest first. */
export const TRADES_PER_BUCKET_MAX = 100;
/** `potential-traders` answers at most this many curators, by name. */
export const POTENTIAL_TRADERS_MAX = 50;
/** A requested start date lies between today and this many days ahead (UTC days). */
export const START_DATE_AHEAD_MAX_DAYS = 365;

/** 0 undecided, 1 approved, 2 rejected (spec section 3, TradeSong.approved). */
export const approvalSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** Where a swapped song was placed (spec: PlaylistSongs {playlistId, playlistSpotifyId, trackId, PlaylistPosition.position}). */
export const playlistSongSchema = z.object({
  /** The placement's id (checks name it). */
  id: z.string(),
  /** Our managed playlist id; null once the placing curator no longer manages the playlist. */
  playlistId: z.string().nullable(),
  playlistSpotifyId: z.string(),
  playlistName: z.string(),
  /** The linked account the playlist is edited through; null like playlistId. */
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

/** Spec section 3: TradeSong {id, songId, approved, Song, PlaylistSongs}, plus who owns and who places it. */
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

/** Spec section 3: a side's track list entry {id, approved, playlisted}; id is the TradeSong id. */
export const tradeTrackSchema = z.object({
  id: z.string(),
  songId: z.string(),
  /** null while undecided; true approved; false rejected (spec: "true/false in the track lists"). */
  approved: z.boolean().nullable(),
  playlisted: z.boolean(),
});

/** Spec section 3: the status sub-object {status, traderOneAccepted, traderTwoAccepted, streams}. */
export const tradeStatusInfoSchema = z.object({
  status: tradeStatusSchema,
  traderOneAccepted: z.boolean(),
  traderTwoAccepted: z.boolean(),
  streams: z.number().int().nullable(),
});

export const traderSchema = z.object({
  id: z.string(),
  name: z.string(),
  userProfilePicture: z.string().nullable(),
});

/**
 * Spec section 3: Trade, as the caller sees it. `userId` is the caller and `traderId` the other
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
});
export type Trade = z.infer<typeof tradeSchema>;

const tradeId = z.uuid();
const tradeSongId = z.uuid();
const position = z.number().int().min(0).max(9_999);
const isoDate = isoDateSchema;

const action = <const Action extends string, Input extends z.ZodType, Output extends z.ZodType>(
  name: Action,
  summary: string,
  input: Input,
  output: Output,
) => defineAction({ area: 'trades', action: name, access: 'user', summary, input, output });

const withTrade = z.object({ trade: tradeSchema });
const withTradeSong = z.object({ trade: tradeSchema, tradeSong: tradeSongSchema });

export const all = action(
  'all',
  "The caller's swaps in the given buckets, newest first (spec: payload statuses; trades keyed by status).",
  z.object({ statuses: z.array(tradeStatusSchema).min(1).max(4) }).strict(),
  z.object({ trades: z.partialRecord(tradeStatusSchema, z.array(tradeSchema)) }),
);

export const trade = action(
  'trade',
  'One swap of the caller’s.',
  z.object({ tradeId }).strict(),
  withTrade,
);

export const tradeInfo = action(
  'tradeinfo',
  'One swap with its placement record per day and the traders’ conversation.',
  z.object({ tradeId }).strict(),
  withTrade,
);

export const deleteTrade = action(
  'deletetrade',
  'Delete a pending or scheduled swap (either side); 409 once accepted or completed.',
  z.object({ tradeId }).strict(),
  z.object({ success: z.literal(true), tradeId: z.string() }),
);

export const open = action(
  'open',
  'Open a swap with another curator: a period allowed by the caller’s plan, an optional start date, and songs from either catalogue.',
  z
    .object({
      traderId: z.uuid(),
      periodDays: z.number().int().positive(),
      startDate: isoDate.optional(),
      songIds: z
        .array(z.uuid())
        .max(TRADE_SONGS_MAX * 2)
        .default([]),
    })
    .strict(),
  withTrade,
);

export const addTrack = action(
  'addtrack',
  'Add a song from either trader’s catalogue to a pending swap (it joins its owner’s side); clears both acceptances.',
  z.object({ tradeId, songId: z.uuid() }).strict(),
  withTradeSong,
);

export const removeTrack = action(
  'removetrack',
  'Remove a song from a pending swap; clears both acceptances.',
  z.object({ tradeId, tradeSongId }).strict(),
  withTrade,
);

export const potentialTraders = action(
  'potential-traders',
  'Curators one can open a swap with: others with at least one visible managed playlist.',
  z.object({ query: z.string().trim().max(100).optional() }).strict(),
  z.object({
    traders: z.array(
      traderSchema.extend({ visiblePlaylists: z.number().int(), catalogSongs: z.number().int() }),
    ),
  }),
);

export const tradeSongs = action(
  'trade-songs',
  'The songs of a swap with their placements and checks.',
  z.object({ tradeId }).strict(),
  z.object({ tradeSongs: z.array(tradeSongSchema) }),
);

export const accept = action(
  'accept',
  'Accept the swap for the caller’s side; when both have accepted it becomes accepted (or scheduled, with a future start).',
  z.object({ tradeId }).strict(),
  z.object({ trade: tradeSchema, status: tradeStatusInfoSchema }),
);

export const update = action(
  'update',
  'Change a swap: its period or start date while pending (clears acceptances), the streams of one’s own song, or keeping a placed song after the swap.',
  z
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
  z.object({ trade: tradeSchema, status: tradeStatusInfoSchema }),
);

export const acceptRejectSong = action(
  'acceptrejectsong',
  'Approve (1) or reject (2) a song; only the side that would place it may.',
  z.object({ tradeId, tradeSongId, approved: z.union([z.literal(1), z.literal(2)]) }).strict(),
  withTradeSong,
);

export const addToPlaylist = action(
  'addtoplaylist',
  'Place an approved song of the other trader into one of the caller’s managed playlists at a position (a real Spotify edit).',
  z.object({ tradeId, tradeSongId, playlistId: spotifyIdSchema, position }).strict(),
  withTradeSong,
);

export const updatePosition = action(
  'update-position',
  'Move a placed song to another position of its playlist (a real Spotify edit).',
  z.object({ tradeId, tradeSongId, position }).strict(),
  withTradeSong,
);

export const removeSongFromPlaylist = action(
  'removesongfromplaylist',
  'Take a placed song out of its playlist (a real Spotify edit).',
  z.object({ tradeId, tradeSongId }).strict(),
  withTradeSong,
);

export const tradeActions = [
  all,
  trade,
  tradeInfo,
  deleteTrade,
  open,
  addTrack,
  removeTrack,
  potentialTraders,
  tradeSongs,
  accept,
  update,
  acceptRejectSong,
  addToPlaylist,
  updatePosition,
  removeSongFromPlaylist,
] as const;

type In<C extends { input: z.ZodType }> = z.output<C['input']>;
type Out<C extends { output: z.ZodType }> = z.output<C['output']>;

/**
 * What the OTHER trader receives as onlytome {type, request, response} after each change
 * (common/realtime/events.ts). `request` is the acting trader's validated input; `response` is
 * what the action answered, but presented for the recipient: in every Trade `userId` is the
 * recipient, `traderId`/`trader` the actor, `userTracks` the recipient's songs. OpenTrade is
 * therefore already mirrored by the server: a client applying the spec's mirror must only swap
 * when `response.trade.userId` is not the signed-in user (then the swap is a no-op here).
 * UpdateTrade is also sent to both traders by the jobs when a swap starts (scheduled ->
 * accepted) or ends (accepted -> completed), with request {tradeId}.
 */
export interface TradeOnlyToMePayloads {
  OpenTrade: { request: In<typeof open>; response: Out<typeof open> };
  DeleteTrade: { request: In<typeof deleteTrade>; response: Out<typeof deleteTrade> };
  UpdateTrade: { request: In<typeof update> | { tradeId: string }; response: Out<typeof update> };
  AddSongToTrade: { request: In<typeof addTrack>; response: Out<typeof addTrack> };
  RemoveSongFromTrade: { request: In<typeof removeTrack>; response: Out<typeof removeTrack> };
  AcceptOrRejectSong: {
    request: In<typeof acceptRejectSong>;
    response: Out<typeof acceptRejectSong>;
  };
  AddSongToPlaylist: { request: In<typeof addToPlaylist>; response: Out<typeof addToPlaylist> };
  UpdatePlaylistPosition: {
    request: In<typeof updatePosition>;
    response: Out<typeof updatePosition>;
  };
  RemoveTradeSongFromPlaylistPosition: {
    request: In<typeof removeSongFromPlaylist>;
    response: Out<typeof removeSongFromPlaylist>;
  };
  AcceptTrade: { request: In<typeof accept>; response: Out<typeof accept> };
}
export type TradeOnlyToMeType = keyof TradeOnlyToMePayloads;
