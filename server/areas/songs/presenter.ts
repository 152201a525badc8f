import type { Song } from '../../../common/api/songs/schemas.js';
import type { SpotifyTrackView } from '../../../common/api/spotifyTrack.js';
import { releaseSortKey } from '../../../common/domain/catalogSort.js';
import type { SongRow } from './data.js';

/** The date the catalogue sorts by: the album's release date, else the upcoming release date. */
export function releaseDateOf(
  track: SpotifyTrackView | null,
  upcomingReleaseDate: string | null,
): string | null {
  return track?.album.release_date ?? upcomingReleaseDate ?? null;
}

/** The stored order key of a song (see catalog_songs.release_sort). */
export function releaseSortOf(
  track: SpotifyTrackView | null,
  upcomingReleaseDate: string | null,
): string {
  return releaseSortKey(releaseDateOf(track, upcomingReleaseDate));
}

/** The columns a song is named by (songNameOf). */
export type SongNameColumns = Pick<
  SongRow,
  'track' | 'upcomingReleaseDate' | 'upcomingTitle' | 'upcomingArtists'
>;

/**
 * How a song is named: by its Spotify track, else by what its owner entered for an upcoming
 * release, else nameless.
 */
export function songNameOf(row: SongNameColumns): { title: string; artists: string[] } {
  if (row.track) return { title: row.track.name, artists: row.track.artists.map((a) => a.name) };
  if (row.upcomingReleaseDate !== null)
    return { title: row.upcomingTitle ?? '', artists: row.upcomingArtists ?? [] };
  return { title: '', artists: [] };
}

/** Song {id, spotify {id, track, album.release_date}, properties {...}}. */
export function presentSong(row: SongRow): Song {
  const track = row.track ?? null;
  const upcomingRelease =
    row.upcomingReleaseDate !== null
      ? {
          releaseDate: row.upcomingReleaseDate,
          title: row.upcomingTitle ?? '',
          artists: row.upcomingArtists ?? [],
          artworkUrl: row.upcomingArtworkUrl,
        }
      : null;
  return {
    id: row.id,
    spotify: {
      id: row.spotifyTrackId,
      track,
      album: { release_date: track?.album.release_date ?? null },
    },
    properties: { favourite: row.favourite, upcomingRelease },
    status: row.status,
    statusSetBy: row.statusSetBy,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    ...songNameOf(row),
    artworkUrl: track?.album.imageUrl ?? upcomingRelease?.artworkUrl ?? null,
    releaseDate: releaseDateOf(track, row.upcomingReleaseDate),
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
