import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  managedPlaylists,
  playlistDailyStats,
  playlistHealth,
  playlistLocks,
  profilePictures,
  spotifyAccounts,
  trackRemovalDates,
  users,
} from '../db/schema.js';
import { createTestApp, post, signInAs, type TestApp } from '../test/harness.js';
import { DEMO_PASSWORD, seedDemoData } from './demoData.js';
import { seedDemoPictures } from './demoPictures.js';
import { FOLLOWER_HISTORY_DAYS, seedDemoSpotify } from './demoSpotify.js';

let t: TestApp;
/** The stand-in's grant to this app's client, as demo mode's integration gives it. */
const grant = (spotifyUserId: string) =>
  t.spotify.control.issueTokens(spotifyUserId, { clientId: t.config.spotify.clientId });

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.context.db, t.clock.now());
});
afterAll(() => t.close());

async function idOf(email: string) {
  const [row] = await t.context.db.select().from(users).where(eq(users.email, email));
  return row!.id;
}

/** Every row the demo seed writes, counted per table. */
async function counts() {
  const tables = {
    spotifyAccounts,
    managedPlaylists,
    playlistLocks,
    trackRemovalDates,
    playlistDailyStats,
    profilePictures,
  };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await t.context.db.select({ n: count() }).from(table);
      return [name, row!.n] as const;
    }),
  );
  return Object.fromEntries(entries);
}

describe('the demo curators on the local Spotify', () => {
  it('links the demo curator with managed playlists, locks, dates and 90 days of followers; leaves the onboarding curator alone; a second run changes nothing', async () => {
    expect(await seedDemoSpotify(t.context, grant)).toBe(6);
    expect(await seedDemoPictures(t.context)).toBe(6);

    const cookie = await signInAs(t, { email: 'avery@demo.curator.test', password: DEMO_PASSWORD });
    const me = (await t.app.inject({ url: '/api/', headers: { cookie } })).json().user;
    expect(me.accounts.map((account: { email: string }) => account.email).sort()).toEqual([
      'Mara Velden',
      'Sol Ortega',
    ]);
    expect(me.userProfilePicture).toEqual(expect.any(String));

    // The tokens stored are ones the stand-in accepts: the Playlists screen's call works.
    const live = await post(
      t.app,
      '/api/playlists/playlists',
      { accountId: me.accounts[0].id },
      { cookie },
    );
    expect(live.statusCode).toBe(200);

    const avery = await idOf('avery@demo.curator.test');
    const managed = await t.context.db
      .select()
      .from(managedPlaylists)
      .where(eq(managedPlaylists.userId, avery));
    expect(managed.map((row) => row.name).sort()).toEqual([
      'Late Night Drive',
      'Morning Coffee Acoustic',
      "Sol's Summer Heat",
    ]);
    const ids = managed.map((row) => row.id);
    expect(
      await t.context.db.select().from(playlistLocks).where(inArray(playlistLocks.playlistId, ids)),
    ).toHaveLength(5);
    expect(
      await t.context.db
        .select()
        .from(trackRemovalDates)
        .where(inArray(trackRemovalDates.playlistId, ids)),
    ).toHaveLength(3);

    const lateNight = managed.find((row) => row.name === 'Late Night Drive')!;
    const history = await t.context.db
      .select()
      .from(playlistDailyStats)
      .where(eq(playlistDailyStats.playlistId, lateNight.id));
    expect(history).toHaveLength(FOLLOWER_HISTORY_DAYS);
    expect(history.every((point) => point.followers !== null && point.followers > 0)).toBe(true);
    const days = history.map((point) => point.day).sort();
    expect((Date.parse(days.at(-1)!) - Date.parse(days[0]!)) / (24 * 60 * 60 * 1000)).toBe(
      FOLLOWER_HISTORY_DAYS - 1,
    );

    // The details screen's insights read that history.
    const insights = await post(
      t.app,
      '/api/playlists/insights',
      { playlistId: lateNight.spotifyId },
      { cookie },
    );
    expect(insights.json().points).toHaveLength(FOLLOWER_HISTORY_DAYS);

    // The onboarding curator has nothing: the welcome overlay and empty Playlists.
    const gale = await idOf('gale@demo.curator.test');
    expect(
      await t.context.db.select().from(spotifyAccounts).where(eq(spotifyAccounts.userId, gale)),
    ).toEqual([]);
    expect(
      await t.context.db.select().from(managedPlaylists).where(eq(managedPlaylists.userId, gale)),
    ).toEqual([]);

    // Drew is on the free plan: one account, no locks.
    const drew = await idOf('drew@demo.curator.test');
    const drewsPlaylists = await t.context.db
      .select()
      .from(managedPlaylists)
      .where(eq(managedPlaylists.userId, drew));
    expect(drewsPlaylists).toHaveLength(1);
    expect(
      await t.context.db
        .select()
        .from(playlistLocks)
        .where(eq(playlistLocks.playlistId, drewsPlaylists[0]!.id)),
    ).toEqual([]);

    // Health from the seeded history: Avery's own playlists grew steadily; Finley, a partner
    // in Avery's Discovery, shows a visible playlist with one unusual rise.
    const labels = await t.context.db
      .select({ name: managedPlaylists.name, health: playlistHealth })
      .from(managedPlaylists)
      .innerJoin(playlistHealth, eq(playlistHealth.playlistId, managedPlaylists.id));
    const labelOf = (name: string) => labels.find((row) => row.name === name)?.health;
    expect(labelOf('Late Night Drive')?.label).toBe('clean');
    expect(labelOf('Focus Flow')).toMatchObject({
      label: 'suspicious',
      evidence: [
        expect.stringMatching(/^\+3\d\d followers on \d+ \w{3}, \d+ times its usual daily change$/),
      ],
    });
    const partners = await post(
      t.app,
      '/api/users/network/potential-partners',
      { hideBought: true },
      { cookie },
    );
    const shown = (partners.json() as { partners: { name: string }[] }).partners.map((p) => p.name);
    expect(shown).not.toContain('Finley Pro');
    expect(shown.length).toBeGreaterThan(0);

    // Tagged playlists: Avery's Discovery names the genres matched and filters by genre.
    const all = await post(t.app, '/api/users/network/potential-partners', {}, { cookie });
    const emery = (
      all.json() as { partners: { name: string; fit: { sharedTags: string[] } }[] }
    ).partners.find((p) => p.name === 'Emery Starter');
    expect(emery?.fit.sharedTags).toContain('electronic');
    const byGenre = await post(
      t.app,
      '/api/users/network/potential-partners',
      { genre: 'workout' },
      { cookie },
    );
    expect(
      (byGenre.json() as { partners: { name: string }[] }).partners.map((p) => p.name),
    ).toEqual(['Emery Starter']);

    // The completed swap's historical placements are tied to the placing curators' managed
    // playlists: its outcome report has their follower histories to chart.
    const completed = await post(t.app, '/api/trades/all', { statuses: ['completed'] }, { cookie });
    const withBlake = (
      completed.json() as { trades: { completed: { id: string; trader: { name: string } }[] } }
    ).trades.completed.find((trade) => trade.trader.name === 'Blake Rivera');
    const outcome = await post(
      t.app,
      '/api/trades/outcome',
      { tradeId: withBlake!.id },
      { cookie },
    );
    const placements = (
      outcome.json() as {
        outcome: {
          placements: { playlistName: string; followers: { history: unknown[] } | null }[];
        };
      }
    ).outcome.placements;
    expect(placements.map((p) => p.playlistName).sort()).toEqual([
      'Morning Coffee Acoustic',
      'Quiet Rooms',
    ]);
    for (const placement of placements)
      expect(placement.followers?.history.length).toBeGreaterThan(7);

    const before = await counts();
    expect(await seedDemoSpotify(t.context, grant)).toBe(0);
    expect(await seedDemoPictures(t.context)).toBe(0);
    expect(await counts()).toEqual(before);
    // Six curators linked (some 80 Web API calls) and six pictures drawn: room on a busy machine.
  }, 120_000);
});
