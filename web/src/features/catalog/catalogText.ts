import { format, isValid, parse } from 'date-fns';
import { formatDisplayDate } from '../../shared/lib/formatDisplayDate';
import type { CatalogLimits, SongStatus } from './catalogTypes';

/** How availability values read on the screen. */
export const STATUS_LABELS: Record<SongStatus, string> = {
  available: 'Available',
  pending: 'Pending',
  'not available': 'Not available',
  upcoming: 'Upcoming',
};

/** What each value means, for the badge's description. */
export const STATUS_DESCRIPTIONS: Record<SongStatus, string> = {
  available: 'Spotify plays this song.',
  pending: 'Not checked on Spotify yet.',
  'not available': 'Spotify no longer plays this song.',
  upcoming: 'Not released yet.',
};

/** e.g. "3 of 5 songs on the free plan"; a running trial says so. */
export function catalogUsageText(limits: CatalogLimits, customerPlan: string | undefined): string {
  const songs = limits.catalogTracks === 1 ? 'song' : 'songs';
  const trial = customerPlan === 'trial' ? ' (trial)' : '';
  return `${limits.count} of ${limits.catalogTracks} ${songs} on the ${limits.plan} plan${trial}`;
}

/** Artists as one line: "Mara Velden, Theo Okafor". */
export function artistLine(artists: readonly string[]): string {
  return artists.join(', ');
}

/** "Mara Velden, Theo Okafor" typed into the form, as the list the server takes. */
export function artistsFromText(text: string): string[] {
  return text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/**
 * A release date as shown: yyyy-MM-dd in the spec's 'LLLL dd, yyyy'; Spotify's month and year
 * precision as 'LLLL yyyy' and 'yyyy'.
 */
export function formatReleaseDate(releaseDate: string): string {
  if (/^\d{4}-\d{2}$/.test(releaseDate)) {
    const month = parse(releaseDate, 'yyyy-MM', new Date(2000, 0, 1));
    return isValid(month) ? format(month, 'LLLL yyyy') : releaseDate;
  }
  return formatDisplayDate(releaseDate);
}
