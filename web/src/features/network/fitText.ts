import type { Fit } from '../../../../common/api/users/schemas.js';
import { formatCount } from '../../shared/lib/formatCount';

const plural = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/** The share of placements found honoured, as a percentage; "No record yet" without checks. */
export function honouredText(share: number | null, checked: number): string {
  if (share === null || checked === 0) return 'No record yet';
  return `${Math.round(share * 100)}%`;
}

/**
 * Why a partner fits the user, one sentence per reason (Discovery): the artists
 * they share, the followers of their visible playlists and their swap record.
 */
export function fitReasons(fit: Fit): string[] {
  const reasons: string[] = [];
  if (fit.sharedArtists > 0) {
    const names = fit.sharedArtistNames.join(', ');
    const more = fit.sharedArtists - fit.sharedArtistNames.length;
    reasons.push(
      `${plural(fit.sharedArtists, 'shared artist', 'shared artists')}${names ? `: ${names}` : ''}${more > 0 ? ` and ${formatCount(more)} more` : ''}`,
    );
  } else {
    reasons.push('No artists in common with your catalogue yet');
  }
  reasons.push(`${plural(fit.followers, 'follower', 'followers')} on their visible playlists`);
  reasons.push(
    fit.honouredShare === null || fit.placementsChecked === 0
      ? 'No swap record yet'
      : `Kept ${Math.round(fit.honouredShare * 100)}% of ${plural(fit.placementsChecked, 'checked placement', 'checked placements')} in place`,
  );
  return reasons;
}
