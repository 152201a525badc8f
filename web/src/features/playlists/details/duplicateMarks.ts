import type { Duplicates } from '../playlistTypes';

/** What a row shows about duplicates: the other positions (0-based) of its group(s). */
export interface DuplicateMark {
  /** The same track elsewhere in the playlist. */
  exact: readonly number[] | null;
  /** Possibly the same recording elsewhere (same ISRC, or same title and artists). */
  possible: readonly number[] | null;
}

/** Marks by position, from the duplicates the playlist query answered. */
export function duplicateMarks(duplicates: Duplicates): Map<number, DuplicateMark> {
  const marks = new Map<number, DuplicateMark>();
  const mark = (groups: number[][], kind: keyof DuplicateMark) => {
    for (const group of groups) {
      for (const position of group) {
        const others = group.filter((other) => other !== position);
        const current = marks.get(position) ?? { exact: null, possible: null };
        marks.set(position, {
          ...current,
          [kind]: [...(current[kind] ?? []), ...others].sort((a, b) => a - b),
        });
      }
    }
  };
  mark(duplicates.exact, 'exact');
  mark(duplicates.possible, 'possible');
  return marks;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The summary above the tracks, one per group: "2 duplicates, 3 possible duplicates"; null
 * when there are none.
 */
export function duplicatesSummary(duplicates: Duplicates): string | null {
  const parts: string[] = [];
  if (duplicates.exact.length > 0) {
    parts.push(plural(duplicates.exact.length, 'duplicate', 'duplicates'));
  }
  if (duplicates.possible.length > 0) {
    parts.push(plural(duplicates.possible.length, 'possible duplicate', 'possible duplicates'));
  }
  return parts.length > 0 ? parts.join(', ') : null;
}

/** "#4, #12": positions as people count them (from 1). */
export function positionsText(positions: readonly number[]): string {
  return positions.map((position) => `#${position + 1}`).join(', ');
}
