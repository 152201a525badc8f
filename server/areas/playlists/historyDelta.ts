import type { DeltaPart, HistoryOp } from '../../db/tables/history.js';

/**
 * Pure list arithmetic behind the playlist history (docs/history.md): the compact delta a
 * version is stored as, the ops the timeline shows, and the Spotify edits a restore makes.
 */

/** The next list as runs copied from the previous one and literal ids. */
export function encodeDelta(previous: readonly string[], next: readonly string[]): DeltaPart[] {
  const where = new Map<string, number[]>();
  previous.forEach((id, index) => {
    const list = where.get(id);
    if (list) list.push(index);
    else where.set(id, [index]);
  });
  const parts: DeltaPart[] = [];
  let run: [number, number] | null = null;
  for (const id of next) {
    if (run && previous[run[0] + run[1]] === id) {
      run[1] += 1;
      continue;
    }
    const start: number | undefined = where.get(id)?.[0];
    if (start === undefined) {
      run = null;
      parts.push(id);
    } else {
      run = [start, 1];
      parts.push(run);
    }
  }
  return parts;
}

export function applyDelta(previous: readonly string[], delta: readonly DeltaPart[]): string[] {
  const next: string[] = [];
  for (const part of delta) {
    if (typeof part === 'string') next.push(part);
    else for (let i = part[0]; i < part[0] + part[1]; i += 1) next.push(previous[i]!);
  }
  return next;
}

/**
 * Indexes (into `values`, distinct integers in 0..values.length-1 or beyond) of a longest
 * strictly increasing subsequence; among the longest, one holding the most indexes `preferred`
 * marks. A Fenwick tree of prefix maxima over the values: O(n log n).
 */
function longestIncreasing(
  values: readonly number[],
  preferred: (index: number) => boolean,
): Set<number> {
  const size = Math.max(0, ...values) + 1;
  // Length dominates: a subsequence one longer always outweighs every preference.
  const unit = values.length + 1;
  const bestScore = new Array<number>(size + 1).fill(0);
  const bestAt = new Array<number>(size + 1).fill(-1);
  const before = new Array<number>(values.length).fill(-1);
  const score = new Array<number>(values.length).fill(0);
  values.forEach((value, index) => {
    let prior = 0;
    let priorAt = -1;
    for (let i = value; i > 0; i -= i & -i) {
      if (bestScore[i]! > prior) {
        prior = bestScore[i]!;
        priorAt = bestAt[i]!;
      }
    }
    score[index] = prior + unit + (preferred(index) ? 1 : 0);
    before[index] = priorAt;
    for (let i = value + 1; i <= size; i += i & -i) {
      if (score[index]! > bestScore[i]!) {
        bestScore[i] = score[index]!;
        bestAt[i] = index;
      }
    }
  });
  let at = -1;
  score.forEach((value, index) => {
    if (at === -1 || value > score[at]!) at = index;
  });
  const kept = new Set<number>();
  for (; at !== -1; at = before[at]!) kept.add(at);
  return kept;
}

/**
 * What changed from one list to the next: the k-th occurrence of a track in one matches its
 * k-th occurrence in the other; unmatched ones were removed or added, and matched ones outside
 * the longest run kept in order were moved.
 */
export function diffOps(previous: readonly string[], next: readonly string[]): HistoryOp[] {
  const occurrences = new Map<string, number[]>();
  previous.forEach((id, index) => {
    const list = occurrences.get(id);
    if (list) list.push(index);
    else occurrences.set(id, [index]);
  });
  const matched = new Set<number>();
  const pairs: { from: number; to: number; trackId: string }[] = [];
  const ops: HistoryOp[] = [];
  next.forEach((trackId, to) => {
    const from = occurrences.get(trackId)?.shift();
    if (from === undefined) ops.push({ op: 'add', trackId, at: to });
    else {
      matched.add(from);
      pairs.push({ from, to, trackId });
    }
  });
  const removed: HistoryOp[] = [];
  previous.forEach((trackId, from) => {
    if (!matched.has(from)) removed.push({ op: 'remove', trackId, from });
  });
  // Among the equally long runs kept in order, the one keeping most tracks at their own
  // position, so a track is never said to move from a position to the same one.
  const inOrder = longestIncreasing(
    pairs.map((pair) => pair.from),
    (index) => pairs[index]!.from === pairs[index]!.to,
  );
  // A track still at its own position is not shown as moved, even when the tracks around it
  // moved so that no longest run holds it.
  const moved: HistoryOp[] = pairs
    .filter((pair, index) => !inOrder.has(index) && pair.from !== pair.to)
    .map(({ trackId, from, to }) => ({ op: 'move', trackId, from, to }));
  return [...removed, ...ops, ...moved];
}

export interface Pin {
  trackId: string;
  position: number;
}

/** The target with each pinned track at its position (one occurrence each). */
export function withPins(target: readonly string[], pins: readonly Pin[]): string[] {
  const list = [...target];
  for (const pin of pins) {
    const at = list.indexOf(pin.trackId);
    if (at !== -1) list.splice(at, 1);
  }
  for (const pin of [...pins].sort((a, b) => a.position - b.position)) {
    list.splice(Math.min(pin.position, list.length), 0, pin.trackId);
  }
  return list;
}

export type RestoreEdit =
  | { kind: 'remove'; trackIds: string[] }
  | { kind: 'add'; at: number; trackIds: string[] }
  | { kind: 'move'; from: number; insertBefore: number };

const MAX_ADD = 100;

/**
 * The Spotify edits that turn `current` into `target`: tracks with more occurrences than the
 * target go (Spotify removes every occurrence of a uri), then position by position a track
 * already further down is moved up, and runs of missing tracks are added. Only what differs is
 * touched: an unchanged playlist needs no edit and one moved track one move.
 */
export function planRestore(current: readonly string[], target: readonly string[]): RestoreEdit[] {
  const count = (list: readonly string[]) => {
    const counts = new Map<string, number>();
    for (const id of list) counts.set(id, (counts.get(id) ?? 0) + 1);
    return counts;
  };
  const wanted = count(target);
  const have = count(current);
  const edits: RestoreEdit[] = [];
  const extra = [...have].filter(([id, n]) => n > (wanted.get(id) ?? 0)).map(([id]) => id);
  const gone = new Set(extra);
  const list = current.filter((id) => !gone.has(id));
  for (let i = 0; i < extra.length; i += MAX_ADD) {
    edits.push({ kind: 'remove', trackIds: extra.slice(i, i + MAX_ADD) });
  }
  for (let i = 0; i < target.length;) {
    const id = target[i]!;
    if (list[i] === id) {
      i += 1;
      continue;
    }
    const found = list.indexOf(id, i + 1);
    if (found !== -1) {
      edits.push({ kind: 'move', from: found, insertBefore: i });
      list.splice(found, 1);
      list.splice(i, 0, id);
      i += 1;
      continue;
    }
    // A run of tracks the list lacks from here on: added in one call.
    const run: string[] = [];
    while (
      i + run.length < target.length &&
      run.length < MAX_ADD &&
      list.indexOf(target[i + run.length]!, i) === -1
    ) {
      run.push(target[i + run.length]!);
    }
    edits.push({ kind: 'add', at: i, trackIds: run });
    list.splice(i, 0, ...run);
    i += run.length;
  }
  return edits;
}
