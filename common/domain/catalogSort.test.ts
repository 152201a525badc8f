import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareCatalogSongs,
  placeInCatalog,
  releaseSortKey,
  sortCatalog,
  type CatalogSortFields,
} from './catalogSort.js';

const song = (
  id: string,
  releaseDate: string | null,
  createdAt = '2026-01-01T00:00:00.000Z',
): CatalogSortFields => ({ id, releaseDate, createdAt });

const ids = (songs: readonly CatalogSortFields[]) => songs.map((s) => s.id);

describe('catalogue order', () => {
  it('puts the latest release first', () => {
    const songs = [song('a', '2019-05-01'), song('b', '2026-08-20'), song('c', '2021-11-30')];
    expect(ids(sortCatalog(songs))).toEqual(['b', 'c', 'a']);
  });

  it('breaks a tie on the release date by newest added, then by id', () => {
    const songs = [
      song('a', '2024-03-01', '2026-01-01T10:00:00.000Z'),
      song('b', '2024-03-01', '2026-01-02T10:00:00.000Z'),
      song('d', '2024-03-01', '2026-01-01T10:00:00.000Z'),
    ];
    expect(ids(sortCatalog(songs))).toEqual(['b', 'd', 'a']);
  });

  it('reads year and month precision as the first day, and puts unknown dates last', () => {
    expect(releaseSortKey('2019')).toBe('2019-01-01');
    expect(releaseSortKey('2019-07')).toBe('2019-07-01');
    expect(releaseSortKey('2019-07-14')).toBe('2019-07-14');
    expect(releaseSortKey(null)).toBe('');
    const songs = [song('none', null), song('year', '2019'), song('day', '2019-01-02')];
    expect(ids(sortCatalog(songs))).toEqual(['day', 'year', 'none']);
  });

  it('does not change the list it is given', () => {
    const songs = [song('a', '2019-05-01'), song('b', '2026-08-20')];
    sortCatalog(songs);
    expect(ids(songs)).toEqual(['a', 'b']);
  });

  it('places a song where sorting would put it, replacing one with the same id', () => {
    const list = sortCatalog([song('a', '2019-05-01'), song('b', '2026-08-20')]);
    expect(ids(placeInCatalog(list, song('c', '2022-01-01')))).toEqual(['b', 'c', 'a']);
    expect(ids(placeInCatalog(list, song('d', null)))).toEqual(['b', 'a', 'd']);
    const moved = placeInCatalog(list, song('a', '2030-01-01'));
    expect(ids(moved)).toEqual(['a', 'b']);
    expect(moved[0]?.releaseDate).toBe('2030-01-01');
  });

  it('placing every song one by one gives the sorted list (any songs)', () => {
    const arbitrarySong = fc.record({
      id: fc.uuid(),
      releaseDate: fc.option(
        fc
          .date({ min: new Date('1990-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10)),
      ),
      createdAt: fc
        .date({ min: new Date('2025-01-01'), max: new Date('2027-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString()),
    });
    fc.assert(
      fc.property(fc.uniqueArray(arbitrarySong, { selector: (s) => s.id }), (songs) => {
        const placed = songs.reduce<CatalogSortFields[]>(placeInCatalog, []);
        expect(ids(placed)).toEqual(ids(sortCatalog(songs)));
      }),
    );
  });

  it('is a total order: only the same song compares equal', () => {
    expect(compareCatalogSongs(song('a', '2020-01-01'), song('a', '2020-01-01'))).toBe(0);
    expect(compareCatalogSongs(song('a', '2020-01-01'), song('b', '2020-01-01'))).not.toBe(0);
  });
});
