import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PLAN_LIMITS,
  type CustomerPlan,
  type PaidOrFreePlan,
} from '../../../common/domain/plans.js';
import { catalogSongs, managedPlaylists, playlistLocks, spotifyAccounts } from '../../db/schema.js';
import { countOpenSwaps } from '../trades/data.js';
import { curator } from '../../test/curators.js';
import { createTestApp, post, type TestApp } from '../../test/harness.js';
import {
  expectPlanLimit,
  fillAccounts,
  fillCatalog,
  fillLocks,
  fillPlaylists,
  fillSwaps,
  setPlan,
} from '../../test/planFill.js';
import { consentRedirect } from '../../test/spotifyLinking.js';
import { swapCurator } from '../../test/trades.js';

/**
 * Every limit, for every plan and for the trial, at its edge: the call that
 * reaches the limit passes, the next answers 403 PLAN_LIMIT. The counts below the edge are
 * written directly (planFill.ts); the edge is crossed through the API.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FRESH_FINDS = 'W1KJdIulicn0Wys9FcxxGf'; // mara.velden, 25 tracks
const LATE_NIGHT = 'Wro5miOQZqqZM3Kg5uZFTV'; // mara.velden
const MORNING_COFFEE = '8NDJNkzZvh5cGszm9ty6ty'; // mara.velden
const DEMO_RADAR = 'dkOmUbgv1bFZL56znvgW66'; // mara.velden

interface Situation {
  name: string;
  plan: CustomerPlan;
  /** Days until the trial ends (negative: since it ended). */
  trialDays?: number;
  /** The plan whose limits apply. */
  limits: PaidOrFreePlan;
}

const SITUATIONS: Situation[] = [
  { name: 'free', plan: 'free', limits: 'free' },
  { name: 'starter', plan: 'starter', limits: 'starter' },
  { name: 'advanced', plan: 'advanced', limits: 'advanced' },
  { name: 'pro', plan: 'pro', limits: 'pro' },
  { name: 'enterprise', plan: 'enterprise', limits: 'enterprise' },
  { name: 'a running trial', plan: 'trial', trialDays: 5, limits: 'pro' },
  // daysLeft -7: still pro for gating; daysLeft -8: free.
  { name: 'a trial ended 7 days ago', plan: 'trial', trialDays: -7.5, limits: 'pro' },
  { name: 'a trial ended 8 days ago', plan: 'trial', trialDays: -8.5, limits: 'free' },
];

async function curatorIn(situation: Situation, options: { spotify?: string | false } = {}) {
  const c = await curator(t, options);
  await setPlan(t, c.id, situation.plan, situation.trialDays ?? 14);
  return c;
}

const count = async (table: typeof spotifyAccounts | typeof catalogSongs, userId: string) =>
  Number(
    (
      await t.context.db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(eq(table.userId, userId))
    )[0]!.n,
  );

describe.each(SITUATIONS)('limits of $name', (situation) => {
  const limits = PLAN_LIMITS[situation.limits];
  const plan = situation.limits;

  it(`linked accounts (${limits.spotifyAccounts}), managed playlists (${limits.playlists}) and locks per playlist (${limits.locksPerPlaylist})`, async () => {
    const c = await curatorIn(situation, { spotify: false });
    await fillAccounts(t, c.id, limits.spotifyAccounts - 1);
    const { code, state } = await consentRedirect(t, c.cookie, 'mara.velden');
    const linked = await c.call('auth/spotify/callback', { code, state });
    expect(linked.statusCode, linked.body).toBe(200);
    const accountId = linked.json().account.id as string;
    const next = await consentRedirect(t, c.cookie, 'theo.okafor');
    expectPlanLimit(await c.call('auth/spotify/callback', { code: next.code, state: next.state }), {
      resource: 'spotifyAccounts',
      limit: limits.spotifyAccounts,
      current: limits.spotifyAccounts,
      plan,
    });
    expect(await count(spotifyAccounts, c.id)).toBe(limits.spotifyAccounts);

    await fillPlaylists(t, c.id, accountId, limits.playlists - 1);
    const managed = await c.call('playlists/add', { accountId, playlistId: FRESH_FINDS });
    expect(managed.statusCode, managed.body).toBe(200);
    expect(managed.json().playlistInfo.paused).toBe(false);
    expectPlanLimit(await c.call('playlists/add', { accountId, playlistId: LATE_NIGHT }), {
      resource: 'playlists',
      limit: limits.playlists,
      current: limits.playlists,
      plan,
    });

    const playlistRow = managed.json().playlistInfo.id as string;
    if (limits.locksPerPlaylist > 0) {
      await fillLocks(t, playlistRow, limits.locksPerPlaylist - 1);
      const locked = await c.call('playlists/add-position', {
        playlistId: FRESH_FINDS,
        position: 0,
      });
      expect(locked.statusCode, locked.body).toBe(200);
    }
    expectPlanLimit(
      await c.call('playlists/add-position', { playlistId: FRESH_FINDS, position: 1 }),
      {
        resource: 'locksPerPlaylist',
        limit: limits.locksPerPlaylist,
        current: limits.locksPerPlaylist,
        plan,
      },
    );
    const locks = await t.context.db
      .select()
      .from(playlistLocks)
      .where(eq(playlistLocks.playlistId, playlistRow));
    expect(locks).toHaveLength(limits.locksPerPlaylist);
  });

  it(`catalogue tracks (${limits.catalogTracks}) and pre-release swaps (${limits.prerelease ? 'yes' : 'no'})`, async () => {
    const c = await swapCurator(t, { playlist: 'freshFinds' });
    await setPlan(t, c.id, situation.plan, situation.trialDays ?? 14);
    const partner = await swapCurator(t, { plan: 'enterprise', playlist: 'gymTempo' });
    const upcoming = await c.upcoming();
    const offered = await c.call('open', {
      traderId: partner.id,
      periodDays: 7,
      songIds: [upcoming.id],
    });
    if (limits.prerelease) expect(offered.statusCode, offered.body).toBe(200);
    else expectPlanLimit(offered, { resource: 'prerelease', limit: 0, current: 0, plan });

    await fillCatalog(t, c.id, limits.catalogTracks - 2);
    const last = await post(
      t.app,
      '/api/songs/upcoming-release',
      { title: 'At the limit', artists: ['Edge'], releaseDate: '2099-06-01' },
      { cookie: c.cookie },
    );
    expect(last.statusCode, last.body).toBe(200);
    expectPlanLimit(
      await post(
        t.app,
        '/api/songs/upcoming-release',
        { title: 'Past the limit', artists: ['Edge'], releaseDate: '2099-06-01' },
        { cookie: c.cookie },
      ),
      {
        resource: 'catalogTracks',
        limit: limits.catalogTracks,
        current: limits.catalogTracks,
        plan,
      },
    );
    expect(await count(catalogSongs, c.id)).toBe(limits.catalogTracks);
  });

  it(`open swaps (${limits.openSwaps}) and swap periods (${limits.swapPeriodDays.join('/')})`, async () => {
    const c = await swapCurator(t, { playlist: 'freshFinds' });
    await setPlan(t, c.id, situation.plan, situation.trialDays ?? 14);
    const partner = await swapCurator(t, { plan: 'enterprise', playlist: 'gymTempo' });
    const longest = Math.max(...limits.swapPeriodDays);
    const beyond = [56, 180, 360].find((days) => days > longest);
    if (beyond) {
      expectPlanLimit(await c.call('open', { traderId: partner.id, periodDays: beyond }), {
        resource: 'swapPeriods',
        limit: longest,
        current: beyond,
        plan,
      });
    }
    await fillSwaps(t, c.id, partner.id, limits.openSwaps - 1);
    const last = await c.call('open', { traderId: partner.id, periodDays: longest });
    expect(last.statusCode, last.body).toBe(200);
    expectPlanLimit(await c.call('open', { traderId: partner.id, periodDays: 7 }), {
      resource: 'openSwaps',
      limit: limits.openSwaps,
      current: limits.openSwaps,
      plan,
    });
    expect(await countOpenSwaps(t.context.db, c.id)).toBe(limits.openSwaps);
  });
});

describe('concurrent calls at a limit leave exactly the limit', () => {
  it('linked accounts', async () => {
    const c = await curatorIn(SITUATIONS[2]!, { spotify: false }); // advanced: 2
    const consents = [];
    for (const who of ['mara.velden', 'theo.okafor', 'lena.kowalczyk'])
      consents.push(await consentRedirect(t, c.cookie, who));
    const answers = await Promise.all(
      consents.map(({ code, state }) => c.call('auth/spotify/callback', { code, state })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.statusCode === 403)).toHaveLength(1);
    expect(await count(spotifyAccounts, c.id)).toBe(2);
  });

  it('managed playlists and locks', async () => {
    const c = await curatorIn(SITUATIONS[1]!); // starter: 5 playlists, 5 locks each
    const accountId = c.account!.id;
    await fillPlaylists(t, c.id, accountId, 3);
    const adds = await Promise.all(
      [FRESH_FINDS, LATE_NIGHT, MORNING_COFFEE, DEMO_RADAR].map((playlistId) =>
        c.call('playlists/add', { accountId, playlistId }),
      ),
    );
    expect(adds.filter((a) => a.statusCode === 200)).toHaveLength(2);
    expect(adds.filter((a) => a.statusCode === 403)).toHaveLength(2);
    const managed = await t.context.db
      .select()
      .from(managedPlaylists)
      .where(eq(managedPlaylists.userId, c.id));
    expect(managed).toHaveLength(5);

    const target = adds.find((a) => a.statusCode === 200)!.json().playlistInfo;
    await fillLocks(t, target.id, 3);
    const locks = await Promise.all(
      [0, 1, 2, 3, 4].map((position) =>
        c.call('playlists/add-position', { playlistId: target.spotifyId, position }),
      ),
    );
    expect(locks.filter((a) => a.statusCode === 200)).toHaveLength(2);
    const rows = await t.context.db
      .select()
      .from(playlistLocks)
      .where(and(eq(playlistLocks.playlistId, target.id)));
    expect(rows).toHaveLength(5);
  });

  it('catalogue tracks', async () => {
    const c = await curatorIn(SITUATIONS[0]!, { spotify: false }); // free: 5
    await fillCatalog(t, c.id, 3);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) =>
        c.call('songs/upcoming-release', {
          title: `Race ${i}`,
          artists: ['Racer'],
          releaseDate: '2099-02-01',
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    expect(await count(catalogSongs, c.id)).toBe(5);
  });

  it('open swaps', async () => {
    const c = await swapCurator(t, { plan: 'starter', playlist: 'freshFinds' }); // 12
    const partner = await swapCurator(t, { plan: 'enterprise', playlist: 'gymTempo' });
    await fillSwaps(t, c.id, partner.id, 10);
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => c.call('open', { traderId: partner.id, periodDays: 14 })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    expect(await countOpenSwaps(t.context.db, c.id)).toBe(12);
  });
});
