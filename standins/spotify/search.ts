import type { Catalog, Track } from './model.js';

/**
 * Track search over the invented catalogue, with the field filters the product may use
 * (track:, artist:, album:, isrc:, year:) and free words matched against title, artists and
 * album. Case and accents are ignored. Results are ordered by how well the title matches.
 */
const FILTER = /(\w+):(?:"([^"]*)"|(\S+))/g;

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export function searchTracks(catalog: Catalog, query: string): Track[] {
  const filters = new Map<string, string>();
  const free = query
    .replace(FILTER, (_whole, field: string, quoted?: string, bare?: string) => {
      filters.set(field.toLowerCase(), fold(quoted ?? bare ?? ''));
      return ' ';
    })
    .split(/\s+/)
    .map(fold)
    .filter(Boolean);

  const scored: { track: Track; score: number }[] = [];
  for (const track of catalog.tracks.values()) {
    const album = catalog.albums.get(track.albumId);
    const title = fold(track.name);
    const artists = fold(
      track.artistIds.map((id) => catalog.artists.get(id)?.name ?? '').join(' '),
    );
    const albumName = fold(album?.name ?? '');
    if (filters.has('track') && !title.includes(filters.get('track') as string)) continue;
    if (filters.has('artist') && !artists.includes(filters.get('artist') as string)) continue;
    if (filters.has('album') && !albumName.includes(filters.get('album') as string)) continue;
    if (filters.has('isrc') && fold(track.isrc) !== filters.get('isrc')) continue;
    if (filters.has('year') && !album?.releaseDate.startsWith(filters.get('year') as string))
      continue;
    const haystack = `${title} ${artists} ${albumName}`;
    if (!free.every((word) => haystack.includes(word))) continue;
    const phrase = free.join(' ');
    const score =
      title === phrase
        ? 3
        : title.startsWith(phrase)
          ? 2
          : free.every((word) => title.includes(word))
            ? 1
            : 0;
    scored.push({ track, score });
  }
  return scored
    .sort((a, b) => b.score - a.score || a.track.name.localeCompare(b.track.name))
    .map((hit) => hit.track);
}
