import { describe, expect, it } from 'vitest';
import {
  findDuplicates,
  normaliseTitle,
  versionOf,
  type DuplicateCandidate,
} from './duplicates.js';

let next = 0;
const track = (
  id: string,
  name: string,
  artists: string[],
  isrc: string | null = null,
): DuplicateCandidate => ({
  position: next++,
  id,
  name,
  artists,
  isrc,
});

describe('findDuplicates', () => {
  it('groups the same track id as exact duplicates', () => {
    next = 0;
    const result = findDuplicates([
      track('a', 'Song', ['X']),
      track('b', 'Other', ['Y']),
      track('a', 'Song', ['X']),
    ]);
    expect(result.exact).toEqual([[0, 2]]);
    expect(result.possible).toEqual([]);
  });

  it('groups a single and its album version (same ISRC) as possible duplicates', () => {
    next = 0;
    const result = findDuplicates([
      track('single', 'Glow', ['Mira'], 'USAAA2600001'),
      track('album', 'Glow', ['Mira'], 'USAAA2600001'),
    ]);
    expect(result.exact).toEqual([]);
    expect(result.possible).toEqual([[0, 1]]);
  });

  it('groups the same normalised title and artists, ignoring featuring and case', () => {
    next = 0;
    const result = findDuplicates([
      track('a', 'Neon Rivers (feat. Lou)', ['Kai', 'Ana'], 'X1'),
      track('b', 'neon rivers', ['Ana', 'Kai'], 'X2'),
    ]);
    expect(result.possible).toEqual([[0, 1]]);
  });

  it('does not call live, acoustic or remix versions duplicates', () => {
    next = 0;
    const result = findDuplicates([
      track('a', 'Neon Rivers', ['Kai'], 'X1'),
      track('b', 'Neon Rivers - Live', ['Kai'], 'X2'),
      track('c', 'Neon Rivers (Acoustic)', ['Kai'], 'X3'),
      track('d', 'Neon Rivers - Midnight Remix', ['Kai'], 'X4'),
    ]);
    expect(result).toEqual({ exact: [], possible: [] });
  });

  it('keeps exact and possible apart when both occur', () => {
    next = 0;
    const result = findDuplicates([
      track('a', 'Glow', ['Mira'], 'I1'),
      track('a', 'Glow', ['Mira'], 'I1'),
      track('b', 'Glow', ['Mira'], 'I1'),
    ]);
    expect(result.exact).toEqual([[0, 1]]);
    expect(result.possible).toEqual([[0, 1, 2]]);
  });
});

describe('title helpers', () => {
  it('normalises accents, punctuation and featuring', () => {
    expect(normaliseTitle('Café  Noir (feat. Zoë)!')).toBe('cafe noir');
  });
  it('reads version markers', () => {
    expect(versionOf('Song - Live at Home')).toBe('live at home');
    expect(versionOf('Song (Remastered 2011)')).toBe('remastered 2011');
    expect(versionOf('Song')).toBeNull();
  });
});
