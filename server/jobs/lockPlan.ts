/**
 * Which single-item moves put locked tracks back at their positions. Pure, so it is tested
 * on its own (lockPlan.test.ts) and the lock job only carries the moves out.
 *
 * 1. Each lock takes one occurrence of its track: the one already at its position if there
 *    is one, else the occurrence nearest to the position (the earlier one on a tie). A lock
 *    whose track is gone, or whose position is past the end, cannot be honoured.
 * 2. The wanted order: every other entry keeps its relative order, and the locked entries
 *    are inserted at their positions in ascending order.
 * 3. The moves: entries off the longest run already in wanted order (a longest increasing
 *    subsequence) are moved, in wanted order, to just after their wanted predecessor. That
 *    is the fewest single-item moves, never more than the number of honoured locks, and no
 *    move undoes an earlier one. The moved entry may be the locked track or one that pushed it
 *    out of place (someone put a new track at the top: moving that one back down is one
 *    edit instead of one per lock below it).
 */
export interface LockSpec {
  position: number;
  trackId: string;
}

/** Spotify's reorder: the entry at rangeStart goes before the entry then at insertBefore. */
export interface Move {
  rangeStart: number;
  insertBefore: number;
}

export interface LockPlan<L extends LockSpec> {
  moves: Move[];
  /** Locks whose track is elsewhere now and will be at its position after the moves. */
  restored: L[];
  /** Locks whose track is no longer in the playlist. */
  missing: L[];
  /** Locks at a position the playlist no longer reaches. */
  pastEnd: L[];
  /** The track ids in the order the moves give (for checking). */
  result: (string | null)[];
}

/** Applies one reorder (range length 1) to a list, as Spotify does. */
export function applyMove<T>(list: T[], move: Move): void {
  const [entry] = list.splice(move.rangeStart, 1);
  const landing = move.insertBefore > move.rangeStart ? move.insertBefore - 1 : move.insertBefore;
  list.splice(landing, 0, entry as T);
}

function chooseOccurrences<L extends LockSpec>(trackIds: readonly (string | null)[], locks: L[]) {
  const taken = new Map<number, L>();
  const missing: L[] = [];
  const pastEnd: L[] = [];
  const open: L[] = [];
  for (const lock of locks) {
    if (lock.position >= trackIds.length) pastEnd.push(lock);
    else if (trackIds[lock.position] === lock.trackId) taken.set(lock.position, lock);
    else open.push(lock);
  }
  for (const lock of open) {
    let best = -1;
    trackIds.forEach((trackId, index) => {
      if (trackId !== lock.trackId || taken.has(index)) return;
      if (best < 0 || Math.abs(index - lock.position) < Math.abs(best - lock.position))
        best = index;
    });
    if (best < 0) missing.push(lock);
    else taken.set(best, lock);
  }
  return { taken, missing, pastEnd };
}

/** Indices (into `values`) of one longest strictly increasing subsequence. */
function longestIncreasingRun(values: readonly number[]): Set<number> {
  const tails: number[] = [];
  const previous = new Array<number>(values.length).fill(-1);
  values.forEach((value, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (values[tails[middle]!]! < value) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[index] = tails[low - 1]!;
    tails[low] = index;
  });
  const kept = new Set<number>();
  for (let index = tails.at(-1) ?? -1; index >= 0; index = previous[index]!) kept.add(index);
  return kept;
}

export function planLockMoves<L extends LockSpec>(
  trackIds: readonly (string | null)[],
  locks: readonly L[],
): LockPlan<L> {
  const sorted = [...locks].sort((a, b) => a.position - b.position);
  const { taken, missing, pastEnd } = chooseOccurrences(trackIds, sorted);

  // Entries are named by their current index; `wanted` is the order to reach.
  const wanted = trackIds.map((_, index) => index).filter((index) => !taken.has(index));
  const placed = [...taken.entries()].sort((a, b) => a[1].position - b[1].position);
  for (const [index, lock] of placed) wanted.splice(lock.position, 0, index);

  const wantedAt = new Array<number>(trackIds.length);
  wanted.forEach((entry, at) => (wantedAt[entry] = at));
  const kept = longestIncreasingRun(wantedAt);

  const current = trackIds.map((_, index) => index);
  const moves: Move[] = [];
  wanted.forEach((entry, at) => {
    if (kept.has(entry)) return;
    const from = current.indexOf(entry);
    const insertBefore = at === 0 ? 0 : current.indexOf(wanted[at - 1]!) + 1;
    if (insertBefore === from || insertBefore === from + 1) return;
    const move = { rangeStart: from, insertBefore };
    moves.push(move);
    applyMove(current, move);
  });

  return {
    moves,
    restored: placed.filter(([index, lock]) => index !== lock.position).map(([, lock]) => lock),
    missing,
    pastEnd,
    result: current.map((entry) => trackIds[entry] ?? null),
  };
}
