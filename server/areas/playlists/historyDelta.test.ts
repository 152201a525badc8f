// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { applyDelta, diffOps, encodeDelta, planRestore, withPins } from './historyDelta.js';

function applyEdits(current: string[], target: string[]) {
  const list = [...current];
  for (const edit of planRestore(current, target)) {
    if (edit.kind === 'remove') {
      for (let i = list.length - 1; i >= 0; i -= 1)
        if (edit.trackIds.includes(list[i]!)) list.splice(i, 1);
    } else if (edit.kind === 'add') list.splice(edit.at, 0, ...edit.trackIds);
    else {
      const [moved] = list.splice(edit.from, 1);
      list.splice(edit.insertBefore, 0, moved!);
    }
  }
  return list;
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);

describe('history deltas', () => {
  it('stores an unchanged run as one pair and replays exactly', () => {
    const before = ids(10_000);
    const after = [...before];
    after.splice(5000, 1);
    after.splice(10, 0, 'new');
    const delta = encodeDelta(before, after);
    expect(delta.length).toBeLessThanOrEqual(4);
    expect(applyDelta(before, delta)).toEqual(after);
  });

  it('names adds, removes and moves', () => {
    expect(diffOps(['a', 'b', 'c', 'd'], ['b', 'c', 'a', 'e'])).toEqual([
      { op: 'remove', trackId: 'd', from: 3 },
      { op: 'add', trackId: 'e', at: 3 },
      { op: 'move', trackId: 'a', from: 0, to: 2 },
    ]);
  });

  it('never says a track moved from a position to the same one', () => {
    expect(diffOps(['a', 'b', 'c'], ['c', 'b', 'a'])).toEqual([
      { op: 'move', trackId: 'c', from: 2, to: 0 },
      { op: 'move', trackId: 'a', from: 0, to: 2 },
    ]);
    // No longest run holds c here, yet it stays third.
    const around = diffOps(['a', 'b', 'c', 'd', 'e'], ['d', 'e', 'c', 'a', 'b']);
    expect(around.map((op) => op.trackId).sort()).toEqual(['a', 'b']);
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let round = 0; round < 200; round += 1) {
      const before = Array.from({ length: 12 }, (_, i) => `t${i}`);
      const after = [...before].sort(() => random() - 0.5).slice(0, 10 + Math.floor(random() * 3));
      const ops = diffOps(before, after);
      for (const op of ops) if (op.op === 'move') expect(op.from).not.toBe(op.to);
      const moved = new Set(ops.filter((op) => op.op === 'move').map((op) => op.trackId));
      // The tracks not named as moved, other than those left at their own position, keep their
      // order: every reordering is named.
      const order = after
        .filter((id, at) => !moved.has(id) && before.indexOf(id) !== at)
        .map((id) => before.indexOf(id));
      expect(order).toEqual([...order].sort((x, y) => x - y));
    }
  });

  it('plans few edits that reach the target, duplicates included', () => {
    const target = ['a', 'b', 'c', 'd', 'a', 'e'];
    for (const current of [
      ['b', 'c', 'd', 'a', 'e'],
      ['e', 'd', 'c', 'b', 'a', 'x', 'a', 'a'],
      [],
      ['x', 'y'],
    ]) {
      expect(applyEdits(current, target)).toEqual(target);
    }
    expect(planRestore(['a', 'c', 'd', 'b'], ['a', 'b', 'c', 'd'])).toHaveLength(1);
    expect(planRestore(['a', 'b'], ['a', 'b'])).toEqual([]);
  });

  it('pins tracks at their positions', () => {
    expect(withPins(['a', 'b', 'c', 'd'], [{ trackId: 'd', position: 1 }])).toEqual([
      'a',
      'd',
      'b',
      'c',
    ]);
    expect(withPins(['a'], [{ trackId: 'z', position: 5 }])).toEqual(['a', 'z']);
  });
});
