import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trade } from '../../common/api/trades/schemas.js';
import { catalogSongs, trades, users } from '../db/schema.js';
import { createTestApp, post, signInAs, type TestApp } from '../test/harness.js';
import { DEMO_CURATORS, DEMO_PASSWORD, seedDemoData } from './demoData.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ALL = ['pending', 'scheduled', 'accepted', 'completed'] as const;

describe('demo swaps', () => {
  it('gives the demo curators swaps in every bucket, once', async () => {
    const first = await seedDemoData(t.context.db, t.clock.now());
    expect(first).toEqual({ created: DEMO_CURATORS.length, swaps: 9 });
    // Every demo start seeds again: nothing is added the second time.
    expect(await seedDemoData(t.context.db, t.clock.now())).toEqual({ created: 0, swaps: 0 });
    expect(await t.context.db.select({ id: trades.id }).from(trades)).toHaveLength(9);

    const bucketsOf = async (email: string) => {
      const cookie = await signInAs(t, { email, password: DEMO_PASSWORD });
      const response = await post(t.app, '/api/trades/all', { statuses: ALL }, { cookie });
      expect(response.statusCode, response.body).toBe(200);
      return { cookie, trades: response.json().trades as Record<(typeof ALL)[number], Trade[]> };
    };
    for (const curator of DEMO_CURATORS.slice(0, 3)) {
      const { trades: buckets } = await bucketsOf(curator.email);
      for (const status of ALL)
        expect(buckets[status].length, `${curator.name} ${status}`).toBeGreaterThan(0);
    }

    // Avery's completed swap carries its placement record, day by day.
    const avery = await bucketsOf('avery@demo.curator.test');
    const completed = avery.trades.completed[0]!;
    const info = (
      await post(
        t.app,
        '/api/trades/tradeinfo',
        { tradeId: completed.id },
        { cookie: avery.cookie },
      )
    ).json().trade as Trade;
    const placed = info.TradeSongs.filter((song) => song.PlaylistSongs.length > 0);
    expect(placed).toHaveLength(2);
    expect(placed.every((song) => song.checks.length === completed.periodDays)).toBe(true);
    expect(info.streams).toBe(5210 + 2975);

    // Drew (free plan) is at the open-swap limit and keeps an empty catalogue.
    const [drew] = await t.context.db
      .select()
      .from(users)
      .where(eq(users.email, 'drew@demo.curator.test'));
    expect(
      await t.context.db.select().from(catalogSongs).where(eq(catalogSongs.userId, drew!.id)),
    ).toEqual([]);
    const drewsBuckets = (await bucketsOf('drew@demo.curator.test')).trades;
    expect(
      drewsBuckets.pending.length + drewsBuckets.scheduled.length + drewsBuckets.accepted.length,
    ).toBe(2);
  });
});
