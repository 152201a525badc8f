// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { artistsFromText, catalogUsageText, formatReleaseDate } from './catalogText';

describe('catalogue texts', () => {
  it('says how much of the plan’s catalogue is used', () => {
    expect(catalogUsageText({ catalogTracks: 5, count: 3, plan: 'free' }, 'free')).toBe(
      '3 of 5 songs on the free plan',
    );
    expect(catalogUsageText({ catalogTracks: 50, count: 0, plan: 'pro' }, 'trial')).toBe(
      '0 of 50 songs on the pro plan (trial)',
    );
  });

  it('reads comma-separated artists, dropping blanks', () => {
    expect(artistsFromText(' Mara Velden, ,Theo Okafor ,')).toEqual(['Mara Velden', 'Theo Okafor']);
    expect(artistsFromText('   ')).toEqual([]);
  });

  it('shows release dates in the spec’s form, and Spotify’s month or year precision as such', () => {
    expect(formatReleaseDate('2024-05-07')).toBe('May 07, 2024');
    expect(formatReleaseDate('2023-01')).toBe('January 2023');
    expect(formatReleaseDate('2014')).toBe('2014');
  });
});
