// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { duplicateMarks, duplicatesSummary, positionsText } from './duplicateMarks';

describe('duplicateMarks', () => {
  it('gives each position the other positions of its exact and possible groups', () => {
    const marks = duplicateMarks({
      exact: [
        [0, 5],
        [2, 3, 9],
      ],
      possible: [[5, 7]],
    });
    expect(marks.get(0)).toEqual({ exact: [5], possible: null });
    expect(marks.get(5)).toEqual({ exact: [0], possible: [7] });
    expect(marks.get(3)).toEqual({ exact: [2, 9], possible: null });
    expect(marks.get(7)).toEqual({ exact: null, possible: [5] });
    expect(marks.has(1)).toBe(false);
  });
});

describe('duplicatesSummary', () => {
  it('counts groups of each kind', () => {
    expect(
      duplicatesSummary({
        exact: [
          [0, 1],
          [4, 6],
        ],
        possible: [
          [2, 3],
          [7, 8],
          [9, 10],
        ],
      }),
    ).toBe('2 duplicates, 3 possible duplicates');
    expect(duplicatesSummary({ exact: [[0, 1]], possible: [] })).toBe('1 duplicate');
    expect(duplicatesSummary({ exact: [], possible: [[0, 1]] })).toBe('1 possible duplicate');
  });

  it('is null without duplicates', () => {
    expect(duplicatesSummary({ exact: [], possible: [] })).toBeNull();
  });
});

describe('positionsText', () => {
  it('counts from 1 for people', () => {
    expect(positionsText([0, 11])).toBe('#1, #12');
  });
});
