/**
 * What a placement of a swap did, from its daily checks (docs/swap-outcomes.md). The swap's
 * outcome report and the reliability record on a curator's profile both count with these, so
 * the two cannot disagree.
 */

/** A placement's checks, counted: every check, those in place, those in the playlist at all. */
export interface CheckTally {
  checkedDays: number;
  inPlaceDays: number;
  inPlaylistDays: number;
}

/** A check finds a placement in place when the track is in the playlist at its position. */
export const isInPlace = (check: { inPlaylist: boolean; atPosition: boolean }) =>
  check.inPlaylist && check.atPosition;

export function tallyOf(
  checks: readonly { inPlaylist: boolean; atPosition: boolean }[],
): CheckTally {
  return {
    checkedDays: checks.length,
    inPlaceDays: checks.filter(isInPlace).length,
    inPlaylistDays: checks.filter((check) => check.inPlaylist).length,
  };
}

/** Honoured: checked at least once and found in place every day it was checked. */
export const isHonoured = (tally: CheckTally) =>
  tally.checkedDays > 0 && tally.inPlaceDays === tally.checkedDays;

/**
 * Left early: taken out before the period's end, or a check found the track gone from the
 * playlist (a move within the playlist is not leaving).
 */
export function leftEarly(
  placement: { removedAt: Date | null },
  tally: CheckTally,
  periodEnd: Date,
): boolean {
  if (placement.removedAt && placement.removedAt < periodEnd) return true;
  return tally.inPlaylistDays < tally.checkedDays;
}
