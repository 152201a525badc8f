import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../../standins/spotify/seedCatalog.js';
import type { Song } from '../../../common/api/songs/schemas.js';
import { releaseSortKey, sortCatalog } from '../../../common/domain/catalogSort.js';
import { managedPlaylists } from '../../db/schema.js';
import { createTestApp, post, type TestApp } from '../../test/harness.js';
import { curator as anyCurator, dayFromNow, type CuratorOptions } from '../../test/curators.js';
import { openSwap, swapCurator } from '../../test/trades.js';
import { songsInOpenSwaps } from './openSwaps.js';

const FRESH_FINDS = 'W1KJdIulicn0Wys9FcxxGf'; // mara.velden

/** Tracks of the stand-in's seeded library (the same on every start). */
const library = [...seedCatalog().tracks.values()];

/** Seeded tracks Spotify plays. */
const playableTrackIds = library.filter((track) => track.isPlayable).map((t) => t.id);

const trackLink = (id: string) => `https://open.spotify.com/track/${id}`;

/** A curator whose calls go to the songs area. */
async function curator(t: TestApp, options: CuratorOptions = {}) {
  const c = await anyCurator(t, options);
  return { ...c, call: (action: string, body: object = {}) => c.call(`songs/${action}`, body) };
}

type Curator = Awaited<ReturnType<typeof curator>>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const [TRACK_A, TRACK_B, TRACK_C, TRACK_D, TRACK_E, TRACK_F, TRACK_G] = playableTrackIds;

async function upcoming(c: Curator, overrides: object = {}) {
  const response = await c.call('upcoming-release', {
    title: 'Northern Lights',
    artists: ['Mara Velden', 'Theo Okafor'],
    releaseDate: dayFromNow(t, 30),
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().song as Song;
}

async function added(c: Curator, track: string) {
  const response = await c.call('addtocatalog', { track });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().song as Song;
}

describe('addtocatalog', () => {
  it('adds a Spotify track by link, URI or id, pending until checked', async () => {
    const c = await curator(t);
    const byLink = await c.call('addtocatalog', { track: `${trackLink(TRACK_A!)}?si=x1` });
    expect(byLink.statusCode).toBe(200);
    const song = byLink.json().song as Song;
    const spotifyTrack = (
      await post(t.app, '/api/songs/spotify/track', { trackId: TRACK_A }, { cookie: c.cookie })
    ).json().track;
    expect(byLink.json()).toEqual({
      success: true,
      song: {
        id: expect.any(String),
        spotify: {
          id: TRACK_A,
          track: spotifyTrack,
          album: { release_date: spotifyTrack.album.release_date },
        },
        properties: { favourite: false, upcomingRelease: null },
        status: 'pending',
        statusSetBy: 'check',
        checkedAt: null,
        title: spotifyTrack.name,
        artists: spotifyTrack.artists.map((artist: { name: string }) => artist.name),
        artworkUrl: spotifyTrack.album.imageUrl,
        releaseDate: spotifyTrack.album.release_date,
        tags: [],
        createdAt: t.clock.now().toISOString(),
        updatedAt: t.clock.now().toISOString(),
      },
    });
    expect(song.spotify.track).not.toHaveProperty('popularity');
    expect((await added(c, `spotify:track:${TRACK_B}`)).spotify.id).toBe(TRACK_B);
    expect((await added(c, TRACK_C!)).spotify.id).toBe(TRACK_C);
  });

  it('refuses what is not a track link, URI or id, and unknown fields', async () => {
    const c = await curator(t);
    for (const track of [
      '',
      '   ',
      `https://open.spotify.com/album/${TRACK_A}`,
      'https://example.test/track/abc',
      'two words',
      'x'.repeat(301),
    ]) {
      const response = await c.call('addtocatalog', { track });
      expect(response.statusCode, track).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      expect(response.json().error.fields).toHaveProperty('track');
    }
    expect((await c.call('addtocatalog', {})).statusCode).toBe(400);
    expect((await c.call('addtocatalog', { track: TRACK_A, favourite: true })).statusCode).toBe(
      400,
    );
    expect((await c.call('catalog')).json().songs).toEqual([]);
  });

  it('refuses the same track twice, however it is named, also when sent at once', async () => {
    const c = await curator(t);
    await added(c, trackLink(TRACK_A!));
    const again = await c.call('addtocatalog', { track: `spotify:track:${TRACK_A}` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'CONFLICT',
      message: 'This track is already in your catalogue. Each Spotify track can be added once.',
    });

    const together = await Promise.all([
      c.call('addtocatalog', { track: TRACK_B }),
      c.call('addtocatalog', { track: trackLink(TRACK_B!) }),
    ]);
    expect(together.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await c.call('catalog')).json().limits.count).toBe(2);
  });

  it('lets two curators each have the same track', async () => {
    const one = await curator(t);
    const other = await curator(t);
    await added(one, TRACK_A!);
    expect((await other.call('addtocatalog', { track: TRACK_A })).statusCode).toBe(200);
  });

  it('answers 404 for a track Spotify does not have', async () => {
    const c = await curator(t);
    const response = await c.call('addtocatalog', {
      track: 'spotify:track:NoSuchTrack00000000000',
    });
    expect(response.statusCode).toBe(404);
    expect((await c.call('catalog')).json().songs).toEqual([]);
  });

  it('needs a usable Spotify account to read the track', async () => {
    const c = await curator(t, { spotify: false });
    const response = await c.call('addtocatalog', { track: TRACK_A });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('SPOTIFY_REAUTHORIZE');
  });

  it("enforces the free plan's 5 songs, also under concurrent requests, counting upcoming releases", async () => {
    const c = await curator(t, { plan: 'free' });
    await upcoming(c);
    const answers = await Promise.all(
      [TRACK_A, TRACK_B, TRACK_C, TRACK_D, TRACK_E, TRACK_F].map((track) =>
        c.call('addtocatalog', { track }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(4);
    const refused = answers.filter((a) => a.statusCode === 403);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.json().error).toEqual({
      code: 'PLAN_LIMIT',
      message: 'The free plan allows 5 songs in the catalogue. Choose a bigger plan for more.',
      details: { resource: 'catalogTracks', limit: 5, current: 5, plan: 'free' },
    });
    const sixthUpcoming = await c.call('upcoming-release', {
      title: 'One Too Many',
      artists: ['Mara Velden'],
      releaseDate: dayFromNow(t, 10),
    });
    expect(sixthUpcoming.statusCode).toBe(403);
    expect((await c.call('catalog')).json().limits).toEqual({
      catalogTracks: 5,
      count: 5,
      plan: 'free',
    });
  });

  it('a duplicate at the limit is told as a duplicate', async () => {
    const c = await curator(t, { plan: 'free' });
    for (const track of [TRACK_A, TRACK_B, TRACK_C, TRACK_D, TRACK_E]) await added(c, track!);
    expect((await c.call('addtocatalog', { track: TRACK_A })).statusCode).toBe(409);
    expect((await c.call('addtocatalog', { track: TRACK_G })).statusCode).toBe(403);
  });
});

describe('upcoming-release', () => {
  it('adds a release with a future date, upcoming, without asking Spotify', async () => {
    const c = await curator(t, { spotify: false });
    const releaseDate = dayFromNow(t, 1);
    const song = await upcoming(c, {
      title: '  Northern Lights ',
      releaseDate,
      artworkUrl: 'https://i.scdn.co/image/ab67616d0000b273northern',
      spotifyId: 'FutureTrack00000000000',
    });
    expect(song).toMatchObject({
      spotify: { id: 'FutureTrack00000000000', track: null, album: { release_date: null } },
      properties: {
        favourite: false,
        upcomingRelease: {
          releaseDate,
          title: 'Northern Lights',
          artists: ['Mara Velden', 'Theo Okafor'],
          artworkUrl: 'https://i.scdn.co/image/ab67616d0000b273northern',
        },
      },
      status: 'upcoming',
      title: 'Northern Lights',
      artists: ['Mara Velden', 'Theo Okafor'],
      artworkUrl: 'https://i.scdn.co/image/ab67616d0000b273northern',
      releaseDate,
    });
    const withoutId = await upcoming(c, { title: 'Untitled B-side' });
    expect(withoutId.spotify).toEqual({ id: null, track: null, album: { release_date: null } });
    expect(withoutId.artworkUrl).toBeNull();
  });

  it('refuses a date that is not after today (UTC), out of range or not a date', async () => {
    const c = await curator(t);
    const cases: [string, string][] = [
      [dayFromNow(t, 0), 'An upcoming release needs a date after today.'],
      [dayFromNow(t, -40), 'An upcoming release needs a date after today.'],
      ['2100-01-01', 'Pick a date up to 2099-12-31'],
      ['2030-02-30', 'Not a real date'],
      ['01/05/2030', 'Use a yyyy-MM-dd date'],
    ];
    for (const [releaseDate, message] of cases) {
      const response = await c.call('upcoming-release', {
        title: 'Soon',
        artists: ['Mara Velden'],
        releaseDate,
      });
      expect(response.statusCode, releaseDate).toBe(400);
      expect(response.json().error.fields.releaseDate, releaseDate).toBe(message);
    }
  });

  it("refuses missing titles and artists, long text, artwork off Spotify's image hosts and bad Spotify ids", async () => {
    const c = await curator(t);
    const valid = { title: 'Soon', artists: ['Mara Velden'], releaseDate: dayFromNow(t, 5) };
    const cases: [object, string][] = [
      [{ title: ' ' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ artists: [] }, 'artists'],
      [{ artists: [''] }, 'artists.0'],
      [{ artists: Array.from({ length: 11 }, (_, i) => `Artist ${i}`) }, 'artists'],
      [{ artworkUrl: 'http://i.scdn.co/image/ab67616d0000b273' }, 'artworkUrl'],
      [{ artworkUrl: 'https://tracker.example.test/pixel.png' }, 'artworkUrl'],
      [{ artworkUrl: 'https://i.scdn.co.tracker.example.test/a.png' }, 'artworkUrl'],
      // Only the local Spotify of a demo-mode app; this app talks to a remote one.
      [{ artworkUrl: 'https://tracker.example.test/_spotify/images/a.svg' }, 'artworkUrl'],
      [{ artworkUrl: 'javascript:alert(1)' }, 'artworkUrl'],
      [{ spotifyId: 'not an id!' }, 'spotifyId'],
      [{ releaseDate: undefined }, 'releaseDate'],
    ];
    for (const [change, field] of cases) {
      const response = await c.call('upcoming-release', { ...valid, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().error.fields, JSON.stringify(change)).toHaveProperty([field]);
    }
    expect((await c.call('catalog')).json().songs).toEqual([]);
  });

  it('refuses a Spotify id already in the catalogue', async () => {
    const c = await curator(t);
    await added(c, TRACK_A!);
    const response = await c.call('upcoming-release', {
      title: 'Again',
      artists: ['Mara Velden'],
      releaseDate: dayFromNow(t, 3),
      spotifyId: TRACK_A,
    });
    expect(response.statusCode).toBe(409);
  });
});

describe('catalog', () => {
  it('lists newest release first (album or upcoming date), ties by newest added', async () => {
    const c = await curator(t);
    const soonDay = dayFromNow(t, 20);
    const far = await upcoming(c, { title: 'Far', releaseDate: dayFromNow(t, 300) });
    const tracks = [];
    for (const track of [TRACK_A, TRACK_B, TRACK_C, TRACK_D]) {
      tracks.push(await added(c, track!));
      t.clock.advance(1000);
    }
    const soonOlder = await upcoming(c, { title: 'Soon (older)', releaseDate: soonDay });
    t.clock.advance(1000);
    const soonNewer = await upcoming(c, { title: 'Soon (newer)', releaseDate: soonDay });

    const body = (await c.call('catalog')).json();
    const ids = body.songs.map((song: Song) => song.id);
    expect(ids.slice(0, 3)).toEqual([far.id, soonNewer.id, soonOlder.id]);
    expect(ids).toEqual(sortCatalog([far, soonOlder, soonNewer, ...tracks]).map((s) => s.id));
    const keys = body.songs.map((song: Song) => releaseSortKey(song.releaseDate));
    expect(keys).toEqual([...keys].sort().reverse());
    expect(body.nextCursor).toBeNull();
    expect(body.limits).toEqual({ catalogTracks: 50, count: 7, plan: 'pro' });
    expect(body.popularity).toEqual({ providerGivesScore: false });
  });

  it('pages with a keyset, 50 a page, for an enterprise catalogue of 100 with many ties', async () => {
    const c = await curator(t, { plan: 'enterprise', spotify: false });
    for (let start = 0; start < 100; start += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          upcoming(c, { title: `Song ${start + i}`, releaseDate: dayFromNow(t, 1 + (i % 7)) }),
        ),
      );
      t.clock.advance(1000);
    }
    expect(
      (
        await c.call('upcoming-release', {
          title: 'Song 101',
          artists: ['Mara Velden'],
          releaseDate: dayFromNow(t, 2),
        })
      ).statusCode,
    ).toBe(403);

    const first = (await c.call('catalog')).json();
    expect(first.songs).toHaveLength(50);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await c.call('catalog', { cursor: first.nextCursor })).json();
    expect(second.songs).toHaveLength(50);
    expect(second.nextCursor).toBeNull();
    const all: Song[] = [...first.songs, ...second.songs];
    expect(new Set(all.map((s) => s.id)).size).toBe(100);
    expect(all.map((s) => s.id)).toEqual(sortCatalog(all).map((s) => s.id));
    expect(first.limits).toEqual({ catalogTracks: 100, count: 100, plan: 'enterprise' });
  });

  it('answers a page in the same number of queries however many songs it holds', async () => {
    const queriesFor = async (c: Curator) => {
      const db = t.context.db;
      let queries = 0;
      // Counts the statements handlers start on the database (each select, insert, ...).
      t.context.db = new Proxy(db, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver);
          if (
            typeof value === 'function' &&
            ['select', 'insert', 'update', 'delete', 'execute', 'transaction'].includes(
              String(property),
            )
          ) {
            return (...args: unknown[]) => {
              queries += 1;
              return value.apply(target, args);
            };
          }
          return value;
        },
      });
      try {
        const response = await c.call('catalog');
        expect(response.statusCode).toBe(200);
        return { queries, songs: response.json().songs.length as number };
      } finally {
        t.context.db = db;
      }
    };
    const few = await curator(t, { spotify: false });
    await upcoming(few);
    const many = await curator(t, { plan: 'enterprise', spotify: false });
    await Promise.all(Array.from({ length: 40 }, (_, i) => upcoming(many, { title: `Song ${i}` })));
    const small = await queriesFor(few);
    const large = await queriesFor(many);
    expect([small.songs, large.songs]).toEqual([1, 40]);
    expect(small.queries).toBeGreaterThan(0);
    expect(large.queries).toBe(small.queries);
  });

  it('refuses a cursor it did not make, also one naming a day or moment that does not exist', async () => {
    const c = await curator(t);
    const id = '00000000-0000-4000-8000-000000000000';
    const forged = (key: unknown[]) => Buffer.from(JSON.stringify(key)).toString('base64url');
    for (const cursor of [
      'nonsense',
      forged(['a', 'b', 'c']),
      forged(['2020-02-30', '2020-01-01T00:00:00.000Z', id]),
      forged(['', '2020-02-31T00:00:00.000Z', id]),
      forged(['', '0000-01-01T00:00:00.000Z', id]),
      forged(['', '2020-01-01T00:00:00Z', id]),
    ]) {
      const response = await c.call('catalog', { cursor });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toHaveProperty('cursor');
    }
  });

  it('lists from the stored snapshot: no Spotify call, so Spotify failing does not matter', async () => {
    const c = await curator(t);
    await added(c, TRACK_A!);
    t.spotify.control.injectFault({ kind: 'serverError', times: 50 });
    try {
      const response = await c.call('catalog');
      expect(response.statusCode).toBe(200);
      expect(response.json().songs[0].spotify.track.id).toBe(TRACK_A);
      // Not one request reached Spotify.
      expect(t.spotify.control.pendingFaults()).toBe(50);
    } finally {
      t.spotify.control.clearFaults();
    }
  });
});

describe('get/song, favourite, catalog/update-status', () => {
  it('reads one song, marks and unmarks it as a favourite', async () => {
    const c = await curator(t);
    const song = await added(c, TRACK_A!);
    expect((await c.call('get/song', { songId: song.id })).json()).toEqual({ song });

    t.clock.advance(60_000);
    const marked = await c.call('favourite', { id: song.id, favourite: true });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({
      success: true,
      song: {
        ...song,
        properties: { ...song.properties, favourite: true },
        updatedAt: t.clock.now().toISOString(),
      },
    });
    const unmarked = await c.call('favourite', { id: song.id, favourite: false });
    expect(unmarked.json().song.properties.favourite).toBe(false);
    expect((await c.call('favourite', { id: song.id })).statusCode).toBe(400);
    expect((await c.call('favourite', { id: 'not-a-uuid', favourite: true })).statusCode).toBe(400);
    expect((await c.call('get/song', { songId: 'not-a-uuid' })).statusCode).toBe(400);
    expect(
      (await c.call('get/song', { songId: '00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
  });

  it('sets the status by hand, and pending hands it back to the check', async () => {
    const c = await curator(t);
    const song = await added(c, TRACK_A!);
    const set = (status: string, songId = song.id) =>
      c.call('catalog/update-status', { songId, status });

    const hand = await set('not available');
    expect(hand.json()).toMatchObject({
      success: true,
      song: { id: song.id, status: 'not available', statusSetBy: 'curator' },
    });
    expect((await set('available')).json().song).toMatchObject({
      status: 'available',
      statusSetBy: 'curator',
    });
    expect((await set('pending')).json().song).toMatchObject({
      status: 'pending',
      statusSetBy: 'check',
    });

    for (const status of ['upcoming', 'gone', '']) {
      const refused = await set(status);
      expect(refused.statusCode, status).toBe(400);
      expect(refused.json().error.fields).toHaveProperty('status');
    }

    const release = await upcoming(c);
    const unstreamable = await set('available', release.id);
    expect(unstreamable.statusCode).toBe(400);
    expect(unstreamable.json().error.fields.status).toMatch(/without a Spotify track/);
    expect((await set('not available', release.id)).json().song.status).toBe('not available');
    // Handed back, a release Spotify has not shown yet is upcoming again.
    expect((await set('pending', release.id)).json().song).toMatchObject({
      status: 'upcoming',
      statusSetBy: 'check',
    });
  });
});

describe('remove-from-catalog', () => {
  it('removes a song no open swap uses; it is gone afterwards', async () => {
    const c = await curator(t);
    const keep = await added(c, TRACK_A!);
    const song = await added(c, TRACK_B!);
    expect(await songsInOpenSwaps(t.context.db, [song.id])).toEqual([]);

    const removed = await c.call('remove-from-catalog', { songId: song.id });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true, songId: song.id });
    expect((await c.call('get/song', { songId: song.id })).statusCode).toBe(404);
    expect((await c.call('remove-from-catalog', { songId: song.id })).statusCode).toBe(404);
    const after = (await c.call('catalog')).json();
    expect(after.songs.map((s: Song) => s.id)).toEqual([keep.id]);
    expect(after.limits.count).toBe(1);
    // The track may be added again once removed.
    expect((await c.call('addtocatalog', { track: TRACK_B })).statusCode).toBe(200);
    expect((await c.call('remove-from-catalog', {})).statusCode).toBe(400);
  });
  it('refuses (409) a song an open swap uses, on either side; it stays in the catalogue', async () => {
    const owner = await swapCurator(t, { playlist: 'freshFinds' });
    const trader = await swapCurator(t, { playlist: 'gymTempo' });
    const offered = await owner.song();
    const requested = await trader.song();
    const free = await owner.song();
    const swap = await openSwap(owner, trader, { songIds: [offered.id] });
    // The other trader asks for one of the trader's own songs too.
    await owner.call('addtrack', { tradeId: swap.id, songId: requested.id });
    expect(await songsInOpenSwaps(t.context.db, [offered.id, requested.id, free.id])).toEqual(
      expect.arrayContaining([offered.id, requested.id]),
    );
    expect(await songsInOpenSwaps(t.context.db, [free.id])).toEqual([]);
    for (const [who, song] of [
      [owner, offered],
      [trader, requested],
    ] as const) {
      const refused = await post(
        t.app,
        '/api/songs/remove-from-catalog',
        { songId: song.id },
        { cookie: who.cookie },
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('CONFLICT');
      const kept = await post(
        t.app,
        '/api/songs/get/song',
        { songId: song.id },
        { cookie: who.cookie },
      );
      expect(kept.statusCode).toBe(200);
    }
    // Once the swap is deleted the songs may go.
    await owner.call('deletetrade', { tradeId: swap.id });
    const removed = await post(
      t.app,
      '/api/songs/remove-from-catalog',
      { songId: offered.id },
      { cookie: owner.cookie },
    );
    expect(removed.statusCode).toBe(200);
  });
});

describe('popularity/score/history', () => {
  it('answers no points and says the provider gives no score', async () => {
    const c = await curator(t);
    const song = await added(c, TRACK_A!);
    const response = await c.call('popularity/score/history', { songId: song.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ songId: song.id, points: [], providerGivesScore: false });
    expect((await c.call('popularity/score/history', { songId: 'x' })).statusCode).toBe(400);
  });
});

describe('trader/catalog', () => {
  it('shows a potential partner’s catalogue (a visible managed playlist), and one’s own', async () => {
    const trader = await curator(t);
    const viewer = await curator(t);
    const song = await added(trader, TRACK_A!);
    const view = (userId: string, cursor?: string) =>
      viewer.call('trader/catalog', { userId, ...(cursor ? { cursor } : {}) });

    expect((await view(trader.id)).statusCode).toBe(404);
    await post(
      t.app,
      '/api/playlists/add',
      { accountId: trader.account!.id, playlistId: FRESH_FINDS },
      { cookie: trader.cookie },
    );
    // Managed but not shown yet: still no partner.
    expect((await view(trader.id)).statusCode).toBe(404);
    await post(
      t.app,
      '/api/playlists/visibility',
      { playlistId: FRESH_FINDS, visible: true },
      { cookie: trader.cookie },
    );
    const shown = await view(trader.id);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ songs: [song], nextCursor: null });

    await t.context.db
      .update(managedPlaylists)
      .set({ visible: false })
      .where(eq(managedPlaylists.userId, trader.id));
    expect((await view(trader.id)).statusCode).toBe(404);

    expect((await view(viewer.id)).json()).toEqual({ songs: [], nextCursor: null });
    expect((await view('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await view('not-a-uuid')).statusCode).toBe(400);
  });
});

describe('another curator’s songs', () => {
  it('answer 404 to every action that names a song, and stay unchanged', async () => {
    const owner = await curator(t);
    const song = await added(owner, TRACK_A!);
    const stranger = await curator(t);
    const cases: [string, object][] = [
      ['get/song', { songId: song.id }],
      ['favourite', { id: song.id, favourite: true }],
      ['catalog/update-status', { songId: song.id, status: 'not available' }],
      ['remove-from-catalog', { songId: song.id }],
      ['popularity/score/history', { songId: song.id }],
    ];
    for (const [action, body] of cases) {
      expect((await stranger.call(action, body)).statusCode, action).toBe(404);
    }
    expect((await owner.call('get/song', { songId: song.id })).json()).toEqual({ song });
  });
});
