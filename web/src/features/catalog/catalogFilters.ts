import type { Song, SongStatus } from './catalogTypes';

/** The list's filters: favourites, upcoming releases, one status, and words to find. */
export interface CatalogFilters {
  favouritesOnly: boolean;
  /** Songs added as upcoming releases (whatever their status now). */
  upcomingOnly: boolean;
  status: SongStatus | 'all';
  text: string;
}

export const NO_FILTERS: CatalogFilters = {
  favouritesOnly: false,
  upcomingOnly: false,
  status: 'all',
  text: '',
};

/** Lower case without accents, so "Beyonce" finds "Beyoncé". */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Every word must appear in the title, an artist or the album name. */
function matchesText(song: Song, text: string): boolean {
  const words = folded(text).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = folded(
    [song.title, ...song.artists, song.spotify.track?.album.name ?? ''].join(' '),
  );
  return words.every((word) => haystack.includes(word));
}

/** The songs the filters let through, in the order given. */
export function filterCatalog(songs: readonly Song[], filters: CatalogFilters): Song[] {
  return songs.filter(
    (song) =>
      (!filters.favouritesOnly || song.properties.favourite) &&
      (!filters.upcomingOnly || song.properties.upcomingRelease !== null) &&
      (filters.status === 'all' || song.status === filters.status) &&
      matchesText(song, filters.text),
  );
}

export function isFiltering(filters: CatalogFilters): boolean {
  return (
    filters.favouritesOnly ||
    filters.upcomingOnly ||
    filters.status !== 'all' ||
    filters.text.trim() !== ''
  );
}
