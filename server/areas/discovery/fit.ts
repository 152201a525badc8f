/**
 * Discovery's fit: how well another curator fits the viewer, 0..FIT_SCORE_MAX (docs/network.md,
 * Discovery). Pure: the summary job stores `standing` (the part every viewer sees alike) and
 * the partners query adds the viewer's shared artists and tags to it.
 *
 *   fit      = overlap + standing                                  (0..100)
 *   overlap  = 50 × (1 − 2^(−(shared + tags / 2) / 3))            (0..50, half at 3 shared)
 *              shared: artists in common; tags: genres and moods in common, each worth
 *              half an artist
 *   standing = followers + record                                   (0..50)
 *   followers= 25 × min(1, log10(1 + followers) / 6)               (25 at a million)
 *   record   = 25 × honouredShare × checked / (checked + 4)        (0 without checks)
 *
 * Every part is rounded to 0.1, so the stored standing and the answered score are the same
 * numbers the keyset compares.
 */
import { FIT_SCORE_MAX } from '../../../common/api/users/limits.js';

export const ARTIST_POINTS_MAX = 50;
export const FOLLOWER_POINTS_MAX = 25;
export const RECORD_POINTS_MAX = 25;
/** Shared artists at which the artist part reaches half its maximum. */
const ARTISTS_HALF = 3;
/** Followers at which the follower part is full. */
const FOLLOWERS_FULL_LOG10 = 6;
/** Checked placements that count for half: a record of 4 checks weighs half as much as a long one. */
const RECORD_HALF_CHECKS = 4;

const tenth = (value: number) => Math.round(value * 10) / 10;

/**
 * A genre or mood in common counts as half an artist in common: an artist says the audiences
 * overlap, a tag only that the curators say they play the same kind of music.
 */
export const TAG_WEIGHT = 0.5;

/** The overlap part: shared artists, and shared tags at TAG_WEIGHT each (0..50). */
export function overlapPoints(sharedArtists: number, sharedTags = 0): number {
  const shared = Math.max(0, sharedArtists) + TAG_WEIGHT * Math.max(0, sharedTags);
  if (shared <= 0) return 0;
  return tenth(ARTIST_POINTS_MAX * (1 - 2 ** (-shared / ARTISTS_HALF)));
}

/** The overlap part with no tag in common. */
export function artistPoints(sharedArtists: number): number {
  return overlapPoints(sharedArtists, 0);
}

export function followerPoints(followers: number): number {
  if (followers <= 0) return 0;
  return tenth(FOLLOWER_POINTS_MAX * Math.min(1, Math.log10(1 + followers) / FOLLOWERS_FULL_LOG10));
}

export function recordPoints(honouredShare: number | null, placementsChecked: number): number {
  if (honouredShare === null || placementsChecked <= 0) return 0;
  const share = Math.min(1, Math.max(0, honouredShare));
  return tenth(
    RECORD_POINTS_MAX * share * (placementsChecked / (placementsChecked + RECORD_HALF_CHECKS)),
  );
}

/** The viewer-independent part, stored in curator_summaries.standing. */
export function standingOf(summary: {
  followers: number;
  honouredShare: number | null;
  placementsChecked: number;
}): number {
  return tenth(
    followerPoints(summary.followers) +
      recordPoints(summary.honouredShare, summary.placementsChecked),
  );
}

/**
 * The fit a viewer sees: their shared artists and tags with the curator, plus the curator's
 * standing.
 */
export function fitScore(sharedArtists: number, standing: number, sharedTags = 0): number {
  return Math.min(FIT_SCORE_MAX, tenth(overlapPoints(sharedArtists, sharedTags) + standing));
}

/** The order Discovery lists partners in: best fit first, then by id (descending) for a total order. */
export function compareByFit(
  a: { score: number; id: string },
  b: { score: number; id: string },
): number {
  if (a.score !== b.score) return b.score - a.score;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** The key an artist's name is compared by: case, width and surrounding spaces do not count. */
export function artistKeyOf(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}
