import { describe, expect, it, vi } from 'vitest';
import {
  isMusicTagId,
  MUSIC_TAG_IDS,
  MUSIC_TAGS,
  searchMusicTags,
  TAGS_PER_ITEM_MAX,
} from './genres.js';

describe('the genre and mood vocabulary', () => {
  it('is a few dozen tags with unique, stable ids, genres and moods both', () => {
    expect(MUSIC_TAGS.length).toBeGreaterThanOrEqual(30);
    expect(MUSIC_TAGS.length).toBeLessThanOrEqual(60);
    expect(new Set(MUSIC_TAG_IDS).size).toBe(MUSIC_TAG_IDS.length);
    for (const id of MUSIC_TAG_IDS) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(MUSIC_TAGS.some((tag) => tag.kind === 'mood')).toBe(true);
    expect(TAGS_PER_ITEM_MAX).toBe(5);
  });

  it('knows its ids and nothing else', () => {
    expect(isMusicTagId('lo-fi')).toBe(true);
    expect(isMusicTagId('Lo-fi')).toBe(false);
    expect(isMusicTagId('vaporwave')).toBe(false);
  });

  it('is searchable by label, id and alias, ignoring case and accents', () => {
    expect(searchMusicTags('lofi').map((tag) => tag.id)).toContain('lo-fi');
    expect(searchMusicTags('GYM').map((tag) => tag.id)).toEqual(['workout']);
    expect(searchMusicTags('rap').map((tag) => tag.id)).toEqual(['hip-hop']);
    expect(searchMusicTags('night drive').map((tag) => tag.id)).toEqual(['late-night']);
    expect(searchMusicTags('Électro').map((tag) => tag.id)).toContain('electronic');
    expect(searchMusicTags('indie').map((tag) => tag.id)).toEqual(['indie-pop', 'indie-rock']);
    expect(searchMusicTags('zzz')).toEqual([]);
    expect(searchMusicTags('  ')).toHaveLength(MUSIC_TAGS.length);
  });

  it('answers an empty search genres first, then moods, each by label, with no collation', () => {
    const collate = vi.spyOn(String.prototype, 'localeCompare');
    try {
      const all = searchMusicTags('');
      const byKindThenLabel = [...MUSIC_TAGS].sort(
        (a, b) =>
          a.kind.localeCompare(b.kind) ||
          a.label.localeCompare(b.label, 'en', { sensitivity: 'base' }),
      );
      collate.mockClear();
      expect(searchMusicTags('').map((tag) => tag.id)).toEqual(all.map((tag) => tag.id));
      expect(searchMusicTags('pop').length).toBeGreaterThan(1);
      expect(collate).not.toHaveBeenCalled();
      expect(all.map((tag) => tag.id)).toEqual(byKindThenLabel.map((tag) => tag.id));
    } finally {
      collate.mockRestore();
    }
  });
});
