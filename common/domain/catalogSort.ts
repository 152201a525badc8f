/**
 * The catalogue's order: release date descending, using the album release
 * date or, for an upcoming release Spotify does not have yet, its upcoming release date; ties
 * by newest added, then by id so the order is total (the server's keyset paging relies on it).
 * Songs without any known date come last.
 */

/** What the order looks at. */
export interface CatalogSortFields {
  id: string;
  /** Album release date (yyyy, yyyy-MM or yyyy-MM-dd) else the upcoming release date; null if unknown. */
  releaseDate: string | null;
  /** ISO timestamp of when the song was added. */
  createdAt: string;
}

/**
 * A release date as a yyyy-MM-dd key that sorts as text: Spotify gives year or month precision
 * for some albums (taken as the first day); '' when unknown, which sorts below any date.
 */
export function releaseSortKey(releaseDate: string | null): string {
  if (!releaseDate) return '';
  if (/^\d{4}$/.test(releaseDate)) return `${releaseDate}-01-01`;
  if (/^\d{4}-\d{2}$/.test(releaseDate)) return `${releaseDate}-01`;
  if (/^\d{4}-\d{2}-\d{2}/.test(releaseDate)) return releaseDate.slice(0, 10);
  return '';
}

/** Negative when `a` comes before `b` in the catalogue. */
export function compareCatalogSongs(a: CatalogSortFields, b: CatalogSortFields): number {
  const byRelease = compareText(releaseSortKey(b.releaseDate), releaseSortKey(a.releaseDate));
  if (byRelease !== 0) return byRelease;
  const byAdded = Date.parse(b.createdAt) - Date.parse(a.createdAt);
  if (byAdded !== 0) return byAdded;
  return compareText(b.id, a.id);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The songs in catalogue order (a new array). */
export function sortCatalog<T extends CatalogSortFields>(songs: readonly T[]): T[] {
  return [...songs].sort(compareCatalogSongs);
}

/** The list with `song` in its place: replacing the song with the same id, or inserted. */
export function placeInCatalog<T extends CatalogSortFields>(songs: readonly T[], song: T): T[] {
  const others = songs.filter((existing) => existing.id !== song.id);
  const index = others.findIndex((existing) => compareCatalogSongs(song, existing) < 0);
  return index === -1
    ? [...others, song]
    : [...others.slice(0, index), song, ...others.slice(index)];
}
