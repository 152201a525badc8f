import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dayOf } from '../areas/playlists/index.js';
import {
  jobOutcomes,
  managedPlaylists,
  playlistDailyStats,
  spotifyAccounts,
} from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { managingCurator } from '../test/curators.js';
import {
  flagExpiringGrants,
  GRANT_NEAR_END_REASON,
  takeFollowerSnapshots,
} from './followerSnapshots.js';

const FRESH_FINDS = 'W1KJdIulicn0Wys9FcxxGf'; // mara.velden: 980 followers, 25 tracks
const RAIN_ON_GLASS = 'iMmDW7V1XJgjFIU3d1Lo5H'; // lena.kowalczyk: no follower count, 10 tracks
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t?.close());

async function managed(spotifyUserId: string, playlistId: string) {
  const user = await managingCurator(t, spotifyUserId, playlistId);
  return { user, account: user.account, id: user.managedId };
}

const statsOf = (playlistId: string) =>
  t.context.db
    .select({
      day: playlistDailyStats.day,
      followers: playlistDailyStats.followers,
      tracksTotal: playlistDailyStats.tracksTotal,
    })
    .from(playlistDailyStats)
    .where(eq(playlistDailyStats.playlistId, playlistId))
    .orderBy(asc(playlistDailyStats.day));

describe('takeFollowerSnapshots', () => {
  it('writes one row per playlist per day, however often it runs', async () => {
    const fresh = await managed('mara.velden', FRESH_FINDS);
    // Managing it recorded today already (the history starts on the day it is added).
    const day0 = dayOf(t.clock.now());
    expect(await takeFollowerSnapshots(t.context, t.clock.now())).toEqual({});
    expect(await statsOf(fresh.id)).toEqual([{ day: day0, followers: 980, tracksTotal: 25 }]);

    t.clock.advance(DAY);
    const day1 = dayOf(t.clock.now());
    t.spotify.control.editAsSomeoneElse(FRESH_FINDS, { kind: 'remove', position: 0 });
    expect(await takeFollowerSnapshots(t.context, t.clock.now())).toEqual({ recorded: 1 });
    expect(await takeFollowerSnapshots(t.context, t.clock.now())).toEqual({});
    expect(await statsOf(fresh.id)).toEqual([
      { day: day0, followers: 980, tracksTotal: 25 },
      { day: day1, followers: 980, tracksTotal: 24 },
    ]);
    // The stored Spotify info follows.
    const [row] = await t.context.db
      .select()
      .from(managedPlaylists)
      .where(eq(managedPlaylists.id, fresh.id));
    expect(row).toMatchObject({ tracksTotal: 24, followers: 980, name: 'Fresh Finds Weekly' });
    const outcomes = await t.context.db
      .select()
      .from(jobOutcomes)
      .where(and(eq(jobOutcomes.job, 'follower-snapshots'), eq(jobOutcomes.subjectId, fresh.id)));
    expect(outcomes).toEqual([
      expect.objectContaining({
        userId: fresh.user.id,
        outcome: 'recorded',
        detail: `${day1}: 980 followers, 24 tracks`,
      }),
    ]);

    t.clock.advance(DAY);
    expect(await takeFollowerSnapshots(t.context, t.clock.now())).toEqual({ recorded: 1 });
    expect(await statsOf(fresh.id)).toHaveLength(3);
  });

  it('stores null, not 0, where Spotify gives no follower count', async () => {
    const rain = await managed('lena.kowalczyk', RAIN_ON_GLASS);
    t.clock.advance(DAY);
    expect(await takeFollowerSnapshots(t.context, t.clock.now())).toEqual({ recorded: 1 });
    const stats = await statsOf(rain.id);
    expect(stats.at(-1)).toEqual({ day: dayOf(t.clock.now()), followers: null, tracksTotal: 10 });
  });

  it('records a failure and tries again at the next run the same day', async () => {
    const fresh = await managed('mara.velden', FRESH_FINDS);
    t.clock.advance(DAY);
    t.spotify.control.injectFault({
      kind: 'rateLimit',
      retryAfterSeconds: 3600,
      pathContains: FRESH_FINDS,
    });
    expect(await takeFollowerSnapshots(t.context, t.clock.now())).toEqual({ failed: 1 });
    expect(await statsOf(fresh.id)).toHaveLength(1);
    t.clock.advance(60 * 60 * 1000);
    expect(await takeFollowerSnapshots(t.context, t.clock.now())).toEqual({ recorded: 1 });
    expect(await statsOf(fresh.id)).toHaveLength(2);
  });
});

describe('flagExpiringGrants', () => {
  it('asks for re-authorisation 165 days after the grant, once', async () => {
    const fresh = await managed('mara.velden', FRESH_FINDS);
    t.clock.advance(164 * DAY);
    expect(await flagExpiringGrants(t.context, t.clock.now())).toEqual({});
    t.clock.advance(2 * DAY);
    expect(await flagExpiringGrants(t.context, t.clock.now())).toEqual({ regrant: 1 });
    expect(await flagExpiringGrants(t.context, t.clock.now())).toEqual({});
    const [account] = await t.context.db
      .select()
      .from(spotifyAccounts)
      .where(eq(spotifyAccounts.id, fresh.account.id));
    expect(account).toMatchObject({ regrant: true, regrantReason: GRANT_NEAR_END_REASON });
  });
});
