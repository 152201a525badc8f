import { describe, expect, it } from 'vitest';
import {
  assessPlaylistHealth,
  dailyChanges,
  median,
  MIN_CHANGES,
  shortDay,
  type DailyCount,
} from './playlistHealth.js';

/** A small seeded generator (mulberry32), so each generated series is the same every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const START = Date.parse('2026-09-01T00:00:00Z');
const dayAt = (index: number) => new Date(START + index * 86_400_000).toISOString().slice(0, 10);

/** A series from a start count and one change per day after the first. */
function series(start: number, changes: readonly number[]): DailyCount[] {
  const points: DailyCount[] = [{ day: dayAt(0), followers: start }];
  let followers = start;
  changes.forEach((change, index) => {
    followers += Math.round(change);
    points.push({ day: dayAt(index + 1), followers });
  });
  return points;
}

/** Organic growth: about `perDay` a day, give or take `noise`. */
function organic(days: number, perDay: number, noise: number, seed: number): number[] {
  const next = random(seed);
  return Array.from({ length: days }, () => perDay + (next() * 2 - 1) * noise);
}

describe('playlist health on generated series', () => {
  it('labels steady organic growth Clean', () => {
    const result = assessPlaylistHealth({
      history: series(2_000, organic(89, 25, 10, 1)),
      tracks: 80,
    });
    expect(result.label).toBe('clean');
    expect(result.evidence).toEqual(['no unusual daily change in 89 days of follower counts']);
  });

  it('labels seasonal swings (weekends and a monthly wave, losses included) Clean', () => {
    const next = random(2);
    const changes = Array.from(
      { length: 89 },
      (_, day) =>
        20 +
        35 * Math.sin((2 * Math.PI * day) / 7) +
        25 * Math.sin((2 * Math.PI * day) / 30) +
        (next() * 2 - 1) * 8,
    );
    expect(Math.min(...changes)).toBeLessThan(0);
    const result = assessPlaylistHealth({ history: series(6_000, changes), tracks: 120 });
    expect(result.label).toBe('clean');
  });

  it('labels a bought spike Suspicious, naming the day and how unusual it was', () => {
    const changes = organic(89, 25, 10, 3);
    changes[62] = 4_120;
    const result = assessPlaylistHealth({ history: series(3_000, changes), tracks: 100 });
    expect(result.label).toBe('suspicious');
    expect(result.evidence).toHaveLength(1);
    expect(result.evidence[0]).toMatch(
      /^\+4,120 followers on 3 Nov, \d+ times its usual daily change$/,
    );
  });

  it('labels a spike then a purge Likely bought', () => {
    const changes = organic(89, 25, 10, 4);
    changes[62] = 4_120;
    changes[64] = -1_500;
    changes[66] = -1_300;
    changes[68] = -1_100;
    const result = assessPlaylistHealth({ history: series(3_000, changes), tracks: 100 });
    expect(result.label).toBe('bought');
    expect(result.evidence[0]).toMatch(/^\+4,120 followers on 3 Nov/);
    expect(result.evidence[1]).toMatch(/^lost 3,9\d\d followers within a week after that rise$/);
    // The purge's own drops are told once, as the purge.
    expect(result.evidence).toHaveLength(2);
  });

  it('says "not enough history yet" for a new playlist, never a verdict', () => {
    const changes = organic(8, 25, 10, 5);
    changes[5] = 5_000;
    const result = assessPlaylistHealth({ history: series(1_000, changes), tracks: 30 });
    expect(result.label).toBe('unknown');
    expect(result.evidence).toEqual([
      `8 of the ${MIN_CHANGES} day-to-day follower changes it needs so far`,
    ]);
  });

  it('labels the same rise on other playlists of the curator the same day Likely bought', () => {
    const spiked = (seed: number, rise: number) => {
      const changes = organic(89, 25, 10, seed);
      changes[40] = rise;
      return series(3_000, changes);
    };
    const result = assessPlaylistHealth({
      history: spiked(6, 2_000),
      tracks: 100,
      siblings: [spiked(7, 2_010), spiked(8, 1_995), series(3_000, organic(89, 25, 10, 9))],
    });
    expect(result.label).toBe('bought');
    expect(result.evidence).toContain(
      'three playlists of this curator rose by the same amount on the same day',
    );
  });

  it('backs up a rise with a followers-per-track ratio few organic playlists reach', () => {
    const changes = organic(89, 60, 20, 10);
    changes[70] = 9_000;
    const result = assessPlaylistHealth({ history: series(40_000, changes), tracks: 60 });
    expect(result.label).toBe('bought');
    expect(result.evidence.at(-1)).toMatch(/^followers per track \d{3},?\d*$/);
  });

  it('does not hold a high ratio alone against a steady playlist', () => {
    const result = assessPlaylistHealth({
      history: series(90_000, organic(89, 40, 15, 11)),
      tracks: 50,
    });
    expect(result.label).toBe('clean');
  });

  it('labels an unusual drop alone Suspicious', () => {
    const changes = organic(89, 25, 10, 12);
    changes[30] = -2_000;
    const result = assessPlaylistHealth({ history: series(5_000, changes), tracks: 100 });
    expect(result.label).toBe('suspicious');
    expect(result.evidence[0]).toMatch(/^lost 2,000 followers on 2 Oct, \d+ times/);
  });

  it('skips days without a count instead of spreading a change over a gap', () => {
    const history = series(100, [1, 2, 3, 4]);
    history[2] = { ...history[2]!, followers: null };
    expect(dailyChanges(history).map((change) => change.change)).toEqual([1, 4]);
    expect(dailyChanges([history[0]!, history[3]!])).toEqual([]);
  });

  it('has the helpers it documents', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(shortDay('2026-11-03')).toBe('3 Nov');
  });
});
