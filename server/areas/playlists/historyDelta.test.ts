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
