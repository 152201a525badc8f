/**
 * The limits of this area's actions (lengths, page sizes, counts, time windows). Zod-free and
 * importing nothing: the schemas, the action table, the server and the client load it at run
 * time (common/api/contract.ts, "How an API action is declared").
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 80;
export const DESCRIPTION_MAX = 2000;
export const NETWORK_MAX = 120;
export const EMAIL_MAX = 254;

/** The largest picture file a curator may upload (before it is re-encoded). */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** Activity entries per page (keyset paging, newest first). */
export const ACTIVITY_PAGE_SIZE = 20;

export const ACTIVITY_CURSOR_MAX = 200;
