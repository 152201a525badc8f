import type { CatalogAnswer, Song, SpotifyTrackView } from './catalogTypes';

let counter = 0;
const nextId = () => {
  counter += 1;
  return counter;
};

/** A Spotify track as the server presents it; override what a test needs. */
export function buildTrack(overrides: Partial<SpotifyTrackView> = {}): SpotifyTrackView {
  const n = nextId();
  const id = overrides.id ?? `Track${String(n).padStart(17, '0')}`;
  return {
    id,
    uri: `spotify:track:${id}`,
    name: `Song ${n}`,
    artists: [{ id: 'artist1', name: 'Mara Velden' }],
    album: {
      id: 'album1',
      name: 'Night Roads',
      release_date: '2024-05-17',
      imageUrl: '/_spotify/images/album1.svg',
    },
    duration_ms: 200_000,
    explicit: false,
    isrc: 'GBXXX2400001',
    preview_url: null,
    external_url: `https://open.spotify.com/track/${id}`,
    ...overrides,
  };
}

/** A catalogue song holding a Spotify track (status available unless told). */
export function buildSong(
  overrides: Partial<Song> = {},
  track: SpotifyTrackView = buildTrack(),
): Song {
  const n = nextId();
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    spotify: { id: track.id, track, album: { release_date: track.album.release_date } },
    properties: { favourite: false, upcomingRelease: null },
    status: 'available',
    statusSetBy: 'check',
    checkedAt: null,
    title: track.name,
    artists: track.artists.map((artist) => artist.name),
    artworkUrl: track.album.imageUrl,
    releaseDate: track.album.release_date,
    tags: [],
    createdAt: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-01T10:00:00.000Z',
    ...overrides,
  };
}

/** An upcoming release without a Spotify track yet. */
export function buildUpcomingSong(
  releaseDate: string,
  overrides: Partial<Song> = {},
  title = 'Northern Lights',
): Song {
  const n = nextId();
  return {
    id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
    spotify: { id: null, track: null, album: { release_date: null } },
    properties: {
      favourite: false,
      upcomingRelease: { releaseDate, title, artists: ['Mara Velden'], artworkUrl: null },
    },
    status: 'upcoming',
    statusSetBy: 'check',
    checkedAt: null,
    title,
    artists: ['Mara Velden'],
    artworkUrl: null,
    releaseDate,
    tags: [],
    createdAt: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-01T10:00:00.000Z',
    ...overrides,
  };
}

/** What songs/catalog answers for these songs. */
export function buildCatalogAnswer(
  songs: Song[],
  overrides: Partial<CatalogAnswer> = {},
): CatalogAnswer {
  return {
    songs,
    nextCursor: null,
    limits: { catalogTracks: 50, count: songs.length, plan: 'pro' },
    popularity: { providerGivesScore: false },
    ...overrides,
  };
}
