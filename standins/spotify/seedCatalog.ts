import type { Album, Artist, Catalog, Track } from './model.js';
import * as names from './names.js';
import { seededRandom, type Random } from './prng.js';

/**
 * The invented catalogue: a few hundred tracks by a few dozen acts, built from a fixed seed.
 * Besides ordinary albums it holds the near-duplicates curators meet in real playlists: a
 * single sharing its ISRC with the album version, and Live / Acoustic / Remix versions that
 * share title and artists but are different recordings (different ISRCs).
 */
const ARTIST_COUNT = 30;

function artistName(random: Random): string {
  switch (random.int(0, 3)) {
    case 0:
      return `The ${random.pick(names.BAND_ADJECTIVES)} ${random.pick(names.BAND_NOUNS)}`;
    case 1:
      return `${random.pick(names.FIRST_NAMES)} ${random.pick(names.LAST_NAMES)}`;
    case 2:
      return random.pick(names.SINGLE_WORD_ACTS);
    default:
      return `${random.pick(names.BAND_ADJECTIVES)} ${random.pick(names.BAND_NOUNS)}`;
  }
}

function songTitle(random: Random): string {
  switch (random.int(0, 5)) {
    case 0:
      return `${random.pick(names.TITLE_ADJECTIVES)} ${random.pick(names.TITLE_NOUNS)}`;
    case 1:
      return `${random.pick(names.TITLE_VERBS)} the ${random.pick(names.TITLE_NOUNS)}`;
    case 2:
      return `${random.pick(names.TITLE_PLACES)} ${random.pick(names.TITLE_TIMES)}`;
    case 3:
      return `${random.pick(names.TITLE_NOUNS)} ${random.pick(names.TITLE_TIMES)}`;
    case 4: {
      const [first, second] = random.shuffle(names.TITLE_NOUNS);
      return `${first} of ${second}`;
    }
    default:
      return random.pick(names.TITLE_NOUNS);
  }
}

function albumTitle(random: Random): string {
  if (random.chance(0.5)) return songTitle(random);
  const noun = random.pick(names.TITLE_NOUNS);
  return `${random.pick(names.TITLE_ADJECTIVES)} ${noun.endsWith('s') ? noun : `${noun}s`}`;
}

/** Draws until the value is new, so names never collide by accident (only on purpose). */
function unique(taken: Set<string>, draw: () => string): string {
  for (let attempt = 0; attempt < 1000; attempt += 1) {
    const value = draw();
    if (!taken.has(value)) {
      taken.add(value);
      return value;
    }
  }
  throw new Error('ran out of unique names');
}

function isrc(random: Random, year: number): string {
  const registrant = random.base62(3).toUpperCase();
  const designation = String(random.int(0, 99999)).padStart(5, '0');
  return `${random.pick(names.ISRC_COUNTRIES)}${registrant}${String(year % 100).padStart(2, '0')}${designation}`;
}

function releaseDate(
  random: Random,
  year: number,
): Pick<Album, 'releaseDate' | 'releaseDatePrecision'> {
  const month = String(random.int(1, 12)).padStart(2, '0');
  const day = String(random.int(1, 28)).padStart(2, '0');
  const roll = random.next();
  if (roll < 0.08) return { releaseDate: String(year), releaseDatePrecision: 'year' };
  if (roll < 0.14) return { releaseDate: `${year}-${month}`, releaseDatePrecision: 'month' };
  return { releaseDate: `${year}-${month}-${day}`, releaseDatePrecision: 'day' };
}

export function seedCatalog(seed = 'curator-spotify-stand-in/catalog/v1'): Catalog {
  const random = seededRandom(seed);
  const artists = new Map<string, Artist>();
  const albums = new Map<string, Album>();
  const tracks = new Map<string, Track>();
  const ids = new Set<string>();
  const isrcs = new Set<string>();
  const artistNames = new Set<string>();
  const albumNames = new Set<string>();
  const newId = () => unique(ids, () => random.base62(22));
  const newIsrc = (year: number) => unique(isrcs, () => isrc(random, year));

  const addAlbum = (album: Omit<Album, 'id' | 'trackIds'>): Album => {
    const created: Album = { ...album, id: newId(), trackIds: [] };
    albums.set(created.id, created);
    return created;
  };
  const addTrack = (album: Album, track: Omit<Track, 'id' | 'albumId' | 'trackNumber'>): Track => {
    const created: Track = {
      ...track,
      id: newId(),
      albumId: album.id,
      trackNumber: album.trackIds.length + 1,
    };
    album.trackIds.push(created.id);
    tracks.set(created.id, created);
    return created;
  };

  const artistList: Artist[] = [];
  for (let i = 0; i < ARTIST_COUNT; i += 1) {
    const artist = { id: newId(), name: unique(artistNames, () => artistName(random)) };
    artists.set(artist.id, artist);
    artistList.push(artist);
  }

  for (const artist of artistList) {
    const titles = new Set<string>();
    const albumTracks: Track[] = [];
    const albumCount = random.int(1, 2);
    for (let a = 0; a < albumCount; a += 1) {
      const year = random.int(2014, 2025);
      const album = addAlbum({
        name: unique(albumNames, () => albumTitle(random)),
        albumType: 'album',
        artistIds: [artist.id],
        ...releaseDate(random, year),
      });
      const size = random.int(6, 11);
      for (let t = 0; t < size; t += 1) {
        const featured = random.chance(0.12) ? random.pick(artistList) : undefined;
        albumTracks.push(
          addTrack(album, {
            name: unique(titles, () => songTitle(random)),
            artistIds:
              featured && featured.id !== artist.id ? [artist.id, featured.id] : [artist.id],
            durationMs: random.int(130, 390) * 1000 + random.int(0, 999),
            explicit: random.chance(0.15),
            isrc: newIsrc(year),
            isPlayable: !random.chance(0.02),
          }),
        );
      }
    }

    // The lead single: another track id and album, the same recording (same ISRC).
    if (random.chance(0.45)) {
      const original = random.pick(albumTracks);
      const originalAlbum = albums.get(original.albumId) as Album;
      const single = addAlbum({
        name: original.name,
        albumType: 'single',
        artistIds: original.artistIds,
        releaseDate: originalAlbum.releaseDate,
        releaseDatePrecision: originalAlbum.releaseDatePrecision,
      });
      addTrack(single, { ...withoutIds(original) });
    }

    // Other recordings of the same song: same title and artists, different ISRCs.
    if (random.chance(0.35)) {
      const year = random.int(2018, 2025);
      const live = addAlbum({
        name: `Live at ${random.pick(names.VENUES).replace(/^the /, 'The ')}`,
        albumType: 'album',
        artistIds: [artist.id],
        ...releaseDate(random, year),
      });
      for (const original of random.shuffle(albumTracks).slice(0, random.int(3, 5))) {
        addTrack(live, {
          ...withoutIds(original),
          name: `${original.name} - Live`,
          isrc: newIsrc(year),
        });
      }
    }
    if (random.chance(0.3)) {
      const year = random.int(2016, 2025);
      const original = random.pick(albumTracks);
      const versions = addAlbum({
        name: `${original.name} (Versions)`,
        albumType: 'single',
        artistIds: [artist.id],
        ...releaseDate(random, year),
      });
      addTrack(versions, {
        ...withoutIds(original),
        name: `${original.name} - Acoustic`,
        isrc: newIsrc(year),
      });
      for (const remixer of random.shuffle(names.REMIXERS).slice(0, random.int(1, 2))) {
        addTrack(versions, {
          ...withoutIds(original),
          name: `${original.name} - ${remixer} Remix`,
          durationMs: original.durationMs + random.int(20, 90) * 1000,
          isrc: newIsrc(year),
        });
      }
    }
  }
  return { artists, albums, tracks };
}

function withoutIds(track: Track): Omit<Track, 'id' | 'albumId' | 'trackNumber'> {
  return {
    name: track.name,
    artistIds: track.artistIds,
    durationMs: track.durationMs,
    explicit: track.explicit,
    isrc: track.isrc,
    isPlayable: track.isPlayable,
  };
}
