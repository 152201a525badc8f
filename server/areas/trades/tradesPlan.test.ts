import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRADE_STATUSES } from '../../../common/api/trades/actions.js';
import { createTestApp, signedInUser, type TestApp } from '../../test/harness.js';
import { queryPlan } from '../../test/queryPlan.js';
import { tradesInBucketQuery } from './data.js';

// EXPLAIN on the test database (PGlite, or PostgreSQL with npm run test:api:pg): a bucket of
// trades/all is read from the two side indexes in order and merged, never sorted whole.
let t: TestApp;
let heavyId: string;
const TRADES_PER_PAIR = 4_000;

beforeAll(async () => {
  t = await createTestApp();
  const heavy = await signedInUser(t);
  heavyId = heavy.id;
  const others = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
  for (const [index, other] of others.entries()) {
    // The heavy curator on either side, in every bucket; the others also trade among themselves.
    const [one, two] = index % 2 === 0 ? [heavyId, other.id] : [other.id, heavyId];
    for (const [a, b] of [
      [one, two],
      [other.id, others[(index + 1) % others.length]!.id],
    ]) {
      await t.database.executeSql(
        `insert into trades (trader_one_id, trader_two_id, status, period_days, created_at)
         select $1::uuid, $2::uuid, ($3::text[])[1 + n % 4], 7, now() - n * interval '1 minute'
         from generate_series(1, $4::int) as n`,
        [a, b, TRADE_STATUSES, TRADES_PER_PAIR],
      );
    }
  }
  await t.database.executeSql('analyze trades', []);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const planOf = (query: Parameters<typeof queryPlan>[1]) => queryPlan(t.database, query);

describe('the trades/all bucket plan', () => {
  it('merges both side indexes in order: no sort, no sequential scan', async () => {
    for (const status of TRADE_STATUSES) {
      const plan = await planOf(tradesInBucketQuery(t.context.db, heavyId, status));
      expect(plan).toContain('trades_trader_one_status_idx');
      expect(plan).toContain('trades_trader_two_status_idx');
      expect(plan).toContain('Merge Append');
      // A Sort node (the merge's own "Sort Key" line is no sort).
      expect(plan).not.toMatch(/(^|->)\s*(Incremental )?Sort\s+\(/m);
      expect(plan).not.toMatch(/Seq Scan/);
    }
  });

  it('answers the newest of the bucket from both sides', async () => {
    const rows = await tradesInBucketQuery(t.context.db, heavyId, 'pending');
    expect(rows).toHaveLength(100);
    expect(rows.every((row) => row.status === 'pending')).toBe(true);
    expect(new Set(rows.map((row) => row.traderOneId === heavyId)).size).toBe(2);
    const times = rows.map((row) => row.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
