/** How far ahead Home's "Coming up" looks, in days (today included). */
export const COMING_UP_DAYS = 14;
/** At most this many entries of "Coming up" (the schedule lists them all). */
export const COMING_UP_MAX = 20;
/** At most this many playlists under "Your playlists". */
export const DESK_PLAYLISTS_MAX = 20;
/** The follower change and chart of "Your playlists" cover this many days. */
export const FOLLOWER_WINDOW_DAYS = 30;
/** Schedule entries per page by default, and at most. */
export const SCHEDULE_PAGE_DEFAULT = 30;
export const SCHEDULE_PAGE_MAX = 100;
/** A schedule cursor's length at most (a day, a kind and an id). */
export const SCHEDULE_CURSOR_MAX = 200;
/** At most this many partners are offered as the schedule's partner filter. */
export const SCHEDULE_PARTNERS_MAX = 100;
/** The iCalendar feed carries at most this many events (the earliest first). */
export const SCHEDULE_FEED_EVENTS_MAX = 500;
