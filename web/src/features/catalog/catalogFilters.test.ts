// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildSong, buildTrack, buildUpcomingSong } from './catalogFixtures';
import { filterCatalog, isFiltering, NO_FILTERS } from './catalogFilters';

const favourite = buildSong(
  { properties: { favourite: true, upcomingRelease: null } },
  buildTrack({ name: 'Paradise of Skyline', artists: [{ id: 'a', name: 'Beyoncé Knowles' }] }),
);
const gone = buildSong({ status: 'not available' }, buildTrack({ name: 'Weather Morning' }));
const upcoming = buildUpcomingSong('2026-12-01', {}, 'Northern Lights');
const songs = [favourite, gone, upcoming];
const titles = (list: { title: string }[]) => list.map((song) => song.title);

describe('catalogue filters', () => {
  it('lets everything through without filters', () => {
    expect(filterCatalog(songs, NO_FILTERS)).toEqual(songs);
    expect(isFiltering(NO_FILTERS)).toBe(false);
  });

  it('keeps favourites, upcoming releases, or one status', () => {
    expect(titles(filterCatalog(songs, { ...NO_FILTERS, favouritesOnly: true }))).toEqual([
      'Paradise of Skyline',
    ]);
    expect(titles(filterCatalog(songs, { ...NO_FILTERS, upcomingOnly: true }))).toEqual([
      'Northern Lights',
    ]);
    expect(titles(filterCatalog(songs, { ...NO_FILTERS, status: 'not available' }))).toEqual([
      'Weather Morning',
    ]);
  });

  it('finds every word in title, artists or album, ignoring case and accents', () => {
    const find = (text: string) => titles(filterCatalog(songs, { ...NO_FILTERS, text }));
    expect(find('beyonce')).toEqual(['Paradise of Skyline']);
    expect(find('  weather   MORNING ')).toEqual(['Weather Morning']);
    expect(find('night roads')).toEqual(['Paradise of Skyline', 'Weather Morning']);
    expect(find('weather lights')).toEqual([]);
    expect(isFiltering({ ...NO_FILTERS, text: ' x ' })).toBe(true);
  });

  it('combines filters', () => {
    expect(
      filterCatalog(songs, { ...NO_FILTERS, favouritesOnly: true, status: 'not available' }),
    ).toEqual([]);
  });
});
