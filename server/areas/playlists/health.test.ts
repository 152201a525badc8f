import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaylistHealth } from '../../../common/api/playlistHealth.js';
import type { ManagedPlaylist } from '../../../common/api/playlists/schemas.js';
import type { PotentialPartner, PublicProfile } from '../../../common/api/users/schemas.js';
import {
  curatorSummaries,
  managedPlaylists,
  playlistDailyStats,
  playlistHealth,
} from '../../db/schema.js';
import { createTestApp, post, signedInUser, type TestApp } from '../../test/harness.js';
import { noticesTo, setSwitches } from '../../test/notifications.js';
import { swapCurator, type SwapCurator } from '../../test/trades.js';
import { assessCuratorHealth, assessPlaylistsHealth } from './health.js';
import { dayOf } from './stats.js';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** 40 days of counts ending today: +20 a day, with `jumps` (days ago → change) on top. */
async function writeHistory(
  playlistId: string,
  jumps: Record<number, number> = {},
  start = 3_000,
): Promise<void> {
  const now = t.clock.now().getTime();
  let followers = start;
  const rows = [];
  for (let ago = 39; ago >= 0; ago -= 1) {
    followers += 20 + (ago % 3) + (jumps[ago] ?? 0);
    rows.push({
      playlistId,
      day: dayOf(new Date(now - ago * DAY)),
      followers,
      tracksTotal: 100,
      createdAt: new Date(now - ago * DAY),
    });
  }
  await t.context.db
    .delete(playlistDailyStats)
    .where(eq(playlistDailyStats.playlistId, playlistId));
  await t.context.db.insert(playlistDailyStats).values(rows);
}

const idOf = async (curator: SwapCurator) =>
  (
    await t.context.db
      .select({ id: managedPlaylists.id })
      .from(managedPlaylists)
      .where(eq(managedPlaylists.userId, curator.id))
  )[0]!.id;

/** A second, private playlist of the curator (never shown to others). */
async function privatePlaylist(curator: SwapCurator): Promise<string> {
  const [row] = await t.context.db
    .insert(managedPlaylists)
    .values({
      userId: curator.id,
      accountId: curator.accountId!,
      spotifyId: `private${curator.id.slice(0, 8)}`,
      name: 'Secret Shortlist',
      ownerId: 'mara.velden',
      collaborative: false,
      public: false,
      followers: 5_000,
      tracksTotal: 100,
      snapshotId: 'snap',
    })
    .returning({ id: managedPlaylists.id });
  return row!.id;
}

async function partners(who: { cookie: string }, body: object = {}) {
  const response = await post(t.app, '/api/users/network/potential-partners', body, {
    cookie: who.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { partners: PotentialPartner[] }).partners;
}

describe('playlist health, assessed daily', () => {
  it('labels, stores, notifies once and shows only visible playlists to others', async () => {
    const partner = await swapCurator(t, { playlist: 'freshFinds' });
    const visibleId = await idOf(partner);
    const hiddenId = await privatePlaylist(partner);
    // The visible one rose 4,000 on one day and lost most of it within the week: bought.
    await writeHistory(visibleId, { 10: 4_000, 8: -1_500, 6: -1_500 });
    // The private one rose once: suspicious (and must never reach another curator).
    await writeHistory(hiddenId, { 5: 2_500 });

    const summary = await assessPlaylistsHealth(t.context, t.clock.now());
    expect(summary['health bought']).toBeGreaterThanOrEqual(1);
    const stored = await t.context.db
      .select()
      .from(playlistHealth)
      .where(eq(playlistHealth.playlistId, visibleId));
    expect(stored[0]).toMatchObject({ label: 'bought', assessedOn: dayOf(t.clock.now()) });
    expect(stored[0]!.evidence[0]).toMatch(/^\+4,0\d\d followers on \d+ \w{3}, \d+ times/);
    expect(stored[0]!.evidence[1]).toMatch(
      /^lost 2,9\d\d followers within a week after that rise$/,
    );

    // One notice per playlist that turned Suspicious or Likely bought, to its owner.
    const notices = await noticesTo(t, partner.id);
    expect(notices.map((notice) => notice.subject).sort()).toEqual([
      'Your playlist Fresh Finds Weekly looks bought',
      'Your playlist Secret Shortlist looks suspicious',
    ]);
    // Discovery's filter count: the visible bought playlist only.
    const [row] = await t.context.db
      .select({ bought: curatorSummaries.flaggedPlaylists })
      .from(curatorSummaries)
      .where(eq(curatorSummaries.userId, partner.id));
    expect(row!.bought).toBe(1);

    // A second run on the same day assesses nobody again and mails nothing more.
    const again = await assessPlaylistsHealth(t.context, t.clock.now());
    expect(again).toEqual({});
    await assessCuratorHealth(t.context, partner.id, t.clock.now());
    expect(await noticesTo(t, partner.id)).toHaveLength(2);

    // The owner sees both labels on their own playlists.
    const info = await post(t.app, '/api/playlists/info', {}, { cookie: partner.cookie });
    const mine = Object.values(info.json().playlistsInfo as Record<string, ManagedPlaylist>).map(
      (playlist) => playlist.health?.label,
    );
    expect(mine.sort()).toEqual(['bought', 'suspicious']);

    // Another curator: Discovery and the profile show the visible playlist's label only.
    const viewer = await signedInUser(t);
    const found = (await partners(viewer, { query: partner.name })).find(
      (p) => p.id === partner.id,
    );
    expect(found?.playlists).toEqual([
      {
        spotifyId: partner.playlistId,
        name: 'Fresh Finds Weekly',
        health: expect.objectContaining({ label: 'bought' }) as PlaylistHealth,
      },
    ]);
    const profile = await post(
      t.app,
      '/api/users/public/profile',
      { userId: partner.id },
      { cookie: viewer.cookie },
    );
    const shown = (profile.json() as { profile: PublicProfile }).profile.playlists;
    expect(shown.map((playlist) => playlist.health?.label)).toEqual(['bought']);
    expect(profile.body).not.toContain('Secret Shortlist');
    expect(profile.body).not.toContain('2,5');
    expect(JSON.stringify(found)).not.toContain('Secret Shortlist');

    // The filter hides partners whose visible playlists look bought.
    const filtered = await partners(viewer, { query: partner.name, hideBought: true });
    expect(filtered.find((p) => p.id === partner.id)).toBeUndefined();
  });

  it('says "not enough history yet" for a new playlist and mails nothing', async () => {
    const curator = await swapCurator(t, { playlist: 'gymTempo' });
    const id = await idOf(curator);
    await t.context.db.delete(playlistDailyStats).where(eq(playlistDailyStats.playlistId, id));
    await t.context.db.insert(playlistDailyStats).values({
      playlistId: id,
      day: dayOf(t.clock.now()),
      followers: 100,
      tracksTotal: 60,
    });
    await assessCuratorHealth(t.context, curator.id, t.clock.now());
    const [row] = await t.context.db
      .select()
      .from(playlistHealth)
      .where(eq(playlistHealth.playlistId, id));
    expect(row!.label).toBe('unknown');
    expect(await noticesTo(t, curator.id)).toHaveLength(0);
  });

  it('queues no mail with the swaps switch off, and keeps the label', async () => {
    const curator = await swapCurator(t, { playlist: 'quietRooms' });
    await setSwitches(t, curator.cookie, { swaps: false });
    const id = await idOf(curator);
    await writeHistory(id, { 3: 3_000 });
    await assessCuratorHealth(t.context, curator.id, t.clock.now());
    const [row] = await t.context.db
      .select()
      .from(playlistHealth)
      .where(eq(playlistHealth.playlistId, id));
    expect(row!.label).toBe('suspicious');
    expect(await noticesTo(t, curator.id)).toHaveLength(0);
    // A visible Suspicious playlist looks bought too: the filter hides its curator.
    const viewer = await signedInUser(t);
    const all = await partners(viewer, { query: curator.name });
    expect(all.find((p) => p.id === curator.id)?.playlists?.[0]?.health.label).toBe('suspicious');
    const filtered = await partners(viewer, { query: curator.name, hideBought: true });
    expect(filtered.find((p) => p.id === curator.id)).toBeUndefined();
  });
});

describe('the Discovery filter, hideBought', () => {
  it('refuses what is not a boolean', async () => {
    const viewer = await signedInUser(t);
    const response = await post(
      t.app,
      '/api/users/network/potential-partners',
      { hideBought: 'yes' },
      { cookie: viewer.cookie },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('hideBought');
  });

  it('answers an anonymous caller 401', async () => {
    const response = await post(t.app, '/api/users/network/potential-partners', {
      hideBought: true,
    });
    expect(response.statusCode).toBe(401);
  });

  it('keeps a curator blocked by the partner from seeing them, filter or not', async () => {
    const partner = await swapCurator(t, { playlist: 'focusFlow' });
    const blocked = await signedInUser(t);
    const blocking = await post(
      t.app,
      '/api/users/block',
      { userId: blocked.id },
      { cookie: partner.cookie },
    );
    expect(blocking.statusCode, blocking.body).toBe(200);
    for (const body of [{}, { hideBought: true }, { hideBought: false }]) {
      const seen = await partners(blocked, { ...body, query: partner.name });
      expect(seen.find((p) => p.id === partner.id)).toBeUndefined();
    }
  });

  it('keeps clean partners in the list', async () => {
    const partner = await swapCurator(t, { playlist: 'freshFinds' });
    await writeHistory(await idOf(partner));
    await assessCuratorHealth(t.context, partner.id, t.clock.now());
    const viewer = await signedInUser(t);
    const seen = await partners(viewer, { query: partner.name, hideBought: true });
    expect(seen.find((p) => p.id === partner.id)?.playlists?.[0]?.health.label).toBe('clean');
  });
});
