import type * as schemas from './schemas.js';
import { actionTable } from '../contract.js';

/** The four buckets of the Song Swaps screen (spec section 3, Trades state). */
export const TRADE_STATUSES = ['pending', 'scheduled', 'accepted', 'completed'] as const;
/** Songs per side of one swap. */
export const TRADE_SONGS_MAX = 20;
/** Streams a song owner may report for one song (a sanity bound, not a product rule). */
export const STREAMS_MAX = 1_000_000_000;
/** `all` answers at most this many swaps per bucket a page, newest first. */
export const TRADES_PER_BUCKET_MAX = 100;
/**
 * Swaps per bucket when `all` is not given a limit: a screen's worth (the Song Swaps table shows
 * about 20 rows before scrolling); "Show more" reads the next page by the bucket's cursor. 100
 * per bucket answered 0.5-0.7 MiB for a busy curator (bench/README.md, API).
 */
export const TRADES_PER_BUCKET_DEFAULT = 25;
/** The length of a bucket's page cursor. */
export const TRADES_CURSOR_MAX = 200;
/** `potential-traders` answers at most this many curators, by name. */
export const POTENTIAL_TRADERS_MAX = 50;
/** A requested start date lies between today and this many days ahead (UTC days). */
export const START_DATE_AHEAD_MAX_DAYS = 365;
/** The last playlist position (0-based) a swapped song can be placed at. */
export const POSITION_MAX = 9_999;
/** The length of a `potential-traders` name query. */
export const TRADER_QUERY_MAX = 100;

export const tradesActions = actionTable<typeof schemas>()('trades', {
  /** The caller's swaps in the given buckets, newest first, a page each (spec: payload statuses; trades keyed by status); a bucket's nextCursor reads its next page. */
  all: { action: 'all', access: 'user' },
  /** One swap of the caller’s. */
  trade: { action: 'trade', access: 'user' },
  /** One swap with its placement record per day and the traders’ conversation. */
  tradeInfo: { action: 'tradeinfo', access: 'user' },
  /** Delete a pending or scheduled swap (either side); 409 once accepted or completed. */
  deleteTrade: { action: 'deletetrade', access: 'user' },
  /** Open a swap with another curator: a period allowed by the caller’s plan, an optional start date, and songs from either catalogue. */
  open: { action: 'open', access: 'user' },
  /** Add a song from either trader’s catalogue to a pending swap (it joins its owner’s side); clears both acceptances. */
  addTrack: { action: 'addtrack', access: 'user' },
  /** Remove a song from a pending swap; clears both acceptances. */
  removeTrack: { action: 'removetrack', access: 'user' },
  /** Curators one can open a swap with: others with at least one visible managed playlist. */
  potentialTraders: { action: 'potential-traders', access: 'user' },
  /** The songs of a swap with their placements and checks. */
  tradeSongs: { action: 'trade-songs', access: 'user' },
  /** Accept the swap for the caller’s side; when both have accepted it becomes accepted (or scheduled, with a future start). */
  accept: { action: 'accept', access: 'user' },
  /** Change a swap: its period or start date while pending (clears acceptances), the streams of one’s own song, or keeping a placed song after the swap. */
  update: { action: 'update', access: 'user' },
  /** Approve (1) or reject (2) a song; only the side that would place it may. */
  acceptRejectSong: { action: 'acceptrejectsong', access: 'user' },
  /** Place an approved song of the other trader into one of the caller’s managed playlists at a position (a real Spotify edit). */
  addToPlaylist: { action: 'addtoplaylist', access: 'user' },
  /** Move a placed song to another position of its playlist (a real Spotify edit). */
  updatePosition: { action: 'update-position', access: 'user' },
  /** Take a placed song out of its playlist (a real Spotify edit). */
  removeSongFromPlaylist: { action: 'removesongfromplaylist', access: 'user' },
});
