import { randomUUID } from 'node:crypto';
import { and, inArray } from 'drizzle-orm';
import type { SpotifyTrackView } from '../../common/api/spotifyTrack.js';
import type { TradeStatus } from '../../common/api/trades/schemas.js';
import { limitsOf } from '../areas/plans/index.js';
import { releaseSortOf } from '../areas/songs/index.js';
import { STAND_IN_PREFIX } from '../config/config.js';
import type { Db } from '../db/client.js';
import {
  catalogSongs,
  tradePlacementChecks,
  tradePlacements,
  trades,
  tradeSongs,
  users,
  type Approval,
} from '../db/schema.js';

/**
 * Song swaps between the demo curators, one or more in every bucket, so the Song Swaps
 * screens are alive on first start. Everything is written directly (no Spotify calls: in demo
 * mode the local stand-in answers only once the server listens): catalogue songs are tracks
 * of the stand-in's seeded library with stored snapshots, and the completed swap carries a
 * historical placement record (no live edits) in playlists the placing curators manage once
 * the demo links them (seedDemoSpotify then ties the record to the managed playlist, so the
 * outcome report charts its followers).
 *
 * Idempotent: it runs on every demo start and does nothing once any swap exists between two
 * demo curators (or when one of them is missing).
 */

const DAY = 24 * 60 * 60 * 1000;

/** The snapshot id of the demo's historical placements (no edit of ours made them). */
export const DEMO_HISTORY_SNAPSHOT = 'demo-history';
const HOUR = 60 * 60 * 1000;

type Curator = 'avery' | 'blake' | 'casey' | 'drew';
const EMAILS: Record<Curator, string> = {
  avery: 'avery@demo.curator.test',
  blake: 'blake@demo.curator.test',
  casey: 'casey@demo.curator.test',
  drew: 'drew@demo.curator.test',
};

/** Each curator's songs: indexes into the stand-in's playable tracks ('upcoming': a pre-release). */
const SONGS: Record<Curator, (number | 'upcoming')[]> = {
  avery: [3, 41, 87, 130, 'upcoming'],
  blake: [12, 58, 101],
  casey: [25, 66, 149, 203],
  // None for Drew: the catalogue journey (e2e/catalog.spec.ts) fills Drew's free plan from empty.
  drew: [],
};

/**
 * Genres and moods (docs/genres.md) of each curator's songs, by the index in SONGS: Avery's
 * fit in Discovery then names the genres matched.
 */
const SONG_TAGS: Record<Curator, string[][]> = {
  avery: [
    ['lo-fi', 'chill'],
    ['indie-pop', 'dreamy'],
    ['synthwave', 'late-night'],
    ['acoustic', 'morning'],
    ['electronic', 'late-night'],
  ],
  blake: [['ambient', 'sleep'], ['classical', 'focus'], ['chill']],
  casey: [['lo-fi', 'chill'], ['jazz', 'focus'], ['acoustic'], ['hip-hop', 'late-night']],
  drew: [],
};

interface SwapSong {
  owner: Curator;
  song: number;
  approved?: Approval;
  streams?: number;
  keep?: boolean;
  /** Historical placement (completed swap): stand-in playlist id and name, position. */
  placed?: {
    playlistSpotifyId: string;
    playlistName: string;
    position: number;
    movedOnDay?: number;
  };
}

interface SwapSpec {
  one: Curator;
  two: Curator;
  status: TradeStatus;
  periodDays: number;
  createdAgo: number;
  /** Start relative to now (ms); null: not started. */
  startIn?: number;
  requestedStartInDays?: number;
  oneAccepted?: boolean;
  twoAccepted?: boolean;
  /** The opener's note to the partner. */
  pitch?: string;
  songs: SwapSong[];
}

/**
 * Avery, Blake and Casey each have swaps in all four buckets; Drew (free plan) has two open
 * swaps, the most the free plan allows, and a completed one.
 */
const SWAPS: SwapSpec[] = [
  {
    // Pending: Avery offered two songs and asked for one of Blake's; Avery has accepted.
    one: 'avery',
    two: 'blake',
    status: 'pending',
    periodDays: 14,
    createdAgo: 2 * HOUR,
    oneAccepted: true,
    songs: [
      { owner: 'avery', song: 0, approved: 1 },
      { owner: 'avery', song: 1 },
      { owner: 'blake', song: 0 },
    ],
  },
  {
    // Pending, long period, with Avery's pre-release song requested by Casey.
    one: 'casey',
    two: 'avery',
    status: 'pending',
    periodDays: 56,
    createdAgo: 1 * DAY,
    pitch:
      'Your upcoming single would sit near the top of my evening playlist for its release, and my song fits your chill mixes. Happy to shorten the period.',
    songs: [
      { owner: 'casey', song: 0 },
      { owner: 'avery', song: 4 },
    ],
  },
  {
    // Pending, opened by Drew on the free plan (7 days), asking for two of Casey's songs.
    one: 'drew',
    two: 'casey',
    status: 'pending',
    periodDays: 7,
    createdAgo: 3 * HOUR,
    songs: [
      { owner: 'casey', song: 1 },
      { owner: 'casey', song: 3 },
    ],
  },
  {
    // Scheduled: both accepted, it starts in five days.
    one: 'casey',
    two: 'avery',
    status: 'scheduled',
    periodDays: 28,
    createdAgo: 2 * DAY,
    requestedStartInDays: 5,
    oneAccepted: true,
    twoAccepted: true,
    songs: [
      { owner: 'casey', song: 2, approved: 1 },
      { owner: 'avery', song: 1, approved: 1 },
    ],
  },
  {
    // Scheduled: starts in twelve days.
    one: 'blake',
    two: 'casey',
    status: 'scheduled',
    periodDays: 14,
    createdAgo: 4 * DAY,
    requestedStartInDays: 12,
    oneAccepted: true,
    twoAccepted: true,
    songs: [
      { owner: 'blake', song: 1, approved: 1 },
      { owner: 'casey', song: 0, approved: 1 },
    ],
  },
  {
    // Accepted: running since six days ago; songs approved, ready to be placed.
    one: 'avery',
    two: 'casey',
    status: 'accepted',
    periodDays: 14,
    createdAgo: 7 * DAY,
    startIn: -6 * DAY,
    oneAccepted: true,
    twoAccepted: true,
    songs: [
      { owner: 'avery', song: 2, approved: 1, streams: 1840 },
      { owner: 'casey', song: 3, approved: 1 },
    ],
  },
  {
    // Accepted: Blake's song in Drew's hands for a month.
    one: 'blake',
    two: 'drew',
    status: 'accepted',
    periodDays: 28,
    createdAgo: 10 * DAY,
    startIn: -9 * DAY,
    oneAccepted: true,
    twoAccepted: true,
    songs: [{ owner: 'blake', song: 2, approved: 1 }],
  },
  {
    // Completed: a week-long swap that ended 13 days ago, with its placement record.
    one: 'blake',
    two: 'avery',
    status: 'completed',
    periodDays: 7,
    createdAgo: 22 * DAY,
    startIn: -20 * DAY,
    oneAccepted: true,
    twoAccepted: true,
    songs: [
      {
        owner: 'blake',
        song: 2,
        approved: 1,
        streams: 5210,
        keep: true,
        // Placed by Avery in her own playlist, whose follower history the report charts.
        placed: {
          playlistSpotifyId: '8NDJNkzZvh5cGszm9ty6ty',
          playlistName: 'Morning Coffee Acoustic',
          position: 4,
        },
      },
      {
        owner: 'avery',
        song: 3,
        approved: 1,
        streams: 2975,
        placed: {
          playlistSpotifyId: '74RruAuCOr48IfcQTfVxGj',
          playlistName: 'Quiet Rooms',
          position: 2,
          movedOnDay: 3,
        },
      },
    ],
  },
  {
    // Completed two months ago between Casey and Drew.
    one: 'casey',
    two: 'drew',
    status: 'completed',
    periodDays: 14,
    createdAgo: 62 * DAY,
    startIn: -60 * DAY,
    oneAccepted: true,
    twoAccepted: true,
    songs: [
      { owner: 'casey', song: 0, approved: 1, streams: 730 },
      { owner: 'casey', song: 2, approved: 1, streams: 415 },
    ],
  },
];

type StandInCatalog = ReturnType<
  (typeof import('../../standins/spotify/seedCatalog.js'))['seedCatalog']
>;

/** A stand-in track as the catalogue stores it (what presentTrack gives for it). */
function trackView(catalog: StandInCatalog, trackId: string): SpotifyTrackView {
  const track = catalog.tracks.get(trackId)!;
  const album = catalog.albums.get(track.albumId)!;
  return {
    id: track.id,
    uri: `spotify:track:${track.id}`,
    name: track.name,
    artists: track.artistIds.map((id) => ({ id, name: catalog.artists.get(id)?.name ?? '' })),
    album: {
      id: album.id,
      name: album.name,
      release_date: album.releaseDate,
      // Served by the stand-in on the product's own origin in demo mode.
      imageUrl: `${STAND_IN_PREFIX}/images/${album.id}.svg`,
    },
    duration_ms: track.durationMs,
    explicit: track.explicit,
    isrc: track.isrc,
    preview_url: null,
    external_url: `https://open.spotify.com/track/${track.id}`,
  };
}

const dayOf = (moment: Date) => moment.toISOString().slice(0, 10);

export async function seedDemoSwaps(db: Db, now: Date): Promise<{ swaps: number }> {
  // The stand-in's library is loaded only here, on the demo seeding path.
  const { seedCatalog } = await import('../../standins/spotify/seedCatalog.js');
  const catalog = seedCatalog();
  const playable = [...catalog.tracks.values()]
    .filter((track) => track.isPlayable)
    .map((track) => track.id);

  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(users)
      .where(inArray(users.email, Object.values(EMAILS)))
      .for('update');
    const byCurator = new Map(
      (Object.keys(EMAILS) as Curator[]).flatMap((curator) => {
        const row = rows.find((candidate) => candidate.email === EMAILS[curator]);
        return row ? [[curator, row] as const] : [];
      }),
    );
    if (byCurator.size !== Object.keys(EMAILS).length) return { swaps: 0 };
    const ids = rows.map((row) => row.id);
    const [existing] = await tx
      .select({ id: trades.id })
      .from(trades)
      .where(and(inArray(trades.traderOneId, ids), inArray(trades.traderTwoId, ids)))
      .limit(1);
    if (existing) return { swaps: 0 };

    // Catalogue songs: the curator's existing song for the track, else a new one within the plan.
    // Ids are made here so that each table takes one insert (a first start waits for these).
    const owned = await tx.select().from(catalogSongs).where(inArray(catalogSongs.userId, ids));
    const songIds = new Map<string, string>();
    const trackIds = new Map<string, string>();
    const newSongs: (typeof catalogSongs.$inferInsert)[] = [];
    for (const [curator, user] of byCurator) {
      const own = owned.filter((song) => song.userId === user.id);
      let room = limitsOf(user, now).catalogTracks - own.length;
      for (const [index, pick] of SONGS[curator].entries()) {
        const key = `${curator}:${index}`;
        if (pick === 'upcoming') {
          const title = 'Glasshouse (Demo Mix)';
          const found = own.find((song) => song.upcomingTitle === title);
          if (found) songIds.set(key, found.id);
          else if (room > 0) {
            const releaseDate = dayOf(new Date(now.getTime() + 21 * DAY));
            const id = randomUUID();
            newSongs.push({
              id,
              userId: user.id,
              upcomingTitle: title,
              upcomingArtists: [user.name],
              upcomingReleaseDate: releaseDate,
              releaseSort: releaseSortOf(null, releaseDate),
              status: 'upcoming',
              tags: SONG_TAGS[curator][index] ?? [],
              createdAt: now,
              updatedAt: now,
            });
            songIds.set(key, id);
            room -= 1;
          }
          continue;
        }
        const trackId = playable[pick % playable.length]!;
        trackIds.set(key, trackId);
        const found = own.find((song) => song.spotifyTrackId === trackId);
        if (found) songIds.set(key, found.id);
        else if (room > 0) {
          const track = trackView(catalog, trackId);
          const id = randomUUID();
          newSongs.push({
            id,
            userId: user.id,
            spotifyTrackId: trackId,
            track,
            releaseSort: releaseSortOf(track, null),
            status: 'available',
            tags: SONG_TAGS[curator][index] ?? [],
            checkedAt: now,
            createdAt: new Date(now.getTime() - (index + 1) * DAY),
            updatedAt: now,
          });
          songIds.set(key, id);
          room -= 1;
        }
      }
    }

    const newTrades: (typeof trades.$inferInsert)[] = [];
    const newTradeSongs: (typeof tradeSongs.$inferInsert)[] = [];
    const newPlacements: (typeof tradePlacements.$inferInsert)[] = [];
    const newChecks: (typeof tradePlacementChecks.$inferInsert)[] = [];
    for (const spec of SWAPS) {
      const one = byCurator.get(spec.one)!;
      const two = byCurator.get(spec.two)!;
      const createdAt = new Date(now.getTime() - spec.createdAgo);
      const requested =
        spec.requestedStartInDays !== undefined
          ? dayOf(new Date(now.getTime() + spec.requestedStartInDays * DAY))
          : null;
      const startDate =
        spec.startIn !== undefined
          ? new Date(now.getTime() + spec.startIn)
          : requested
            ? new Date(`${requested}T00:00:00.000Z`)
            : null;
      const endDate = startDate ? new Date(startDate.getTime() + spec.periodDays * DAY) : null;
      const tradeId = randomUUID();
      newTrades.push({
        id: tradeId,
        traderOneId: one.id,
        traderTwoId: two.id,
        status: spec.status,
        periodDays: spec.periodDays,
        requestedStartDate: requested,
        startDate,
        endDate,
        traderOneAccepted: spec.oneAccepted ?? false,
        traderTwoAccepted: spec.twoAccepted ?? false,
        pitch: spec.pitch ?? null,
        completedAt: spec.status === 'completed' ? endDate : null,
        createdAt,
        updatedAt: createdAt,
      });
      for (const [index, entry] of spec.songs.entries()) {
        const songId = songIds.get(`${entry.owner}:${entry.song}`);
        if (!songId) continue;
        const tradeSongId = randomUUID();
        newTradeSongs.push({
          id: tradeSongId,
          tradeId,
          songId,
          ownerId: byCurator.get(entry.owner)!.id,
          approved: entry.approved ?? 0,
          streams: entry.streams ?? null,
          keep: entry.keep ?? false,
          createdAt: new Date(createdAt.getTime() - index),
        });
        const trackId = trackIds.get(`${entry.owner}:${entry.song}`);
        if (!entry.placed || !startDate || !endDate || !trackId) continue;
        const placementId = randomUUID();
        newPlacements.push({
          id: placementId,
          tradeSongId,
          playlistId: null,
          playlistSpotifyId: entry.placed.playlistSpotifyId,
          playlistName: entry.placed.playlistName,
          trackId,
          position: entry.placed.position,
          snapshotId: DEMO_HISTORY_SNAPSHOT,
          placedAt: new Date(startDate.getTime() - DAY),
          createdAt: startDate,
        });
        for (let day = 0; day < spec.periodDays; day += 1) {
          const moved = entry.placed.movedOnDay !== undefined && day >= entry.placed.movedOnDay;
          newChecks.push({
            placementId,
            day: dayOf(new Date(startDate.getTime() + day * DAY)),
            inPlaylist: true,
            atPosition: !moved,
            position: moved ? entry.placed.position + 1 : entry.placed.position,
            checkedAt: new Date(startDate.getTime() + day * DAY + HOUR),
          });
        }
      }
    }
    if (newSongs.length > 0) await tx.insert(catalogSongs).values(newSongs);
    await tx.insert(trades).values(newTrades);
    if (newTradeSongs.length > 0) await tx.insert(tradeSongs).values(newTradeSongs);
    if (newPlacements.length > 0) await tx.insert(tradePlacements).values(newPlacements);
    if (newChecks.length > 0) await tx.insert(tradePlacementChecks).values(newChecks);
    return { swaps: newTrades.length };
  });
}
