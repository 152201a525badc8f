/**
 * The limits of this area's actions (lengths, page sizes, counts, time windows). Zod-free and
 * importing nothing: the schemas, the action table, the server and the client load it at run
 * time (common/api/contract.ts, "How an API action is declared").
 */

export const MESSAGE_MAX = 4000;
export const ONLINE_STATUS_MAX_IDS = 200;
export const MESSAGES_PAGE_MAX = 100;
export const CONVERSATIONS_PAGE_MAX = 100;

/** A page of the conversation list when the caller names no limit. */
export const CONVERSATIONS_PAGE_SIZE = 30;

/** A thread's page when the caller names no limit. */
export const MESSAGES_PAGE_SIZE = 50;
