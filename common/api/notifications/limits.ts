/** Entries per page of the bell's list. */
export const NOTIFICATIONS_PAGE_DEFAULT = 20;
export const NOTIFICATIONS_PAGE_MAX = 50;
/** A page cursor's length at most (a keyset of a time and an id). */
export const NOTIFICATIONS_CURSOR_MAX = 200;
/** Entries marked read in one call at most. */
export const NOTIFICATIONS_READ_MAX = 100;
/** How long an entry is kept (days). */
export const NOTIFICATIONS_KEPT_DAYS = 90;
