import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signedInUser, type TestApp } from '../../test/harness.js';
import { curator as anyCurator } from '../../test/curators.js';
import { USER_RATE_LIMITS } from '../../http/rateLimits.js';

const FRESH_FINDS = 'W1KJdIulicn0Wys9FcxxGf'; // mara.velden, 25 tracks, a track twice
const LATE_NIGHT = 'Wro5miOQZqqZM3Kg5uZFTV'; // mara.velden, 300 tracks
const MORNING_COFFEE = '8NDJNkzZvh5cGszm9ty6ty'; // mara.velden
const DEMO_RADAR = 'dkOmUbgv1bFZL56znvgW66'; // mara.velden, private
const SUMMER_HEAT = 'bQtE4bdgQvdiCfgmZ0ZMFq'; // sol.ortega, followed by mara.velden

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A curator with mara.velden's Spotify linked, whose calls go to the playlists area. */
async function curator(plan?: 'free' | 'starter') {
  const c = await anyCurator(t, plan ? { plan } : {});
  return {
    ...c,
    account: c.account!,
    call: (action: string, body: object = {}) => c.call(`playlists/${action}`, body),
  };
}

describe('streaming-playlist queries', () => {
  it('playlists: the account’s playlists live from Spotify, owned ones editable', async () => {
    const c = await curator();
    const list = async () => {
      const response = await c.call('playlists', { accountId: c.account.id });
      expect(response.statusCode).toBe(200);
      return Object.fromEntries(
        response.json().playlists.map((p: { spotifyId: string }) => [p.spotifyId, p]),
      );
    };
    const byId = await list();
    // Spotify's list carries no follower counts: unknown is null, never 0.
    expect(byId[FRESH_FINDS].info).toMatchObject({
      name: 'Fresh Finds Weekly',
      tracksTotal: 25,
      editable: true,
      followers: null,
    });
    expect(byId[SUMMER_HEAT].info.editable).toBe(false);
    await c.call('add', { accountId: c.account.id, playlistId: FRESH_FINDS });
    expect((await list())[FRESH_FINDS].info.followers).toBe(980);
  });

  it('playlist: every item in order, with exact and possible duplicates told apart', async () => {
    const c = await curator();
    const response = await c.call('playlist', { accountId: c.account.id, playlistId: LATE_NIGHT });
    const body = response.json();
    expect(body.items).toHaveLength(300);
    expect(body.items.map((item: { position: number }) => item.position)).toEqual([
      ...Array(300).keys(),
    ]);
    expect(body.items[0].track).toMatchObject({
      id: expect.any(String),
      preview_url: null,
      album: { release_date: expect.any(String) },
    });
    // Spotify's 300 pixel artwork of its 640, 300 and 64 (the rows show it at 40 pixels).
    expect(body.items[0].track.album.imageUrl).toMatch(/\?size=300$/);
    expect(body.items[0].track).not.toHaveProperty('popularity');
    expect(body.duplicates.exact.length).toBeGreaterThan(0);
    for (const group of body.duplicates.exact) {
      expect(new Set(group.map((p: number) => body.items[p].track.id)).size).toBe(1);
    }
  });

  it('another user’s account id answers 404', async () => {
    const owner = await curator();
    const stranger = await curator();
    for (const [action, body] of [
      ['playlists', { accountId: owner.account.id }],
      ['playlist', { accountId: owner.account.id, playlistId: FRESH_FINDS }],
      ['search', { accountId: owner.account.id, query: 'night' }],
    ] as const) {
      expect((await stranger.call(action, body)).statusCode, action).toBe(404);
    }
  });

  it('search: ten tracks at most per page', async () => {
    const c = await curator();
    const response = await c.call('search', { query: 'love' });
    expect(response.statusCode).toBe(200);
    expect(response.json().tracks.length).toBeLessThanOrEqual(10);
    expect(response.json().total).toBeGreaterThanOrEqual(response.json().tracks.length);
  });

  it('checkprerelease: a released, playable track is released', async () => {
    const c = await curator();
    const items = (
      await c.call('playlist', { accountId: c.account.id, playlistId: FRESH_FINDS })
    ).json().items;
    const response = await c.call('checkprerelease', { trackId: items[0].track.id });
    expect(response.json()).toMatchObject({
      trackId: items[0].track.id,
      releaseDate: items[0].track.album.release_date,
    });
    expect(typeof response.json().released).toBe('boolean');
  });

  it('user/playlist: another curator’s playlist only once shown, and while visible', async () => {
    const owner = await curator();
    const viewer = await signedInUser(t);
    const view = () =>
      post(
        t.app,
        '/api/playlists/user/playlist',
        { userId: owner.id, playlistId: FRESH_FINDS },
        { cookie: viewer.cookie },
      );
    expect((await view()).statusCode).toBe(404);
    await owner.call('add', { accountId: owner.account.id, playlistId: FRESH_FINDS });
    // Managing never publishes a playlist.
    expect((await view()).statusCode).toBe(404);
    await owner.call('visibility', { playlistId: FRESH_FINDS, visible: true });
    const shown = await view();
    expect(shown.json().items).toHaveLength(25);
    // Spotify's info only: never our ids (the owner's account id).
    expect(shown.json().playlist).toEqual({ spotifyId: FRESH_FINDS, info: expect.any(Object) });
    expect(shown.body).not.toContain(owner.account.id);
    await owner.call('visibility', { playlistId: FRESH_FINDS, visible: false });
    expect((await view()).statusCode).toBe(404);
  });

  it('user/playlist: other curators are served from a one-minute cache, not Spotify', async () => {
    const owner = await curator();
    const viewer = await signedInUser(t);
    await owner.call('add', { accountId: owner.account.id, playlistId: FRESH_FINDS });
    await owner.call('visibility', { playlistId: FRESH_FINDS, visible: true });
    const view = () =>
      post(
        t.app,
        '/api/playlists/user/playlist',
        { userId: owner.id, playlistId: FRESH_FINDS },
        { cookie: viewer.cookie },
      );
    expect((await view()).statusCode).toBe(200);
    // Spotify would fail the next read of the playlist; a cached view never asks it.
    t.spotify.control.injectFault({
      kind: 'serverError',
      status: 500,
      times: 10,
      pathContains: FRESH_FINDS,
    });
    try {
      expect((await view()).statusCode).toBe(200);
      expect(t.spotify.control.pendingFaults()).toBe(10);
      t.clock.advance(61_000);
      expect((await view()).statusCode).toBe(502);
    } finally {
      t.spotify.control.clearFaults();
    }
  });

  it('user/playlist: limited per viewer', async () => {
    const owner = await curator();
    const viewer = await signedInUser(t);
    await owner.call('add', { accountId: owner.account.id, playlistId: FRESH_FINDS });
    await owner.call('visibility', { playlistId: FRESH_FINDS, visible: true });
    const view = (cookie: string) =>
      post(
        t.app,
        '/api/playlists/user/playlist',
        { userId: owner.id, playlistId: FRESH_FINDS },
        { cookie },
      );
    for (let viewed = 0; viewed < USER_RATE_LIMITS.playlistView.points; viewed += 1)
      expect((await view(viewer.cookie)).statusCode).toBe(200);
    const refused = await view(viewer.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect((await view((await signedInUser(t)).cookie)).statusCode).toBe(200);
  });
});

describe('managing playlists', () => {
  it('add, all, info, visibility, remove', async () => {
    const c = await curator();
    const added = await c.call('add', { accountId: c.account.id, playlistId: FRESH_FINDS });
    expect(added.statusCode).toBe(200);
    expect(added.json().playlistInfo).toMatchObject({
      spotifyId: FRESH_FINDS,
      visible: false,
      lockPositions: {},
      trackRemovalDates: [],
    });

    const all = (await c.call('all')).json();
    expect(all.playlists.map((p: { spotifyId: string }) => p.spotifyId)).toEqual([FRESH_FINDS]);
    expect(all.limits).toEqual({ playlists: 40, locksPerPlaylist: 999, managed: 1 });

    expect((await c.call('visibility', { playlistId: FRESH_FINDS, visible: true })).json()).toEqual(
      { playlistId: FRESH_FINDS, visible: true },
    );
    expect((await c.call('info')).json().playlistsInfo[FRESH_FINDS].visible).toBe(true);
    expect(
      (await c.call('visibility', { playlistId: FRESH_FINDS, visible: false })).json(),
    ).toEqual({ playlistId: FRESH_FINDS, visible: false });
    expect((await c.call('info')).json().playlistsInfo[FRESH_FINDS].visible).toBe(false);

    expect((await c.call('remove', { playlistId: FRESH_FINDS })).json()).toEqual({
      success: true,
      playlistId: FRESH_FINDS,
    });
    expect((await c.call('all')).json().playlists).toEqual([]);
  });

  it('showing a private playlist needs an explicit confirmation', async () => {
    const c = await curator();
    await c.call('add', { accountId: c.account.id, playlistId: DEMO_RADAR });
    const refused = await c.call('visibility', { playlistId: DEMO_RADAR, visible: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('confirmPrivate');
    expect((await c.call('info')).json().playlistsInfo[DEMO_RADAR].visible).toBe(false);
    const confirmed = await c.call('visibility', {
      playlistId: DEMO_RADAR,
      visible: true,
      confirmPrivate: true,
    });
    expect(confirmed.json()).toEqual({ playlistId: DEMO_RADAR, visible: true });
    // Hiding needs no confirmation.
    expect(
      (await c.call('visibility', { playlistId: DEMO_RADAR, visible: false })).statusCode,
    ).toBe(200);
  });

  it('adding twice keeps one managed playlist', async () => {
    const c = await curator();
    await c.call('add', { accountId: c.account.id, playlistId: FRESH_FINDS });
    await c.call('add', { accountId: c.account.id, playlistId: FRESH_FINDS });
    expect((await c.call('all')).json().limits.managed).toBe(1);
  });

  it('refuses to manage a playlist the account neither owns nor collaborates on', async () => {
    const c = await curator();
    const response = await c.call('add', { accountId: c.account.id, playlistId: SUMMER_HEAT });
    expect(response.statusCode).toBe(403);
  });

  it("enforces the plan's managed-playlist limit (free: 2), also under concurrent requests", async () => {
    const c = await curator('free');
    const answers = await Promise.all(
      [FRESH_FINDS, LATE_NIGHT, MORNING_COFFEE, DEMO_RADAR].map((playlistId) =>
        c.call('add', { accountId: c.account.id, playlistId }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    const refused = answers.filter((a) => a.statusCode === 403);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.json().error).toMatchObject({
      code: 'PLAN_LIMIT',
      details: { resource: 'playlists', limit: 2, plan: 'free' },
    });
    expect((await c.call('all')).json().limits.managed).toBe(2);
  });

  it('a stranger gets 404 for every managed-playlist action', async () => {
    const owner = await curator();
    await owner.call('add', { accountId: owner.account.id, playlistId: FRESH_FINDS });
    await owner.call('visibility', { playlistId: FRESH_FINDS, visible: true });
    const stranger = await curator();
    const cases: [string, object][] = [
      ['remove', { playlistId: FRESH_FINDS }],
      ['visibility', { playlistId: FRESH_FINDS, visible: false }],
      ['add-position', { playlistId: FRESH_FINDS, position: 0 }],
      ['remove-position', { playlistId: FRESH_FINDS, position: 0 }],
      ['updateplaylistpositions', { playlistId: FRESH_FINDS, positions: [0] }],
      ['track-removal-date', { playlistId: FRESH_FINDS, trackId: 'abc', removeAt: '2030-01-01' }],
      ['insights', { playlistId: FRESH_FINDS }],
      ['add', { accountId: owner.account.id, playlistId: FRESH_FINDS }],
      [
        'addtracktoplaylist',
        { accountId: owner.account.id, playlistId: FRESH_FINDS, trackId: 'abc' },
      ],
      [
        'removetrackfromplaylist',
        { accountId: owner.account.id, playlistId: FRESH_FINDS, trackId: 'abc' },
      ],
      [
        'move-track',
        { accountId: owner.account.id, playlistId: FRESH_FINDS, from: 0, to: 1, snapshotId: 'x' },
      ],
    ];
    for (const [action, body] of cases) {
      const response = await stranger.call(action, body);
      expect(response.statusCode, action).toBe(404);
    }
    expect((await owner.call('info')).json().playlistsInfo[FRESH_FINDS].visible).toBe(true);
  });
});

describe('locks', () => {
  it('add-position locks the track now at that position; remove-position unlocks', async () => {
    const c = await curator();
    await c.call('add', { accountId: c.account.id, playlistId: FRESH_FINDS });
    const items = (
      await c.call('playlist', { accountId: c.account.id, playlistId: FRESH_FINDS })
    ).json().items;
    const locked = await c.call('add-position', { playlistId: FRESH_FINDS, position: 3 });
    expect(locked.json().lockPositions).toEqual({
      3: { trackId: items[3].track.id, trackName: items[3].track.name, enforced: true },
    });
    const unlocked = await c.call('remove-position', { playlistId: FRESH_FINDS, position: 3 });
    expect(unlocked.json().lockPositions).toEqual({});
  });

  it('updateplaylistpositions replaces all locks', async () => {
    const c = await curator();
    await c.call('add', { accountId: c.account.id, playlistId: FRESH_FINDS });
    await c.call('add-position', { playlistId: FRESH_FINDS, position: 1 });
    const response = await c.call('updateplaylistpositions', {
      playlistId: FRESH_FINDS,
      positions: [0, 4, 4],
    });
    expect(Object.keys(response.json().lockPositions)).toEqual(['0', '4']);
  });

  it('refuses a position past the end', async () => {
    const c = await curator();
    await c.call('add', { accountId: c.account.id, playlistId: FRESH_FINDS });
    const response = await c.call('add-position', { playlistId: FRESH_FINDS, position: 25 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.position).toMatch(/no track at position 26/);
  });

  it('free has no locks; starter allows 5 per playlist', async () => {
    const free = await curator('free');
    await free.call('add', { accountId: free.account.id, playlistId: FRESH_FINDS });
    const refused = await free.call('add-position', { playlistId: FRESH_FINDS, position: 0 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'PLAN_LIMIT',
      details: { resource: 'locksPerPlaylist', limit: 0 },
    });

    const starter = await curator('starter');
    await starter.call('add', { accountId: starter.account.id, playlistId: FRESH_FINDS });
    expect(
      (
        await starter.call('updateplaylistpositions', {
          playlistId: FRESH_FINDS,
          positions: [0, 1, 2, 3, 4],
        })
      ).statusCode,
    ).toBe(200);
    const sixth = await starter.call('add-position', { playlistId: FRESH_FINDS, position: 5 });
    expect(sixth.json().error).toMatchObject({
      code: 'PLAN_LIMIT',
      details: { limit: 5, current: 5 },
    });
    const tooMany = await starter.call('updateplaylistpositions', {
      playlistId: FRESH_FINDS,
      positions: [0, 1, 2, 3, 4, 5],
    });
    expect(tooMany.statusCode).toBe(403);
  });
});

describe('track-removal-date', () => {
  /** A track of Fresh Finds Weekly, as the playlist action presents it. */
  async function freshFindsTrack(c: Awaited<ReturnType<typeof curator>>, position: number) {
    const items = (
      await c.call('playlist', { accountId: c.account.id, playlistId: FRESH_FINDS })
    ).json().items;
    return items[position].track as { id: string; name: string; artists: { name: string }[] };
  }

  it('adds, updates, removes, and validates the date range', async () => {
    const c = await curator();
    await c.call('add', { accountId: c.account.id, playlistId: FRESH_FINDS });
    const trackId = (await freshFindsTrack(c, 1)).id;
    const set = (removeAt: string | null) =>
      c.call('track-removal-date', { playlistId: FRESH_FINDS, trackId, removeAt });

    const added = await set('2030-05-01');
    expect(added.json()).toMatchObject({
      change: 'added',
      trackRemovalDate: {
        trackId,
        playlistId: FRESH_FINDS,
        removeAt: '2030-05-01',
        outcome: null,
      },
    });
    const updated = await set('2030-06-01');
    expect(updated.json()).toMatchObject({
      change: 'updated',
      trackRemovalDate: { id: added.json().trackRemovalDate.id, removeAt: '2030-06-01' },
    });
    expect((await c.call('info')).json().playlistsInfo[FRESH_FINDS].trackRemovalDates).toHaveLength(
      1,
    );
    expect((await set(null)).json()).toEqual({ change: 'removed', trackRemovalDate: null });
    expect((await set(null)).json()).toEqual({ change: 'unchanged', trackRemovalDate: null });
    expect((await c.call('info')).json().playlistsInfo[FRESH_FINDS].trackRemovalDates).toEqual([]);

    for (const bad of ['2100-01-01', '1899-12-31', '2030-02-30', '01/05/2030']) {
      expect((await set(bad)).statusCode, bad).toBe(400);
    }
  });

  it('keeps the song’s name and artists with the date, so its record can name it', async () => {
    const c = await curator();
    await c.call('add', { accountId: c.account.id, playlistId: FRESH_FINDS });
    const track = await freshFindsTrack(c, 2);
    const song = { trackName: track.name, trackArtists: track.artists.map((a) => a.name) };
    expect(song.trackArtists.length).toBeGreaterThan(0);

    const added = await c.call('track-removal-date', {
      playlistId: FRESH_FINDS,
      trackId: track.id,
      removeAt: '2030-05-01',
    });
    expect(added.json().trackRemovalDate).toMatchObject(song);

    // The record is all the product keeps of the track once it has left the playlist.
    const [record] = (await c.call('info')).json().playlistsInfo[FRESH_FINDS].trackRemovalDates;
    expect(record).toMatchObject({ trackId: track.id, ...song });
  });

  it('refuses a track Spotify does not know, and stores nothing', async () => {
    const c = await curator();
    await c.call('add', { accountId: c.account.id, playlistId: FRESH_FINDS });
    const response = await c.call('track-removal-date', {
      playlistId: FRESH_FINDS,
      trackId: 'NoSuchTrack0000000000A',
      removeAt: '2030-05-01',
    });
    expect(response.statusCode).toBe(404);
    expect((await c.call('info')).json().playlistsInfo[FRESH_FINDS].trackRemovalDates).toEqual([]);
  });
});

describe('edits on Spotify', () => {
  it('adds at a position, moves against a snapshot, and removes, changing the stand-in', async () => {
    const c = await curator();
    const before = t.spotify.control.playlistItems(MORNING_COFFEE);
    const newcomer = t.spotify.control
      .playlistItems(LATE_NIGHT)
      .find((item) => !before.some((b) => b.trackId === item.trackId))!;

    const added = await c.call('addtracktoplaylist', {
      accountId: c.account.id,
      playlistId: MORNING_COFFEE,
      trackId: newcomer.trackId,
      position: 2,
    });
    expect(added.statusCode).toBe(200);
    expect(t.spotify.control.playlistItems(MORNING_COFFEE)[2]!.trackId).toBe(newcomer.trackId);

    const moved = await c.call('move-track', {
      accountId: c.account.id,
      playlistId: MORNING_COFFEE,
      from: 2,
      to: 5,
      snapshotId: added.json().snapshotId,
    });
    expect(moved.statusCode).toBe(200);
    expect(t.spotify.control.playlistItems(MORNING_COFFEE)[5]!.trackId).toBe(newcomer.trackId);

    const removed = await c.call('removetrackfromplaylist', {
      accountId: c.account.id,
      playlistId: MORNING_COFFEE,
      trackId: newcomer.trackId,
    });
    expect(removed.statusCode).toBe(200);
    expect(t.spotify.control.playlistItems(MORNING_COFFEE).map((i) => i.trackId)).toEqual(
      before.map((b) => b.trackId),
    );
  });

  it('a move against a snapshot that no longer fits answers 409', async () => {
    const c = await curator();
    const response = await c.call('move-track', {
      accountId: c.account.id,
      playlistId: MORNING_COFFEE,
      from: 0,
      to: 1,
      snapshotId: 'not-a-snapshot',
    });
    expect(response.statusCode).toBe(409);
  });
});

describe('insights', () => {
  it('starts the follower history on the day a playlist is managed', async () => {
    const c = await curator();
    await c.call('add', { accountId: c.account.id, playlistId: FRESH_FINDS });
    const response = await c.call('insights', { playlistId: FRESH_FINDS });
    expect(response.json()).toEqual({
      points: [{ day: t.clock.now().toISOString().slice(0, 10), followers: 980, tracksTotal: 25 }],
      followersAverage30: 980,
      followersKnown: true,
    });
  });
});
