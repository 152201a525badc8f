/**
 * The limits of this area's actions (lengths, page sizes, counts, time windows). Zod-free and
 * importing nothing: the schemas, the action table, the server and the client load it at run
 * time (common/api/contract.ts, "How an API action is declared").
 */

/** A page of a network list when the caller names no limit. */
export const NETWORK_PAGE_SIZE = 20;

/** The largest page of a network list. */
export const NETWORK_PAGE_MAX = 50;

/** The length of a name search. */
export const NAME_QUERY_MAX = 80;

/** The length of a friend group's name. */
export const GROUP_NAME_MAX = 60;

/** Friend groups one curator may keep. */
export const GROUPS_MAX = 50;

/** Friends one group may hold. */
export const GROUP_MEMBERS_MAX = 500;

/** Invitations one curator may create in a day. */
export const INVITES_PER_DAY_MAX = 20;

/** Days an invitation link stays valid. */
export const INVITE_VALID_DAYS = 14;

/** The length of an invitation secret as carried in links. */
export const LINK_TOKEN_MAX = 200;

/** Shared artists a partner's fit names (the count covers all of them). */
export const SHARED_ARTISTS_SHOWN = 5;

/** The fit score's range: 0 (nothing in common, no record) to 100. */
export const FIT_SCORE_MAX = 100;
