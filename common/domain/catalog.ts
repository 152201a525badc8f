/**
 * Song catalogue rules both sides use:
 * availability values, which of them a curator may set by hand, the release-day rule for
 * upcoming releases, and reading a Spotify track link, URI or id.
 */

/** Availability of a song. */
export const SONG_STATUSES = ['pending', 'not available', 'available', 'upcoming'] as const;
export type SongStatus = (typeof SONG_STATUSES)[number];

/**
 * What catalog/update-status accepts. 'upcoming' is not among them: it follows from an
 * upcoming release's date. 'pending' hands the song back to the availability check.
 */
export const CURATOR_SET_STATUSES = ['pending', 'available', 'not available'] as const;
export type CuratorSetStatus = (typeof CURATOR_SET_STATUSES)[number];

/** Who set a song's status last: the availability check, or the curator by hand. */
export type StatusSetBy = 'check' | 'curator';

/** The latest day a release may be set to (the date picker's range). */
export const RELEASE_DATE_MAX = '2099-12-31';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of a moment, yyyy-MM-dd. */
export function utcDayOf(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** The first day an upcoming release may be set to: tomorrow, by the UTC day. */
export function firstUpcomingDay(now: Date): string {
  return utcDayOf(new Date(now.getTime() + DAY_MS));
}

/** An upcoming release's date must lie strictly after today (UTC) and within the picker's range. */
export function isUpcomingReleaseDay(day: string, now: Date): boolean {
  return day >= firstUpcomingDay(now) && day <= RELEASE_DATE_MAX;
}

/** Whether a release day (yyyy-MM-dd) has come, by the UTC day. */
export function hasReleaseDayCome(day: string, now: Date): boolean {
  return day <= utcDayOf(now);
}

const SPOTIFY_ID = /^[A-Za-z0-9]{1,64}$/;
const TRACK_URI = /^spotify:track:([A-Za-z0-9]{1,64})$/;
/** open.spotify.com/track/{id}, also with a locale segment (intl-de) and query (?si=...). */
const TRACK_PAGE =
  /^https?:\/\/open\.spotify\.com\/(?:intl-[a-z]{2}(?:-[A-Za-z]{2})?\/)?track\/([A-Za-z0-9]{1,64})\/?(?:[?#].*)?$/;

/**
 * The Spotify track id in a track link (https://open.spotify.com/track/{id}), a URI
 * (spotify:track:{id}) or a bare id; null for anything else.
 */
export function spotifyTrackIdFrom(text: string): string | null {
  const value = text.trim();
  const match = TRACK_PAGE.exec(value) ?? TRACK_URI.exec(value);
  if (match) return match[1] ?? null;
  return SPOTIFY_ID.test(value) ? value : null;
}

/**
 * Whether text someone typed is meant as a track link or URI rather than search words. A
 * bare id counts only at Spotify's length of 22 characters with a digit in it, so a search
 * for a single word is not mistaken for one.
 */
export function looksLikeTrackReference(text: string): boolean {
  const value = text.trim();
  if (TRACK_PAGE.test(value) || TRACK_URI.test(value)) return true;
  return /^[A-Za-z0-9]{22}$/.test(value) && /\d/.test(value);
}
