import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managedPlaylists, playlistLocks } from '../../db/schema.js';
import { enforceLocks } from '../../jobs/enforceLocks.js';
import { curator, type Curator } from '../../test/curators.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { expectPlanLimit, setPlan } from '../../test/planFill.js';

/**
 * A downgrade deletes nothing (docs/payments.md, Downgrades): what is above the new plan's
 * limits stays readable, the oldest (or the curator's picks) stay active, the rest is paused
 * until the curator picks or upgrades; locks beyond the limit are kept but not enforced.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FRESH_FINDS = 'W1KJdIulicn0Wys9FcxxGf'; // mara.velden, 25 tracks
const LATE_NIGHT = 'Wro5miOQZqqZM3Kg5uZFTV';
const MORNING_COFFEE = '8NDJNkzZvh5cGszm9ty6ty';
const DEMO_RADAR = 'dkOmUbgv1bFZL56znvgW66';
const PLAYLISTS = [FRESH_FINDS, LATE_NIGHT, MORNING_COFFEE, DEMO_RADAR];

/** A pro curator managing four playlists (added a minute apart, oldest first), with locks. */
async function proCuratorWithFourPlaylists(locks: number[] = [0, 1, 2]) {
  const c = await curator(t, { plan: 'pro' });
  for (const playlistId of PLAYLISTS) {
    const added = await c.call('playlists/add', { accountId: c.account!.id, playlistId });
    expect(added.statusCode, added.body).toBe(200);
    t.clock.advance(60_000);
  }
  for (const playlistId of [FRESH_FINDS, MORNING_COFFEE])
    for (const position of locks) {
      const locked = await c.call('playlists/add-position', { playlistId, position });
      expect(locked.statusCode, locked.body).toBe(200);
    }
  return c;
}

async function infoOf(c: Curator) {
  const response = await c.call('playlists/info');
  expect(response.statusCode).toBe(200);
  return response.json().playlistsInfo as Record<
    string,
    { paused: boolean; lockPositions: Record<string, { enforced: boolean }> }
  >;
}

const pausedOf = async (c: Curator) =>
  Object.entries(await infoOf(c))
    .filter(([, info]) => info.paused)
    .map(([id]) => id)
    .sort();

describe('a downgrade to free', () => {
  it('keeps everything, pauses what is beyond the limit, and refuses adding more', async () => {
    const c = await proCuratorWithFourPlaylists();
    await setPlan(t, c.id, 'free');

    const info = await infoOf(c);
    expect(Object.keys(info).sort()).toEqual([...PLAYLISTS].sort());
    // The two oldest stay active; nothing was deleted.
    expect(await pausedOf(c)).toEqual([MORNING_COFFEE, DEMO_RADAR].sort());
    expect(Object.keys(info[FRESH_FINDS]!.lockPositions)).toEqual(['0', '1', '2']);
    // Free has no locks: they are kept, none is enforced.
    expect(Object.values(info[FRESH_FINDS]!.lockPositions).map((l) => l.enforced)).toEqual([
      false,
      false,
      false,
    ]);
    const all = (await c.call('playlists/all')).json();
    expect(all.limits).toEqual({ playlists: 2, locksPerPlaylist: 0, managed: 4 });

    // Reading a paused playlist still works.
    const read = await c.call('playlists/insights', { playlistId: DEMO_RADAR });
    expect(read.statusCode).toBe(200);
  });

  it('refuses work on a paused playlist but allows taking things away', async () => {
    const c = await proCuratorWithFourPlaylists();
    await setPlan(t, c.id, 'starter');
    // Starter keeps 5 playlists: all four active, locks within 5 each.
    expect(await pausedOf(c)).toEqual([]);
    await setPlan(t, c.id, 'free');

    const paused = { resource: 'playlists', limit: 2, current: 4, plan: 'free' };
    expectPlanLimit(
      await c.call('playlists/add-position', { playlistId: MORNING_COFFEE, position: 5 }),
      paused,
    );
    expectPlanLimit(
      await c.call('playlists/visibility', { playlistId: MORNING_COFFEE, visible: true }),
      paused,
    );
    expectPlanLimit(
      await c.call('playlists/track-removal-date', {
        playlistId: MORNING_COFFEE,
        trackId: 'abc123',
        removeAt: '2099-01-01',
      }),
      paused,
    );
    const refused = await c.call('playlists/add-position', {
      playlistId: MORNING_COFFEE,
      position: 5,
    });
    expect(refused.json().error.details).toMatchObject({
      paused: true,
      playlistId: MORNING_COFFEE,
    });

    for (const [action, body] of [
      ['playlists/remove-position', { playlistId: MORNING_COFFEE, position: 0 }],
      ['playlists/visibility', { playlistId: MORNING_COFFEE, visible: false }],
      [
        'playlists/track-removal-date',
        { playlistId: MORNING_COFFEE, trackId: 'abc123', removeAt: null },
      ],
    ] as const) {
      const response = await c.call(action, body);
      expect(response.statusCode, `${action} ${response.body}`).toBe(200);
    }
    // Adding a playlist waits until fewer are managed than the plan allows.
    const removedOne = await c.call('playlists/remove', { playlistId: DEMO_RADAR });
    expect(removedOne.statusCode).toBe(200);
    expectPlanLimit(
      await c.call('playlists/add', { accountId: c.account!.id, playlistId: DEMO_RADAR }),
      { resource: 'playlists', limit: 2, current: 3, plan: 'free' },
    );
  });

  it('lets the curator pick which playlists stay active', async () => {
    const c = await proCuratorWithFourPlaylists();
    await setPlan(t, c.id, 'free');

    const picked = await c.call('playlists/active', { playlistIds: [LATE_NIGHT, DEMO_RADAR] });
    expect(picked.statusCode, picked.body).toBe(200);
    const info = picked.json().playlistsInfo;
    expect(info[LATE_NIGHT].paused).toBe(false);
    expect(info[DEMO_RADAR].paused).toBe(false);
    expect(await pausedOf(c)).toEqual([FRESH_FINDS, MORNING_COFFEE].sort());

    // One pick: the oldest of the others fills the second place.
    await c.call('playlists/active', { playlistIds: [MORNING_COFFEE] });
    expect(await pausedOf(c)).toEqual([LATE_NIGHT, DEMO_RADAR].sort());

    expectPlanLimit(
      await c.call('playlists/active', { playlistIds: [FRESH_FINDS, LATE_NIGHT, DEMO_RADAR] }),
      { resource: 'playlists', limit: 2, current: 3, plan: 'free' },
    );
    const unknown = await c.call('playlists/active', { playlistIds: ['37i9dQZF1DXcBWIGoYBM5M'] });
    expect(unknown.statusCode).toBe(404);
    expect(await pausedOf(c)).toEqual([LATE_NIGHT, DEMO_RADAR].sort());

    // Back on pro everything is active again; the picks wait for the next downgrade.
    await setPlan(t, c.id, 'pro');
    expect(await pausedOf(c)).toEqual([]);
  });
});

describe('locks after a downgrade', () => {
  // Its own app: curators of the other tests manage the same stand-in playlist.
  let shared: TestApp;
  beforeAll(async () => {
    shared = t;
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    t = shared;
  });

  it('enforces only the first locks within the plan, and none on a paused playlist', async () => {
    const c = await proCuratorWithFourPlaylists([0, 1, 2, 3, 4, 5, 6]);
    await setPlan(t, c.id, 'free');
    // Free: two playlists active, no locks at all; the lock job leaves every playlist alone.
    t.spotify.control.editAsSomeoneElse(FRESH_FINDS, { kind: 'move', from: 0, to: 20 });
    expect(await enforceLocks(t.context, t.clock.now())).toEqual({});

    // Starter: five locks per playlist, the first five by position.
    await setPlan(t, c.id, 'starter');
    const info = await infoOf(c);
    expect(
      Object.entries(info[FRESH_FINDS]!.lockPositions).map(([position, lock]) => [
        position,
        lock.enforced,
      ]),
    ).toEqual([
      ['0', true],
      ['1', true],
      ['2', true],
      ['3', true],
      ['4', true],
      ['5', false],
      ['6', false],
    ]);
    const summary = await enforceLocks(t.context, t.clock.now());
    expect(summary.restored).toBe(1);
    const [row] = await t.context.db
      .select()
      .from(managedPlaylists)
      .where(eq(managedPlaylists.spotifyId, FRESH_FINDS));
    expect(row!.lastEnforcementOutcome).toBe('restored');
    // The locks themselves are all still there.
    const kept = await t.context.db
      .select()
      .from(playlistLocks)
      .where(eq(playlistLocks.playlistId, row!.id));
    expect(kept).toHaveLength(7);
    // Adding an eighth is refused while seven are kept; replacing them with five is the pick.
    expectPlanLimit(
      await c.call('playlists/add-position', { playlistId: FRESH_FINDS, position: 9 }),
      { resource: 'locksPerPlaylist', limit: 5, current: 7, plan: 'starter' },
    );
    const replaced = await c.call('playlists/updateplaylistpositions', {
      playlistId: FRESH_FINDS,
      positions: [0, 2, 4, 6, 8],
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(Object.keys(replaced.json().lockPositions)).toEqual(['0', '2', '4', '6', '8']);
  });
});
