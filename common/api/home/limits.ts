/** How far ahead Home's "Coming up" looks, in days (today included). */
export const COMING_UP_DAYS = 14;
/** At most this many entries of "Coming up" (the schedule lists them all). */
export const COMING_UP_MAX = 20;
/** At most this many playlists under "Your playlists". */
export const DESK_PLAYLISTS_MAX = 20;
/** The follower change and chart of "Your playlists" cover this many days. */
export const FOLLOWER_WINDOW_DAYS = 30;
