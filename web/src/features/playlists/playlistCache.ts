import type { Duplicates, ManagedPlaylist, PlaylistItem, TrackRemovalDate } from './playlistTypes';

/**
 * Where the entry at `position` lands when the entry at `from` moves to `to` (the others
 * close the gap and make room).
 */
export function positionAfterMove(position: number, from: number, to: number): number {
  if (position === from) return to;
  if (from < to && position > from && position <= to) return position - 1;
  if (from > to && position >= to && position < from) return position + 1;
  return position;
}

/** The items in their order after a move, positions renumbered from 0. */
export function moveItem(items: readonly PlaylistItem[], from: number, to: number): PlaylistItem[] {
  const reordered = [...items];
  const [moved] = reordered.splice(from, 1);
  if (moved === undefined) return [...items];
  reordered.splice(to, 0, moved);
  return reordered.map((item, position) =>
    item.position === position ? item : { ...item, position },
  );
}

/** Duplicate groups with their positions carried along a move. */
export function duplicatesAfterMove(duplicates: Duplicates, from: number, to: number): Duplicates {
  const carry = (groups: number[][]) =>
    groups.map((group) =>
      group.map((position) => positionAfterMove(position, from, to)).sort((a, b) => a - b),
    );
  return { exact: carry(duplicates.exact), possible: carry(duplicates.possible) };
}

/**
 * A managed playlist's removal dates after track-removal-date answered: the
 * record replaces the track's one, or is added; null removes the track's record.
 */
export function withRemovalDate(
  entry: ManagedPlaylist,
  trackId: string,
  record: TrackRemovalDate | null,
): TrackRemovalDate[] {
  const others = entry.trackRemovalDates.filter((existing) => existing.trackId !== trackId);
  return record ? [...others, record] : others;
}
