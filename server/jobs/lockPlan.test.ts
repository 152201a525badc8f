import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMove, planLockMoves, type LockSpec } from './lockPlan.js';

const ids = (text: string) => text.split('').map((c) => (c === '.' ? null : c));
const replay = (
  trackIds: (string | null)[],
  moves: { rangeStart: number; insertBefore: number }[],
) => {
  const list = [...trackIds];
  for (const move of moves) applyMove(list, move);
  return list;
};

describe('planLockMoves', () => {
  it('does nothing when every locked track is at its position', () => {
    const plan = planLockMoves(ids('abcdef'), [
      { position: 1, trackId: 'b' },
      { position: 4, trackId: 'e' },
    ]);
    expect(plan.moves).toEqual([]);
    expect(plan.restored).toEqual([]);
  });

  it('moves a locked track that was moved down back up (insertBefore = its position)', () => {
    // "c" was locked at 2; someone moved it to 5.
    const plan = planLockMoves(ids('abdefcg'), [{ position: 2, trackId: 'c' }]);
    expect(plan.moves).toEqual([{ rangeStart: 5, insertBefore: 2 }]);
    expect(plan.result.join('')).toBe('abcdefg');
    expect(plan.restored.map((lock) => lock.trackId)).toEqual(['c']);
  });

  it('moves a locked track that was moved up back down (insertBefore = its position + 1)', () => {
    // "e" was locked at 4; someone moved it to 1.
    const plan = planLockMoves(ids('aebcdfg'), [{ position: 4, trackId: 'e' }]);
    expect(plan.moves).toEqual([{ rangeStart: 1, insertBefore: 5 }]);
    expect(plan.result.join('')).toBe('abcdefg');
  });

  it('restores several locks shifted by one new track with a single move', () => {
    // Locks at 0, 1, 2; someone moved "x" from the end to the top.
    const plan = planLockMoves(ids('xabcdef'), [
      { position: 0, trackId: 'a' },
      { position: 1, trackId: 'b' },
      { position: 2, trackId: 'c' },
    ]);
    expect(plan.moves).toHaveLength(1);
    expect(plan.result.join('')).toBe('abcxdef');
    expect(plan.restored.map((lock) => lock.trackId)).toEqual(['a', 'b', 'c']);
  });

  it('does not let a later fix break an earlier lock', () => {
    // Lock c@2 is in place; lock f@5's track was moved to the top, before c.
    const plan = planLockMoves(ids('fabcdeg'), [
      { position: 2, trackId: 'b' },
      { position: 5, trackId: 'f' },
    ]);
    expect(plan.result[2]).toBe('b');
    expect(plan.result[5]).toBe('f');
  });

  it('reports a locked track that is gone and still restores the others', () => {
    const plan = planLockMoves(ids('abdefc'), [
      { position: 2, trackId: 'c' },
      { position: 4, trackId: 'z' },
    ]);
    expect(plan.missing.map((lock) => lock.trackId)).toEqual(['z']);
    expect(plan.result[2]).toBe('c');
  });

  it('takes the occurrence nearest the position for a duplicated track', () => {
    const plan = planLockMoves(ids('cabxdefc'), [{ position: 5, trackId: 'c' }]);
    expect(plan.moves).toEqual([{ rangeStart: 7, insertBefore: 5 }]);
    expect(plan.result.join('')).toBe('cabxdcef');
  });

  it('reports a position the playlist no longer reaches', () => {
    const plan = planLockMoves(ids('abc'), [{ position: 5, trackId: 'a' }]);
    expect(plan.pastEnd).toHaveLength(1);
    expect(plan.moves).toEqual([]);
  });

  it('always puts every honoured lock at its position, keeps the others in order, in at most one move per lock', () => {
    const scenario = fc
      .array(fc.option(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'), { nil: null }), {
        minLength: 1,
        maxLength: 30,
      })
      .chain((trackIds) =>
        fc.record({
          trackIds: fc.constant(trackIds),
          locks: fc.uniqueArray(
            fc.record({
              position: fc.nat({ max: trackIds.length + 2 }),
              trackId: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'z'),
            }),
            { selector: (lock) => lock.position, maxLength: 6 },
          ),
        }),
      );
    fc.assert(
      fc.property(scenario, ({ trackIds, locks }) => {
        const plan = planLockMoves(trackIds, locks);
        const after = replay(trackIds, plan.moves);
        expect(after).toEqual(plan.result);
        const honoured: LockSpec[] = locks.filter(
          (lock) => !plan.missing.includes(lock) && !plan.pastEnd.includes(lock),
        );
        for (const lock of honoured) expect(after[lock.position]).toBe(lock.trackId);
        expect(plan.moves.length).toBeLessThanOrEqual(honoured.length);
        expect([...after].sort()).toEqual([...trackIds].sort());
        if (plan.restored.length === 0) expect(plan.moves).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });
});
