/**
 * The limits of this area's actions (lengths, page sizes, counts, time windows). Zod-free and
 * importing nothing: the schemas, the action table, the server and the client load it at run
 * time (common/api/contract.ts, "How an API action is declared").
 */

/** Songs per page of catalog and trader/catalog (keyset paging). */
export const CATALOG_PAGE_SIZE = 50;

export const SONG_TITLE_MAX = 200;
export const ARTIST_NAME_MAX = 100;
export const ARTISTS_MAX = 10;
export const ARTWORK_URL_MAX = 2000;
export const TRACK_REFERENCE_MAX = 300;
export const CURSOR_MAX = 300;
