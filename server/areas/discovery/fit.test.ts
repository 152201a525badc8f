import { describe, expect, it } from 'vitest';
import {
  artistKeyOf,
  artistPoints,
  compareByFit,
  fitScore,
  followerPoints,
  overlapPoints,
  recordPoints,
  standingOf,
} from './fit.js';

describe('fit ranking', () => {
  it('gives nothing for nothing in common, no followers and no record', () => {
    expect(artistPoints(0)).toBe(0);
    expect(followerPoints(0)).toBe(0);
    expect(recordPoints(null, 0)).toBe(0);
    expect(standingOf({ followers: 0, honouredShare: null, placementsChecked: 0 })).toBe(0);
    expect(fitScore(0, 0)).toBe(0);
  });

  it('grows with shared artists, half the artist part at three, never past 50', () => {
    expect(artistPoints(1)).toBeGreaterThan(0);
    expect(artistPoints(3)).toBe(25);
    expect(artistPoints(2)).toBeLessThan(artistPoints(3));
    expect(artistPoints(200)).toBe(50);
  });

  it('counts a shared genre or mood as half a shared artist, within the same 50', () => {
    expect(overlapPoints(0, 0)).toBe(0);
    expect(overlapPoints(0, 2)).toBe(artistPoints(1));
    expect(overlapPoints(2, 2)).toBe(artistPoints(3));
    expect(overlapPoints(0, 1)).toBeGreaterThan(0);
    expect(overlapPoints(0, 1)).toBeLessThan(artistPoints(1));
    expect(overlapPoints(50, 40)).toBe(50);
    expect(fitScore(1, 10, 2)).toBe(fitScore(2, 10));
    expect(fitScore(0, 10, 0)).toBe(10);
  });

  it('counts followers on a log scale, full at a million', () => {
    expect(followerPoints(100_000)).toBeLessThan(25);
    expect(followerPoints(1_000_000)).toBe(25);
    expect(followerPoints(50_000_000)).toBe(25);
    expect(followerPoints(100)).toBeLessThan(followerPoints(1000));
  });

  it('weighs the honoured share by how many placements were checked', () => {
    expect(recordPoints(1, 4)).toBe(12.5);
    expect(recordPoints(1, 1)).toBeLessThan(recordPoints(1, 20));
    expect(recordPoints(0.5, 20)).toBeLessThan(recordPoints(1, 20));
    expect(recordPoints(0, 50)).toBe(0);
    // A share without any check (should not happen) counts as no record.
    expect(recordPoints(1, 0)).toBe(0);
  });

  it('adds the parts: a perfect partner scores 100', () => {
    const standing = standingOf({ followers: 2_000_000, honouredShare: 1, placementsChecked: 1e9 });
    expect(standing).toBe(50);
    expect(fitScore(1000, standing)).toBe(100);
    expect(fitScore(3, 10)).toBe(35);
  });

  it('ranks shared artists above followers alone when the rest is equal', () => {
    const standing = standingOf({ followers: 500, honouredShare: null, placementsChecked: 0 });
    expect(fitScore(2, standing)).toBeGreaterThan(fitScore(0, standing));
  });

  it('orders by score, then by id descending, as the index does', () => {
    const rows = [
      { score: 10, id: 'a' },
      { score: 30, id: 'b' },
      { score: 10, id: 'c' },
    ];
    expect(rows.sort(compareByFit).map((row) => row.id)).toEqual(['b', 'c', 'a']);
  });

  it('compares artist names by a normalised key', () => {
    expect(artistKeyOf('  Nina   Simone ')).toBe('nina simone');
    expect(artistKeyOf('ＡＢＢＡ')).toBe('abba');
  });
});
