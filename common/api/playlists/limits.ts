/**
 * The limits of this area's actions (lengths, page sizes, counts, time windows). Zod-free and
 * importing nothing: the schemas, the action table, the server and the client load it at run
 * time (common/api/contract.ts, "How an API action is declared").
 */

/** The earliest and latest removal dates the date picker offers. */
export const REMOVAL_DATE_MIN = '1900-01-01';

export const REMOVAL_DATE_MAX = '2099-12-31';

/** Spotify's playlist size limit; positions beyond it cannot exist. */
export const MAX_PLAYLIST_POSITION = 10_000;

/** Track search: the query's length, and the last offset Spotify pages to (10 a page). */
export const SEARCH_QUERY_MAX = 200;

export const SEARCH_OFFSET_MAX = 990;

/** Versions per page of a playlist's history. */
export const HISTORY_PAGE_MAX = 50;
