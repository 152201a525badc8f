/**
 * The limits of this area's actions (lengths, page sizes, counts, time windows). Zod-free and
 * importing nothing: the schemas, the action table, the server and the client load it at run
 * time (common/api/contract.ts, "How an API action is declared").
 */

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

/**
 * The longest pitch, the note a swap is opened with, in characters: a few sentences, like a
 * message preview (docs/swaps.md, "Pitch and reason").
 */
export const PITCH_MAX = 280;

/** The longest reason given when declining or deleting a swap, in characters. */
export const CLOSE_REASON_MAX = 280;
