import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRADE_STATUSES } from '../../../common/domain/swaps.js';
import { createTestApp, post, signedInUser, type TestApp } from '../../test/harness.js';
import { queryPlan } from '../../test/queryPlan.js';
import { decodeTradeCursor, tradesInBuckets, tradesInBucketsQuery } from './buckets.js';

// EXPLAIN on the test database (PGlite, or PostgreSQL with npm run test:api:pg): a bucket of
// trades/all is read from the two side indexes in order and merged, never sorted whole; only
// the page's own rows are sorted, into the buckets' order.
let t: TestApp;
let heavyId: string;
let heavyCookie: string;
const TRADES_PER_PAIR = 4_000;

beforeAll(async () => {
  t = await createTestApp();
  const heavy = await signedInUser(t);
  heavyId = heavy.id;
  heavyCookie = heavy.cookie;
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
  // A song on every swap, so each has its kept summary (trade_song_summaries), as on a real
  // instance.
  await t.database.executeSql(
    `insert into catalog_songs (user_id, spotify_track_id, release_sort, status)
     select id, 'track' || row_number() over (order by id), '', 'available' from users`,
    [],
  );
  await t.database.executeSql(
    `insert into trade_songs (trade_id, song_id, owner_id)
     select t.id, c.id, t.trader_one_id from trades t join catalog_songs c on c.user_id = t.trader_one_id`,
    [],
  );
  await t.database.executeSql('analyze trades', []);
  await t.database.executeSql('analyze trade_song_summaries', []);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const planOf = (query: Parameters<typeof queryPlan>[1]) => queryPlan(t.database, query);

/**
 * Sort nodes below the first merge of a bucket's sides: a sort of a bucket's swaps. The page's
 * own sort of its rows sits above the merges; the merge's "Sort Key" line is no sort node.
 */
const bucketSorts = (plan: string) => {
  const lines = plan.split('\n');
  const firstMerge = lines.findIndex((line) => line.includes('Merge Append'));
  return lines.filter(
    (line, index) => index > firstMerge && /(^|->)\s*(Incremental )?Sort\s+\(/.test(line),
  );
};

const expectOrderedBuckets = (plan: string) => {
  expect(plan).toContain('trades_trader_one_status_idx');
  expect(plan).toContain('trades_trader_two_status_idx');
  expect(plan).toContain('Merge Append');
  expect(bucketSorts(plan), plan).toEqual([]);
  expect(plan).not.toMatch(/Seq Scan|Bitmap Heap Scan on trades/);
};

describe('the trades/all bucket plan', () => {
  it('merges both side indexes in order: no sort, no sequential scan', async () => {
    for (const statuses of [...TRADE_STATUSES.map((status) => [status]), TRADE_STATUSES]) {
      expectOrderedBuckets(
        await planOf(tradesInBucketsQuery(t.context.db, heavyId, statuses, null, 26)),
      );
    }
  });

  it('reads a later page from the cursor from both side indexes in order too', async () => {
    const [first] = await tradesInBuckets(t.context.db, heavyId, ['accepted'], null, 50);
    const cursor = decodeTradeCursor(first!.nextCursor!);
    expectOrderedBuckets(
      await planOf(tradesInBucketsQuery(t.context.db, heavyId, ['accepted'], cursor, 51)),
    );
  });

  it('pages through a whole bucket through trades/all: each swap once, newest first', async () => {
    const seen: string[] = [];
    const times: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await post(
        t.app,
        '/api/trades/all',
        { statuses: ['scheduled'], limit: 100, ...(cursor ? { cursor } : {}) },
        { cookie: heavyCookie },
      );
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as {
        trades: { scheduled: { id: string; createdAt: string }[] };
        nextCursors: { scheduled: string | null };
      };
      expect(body.trades.scheduled.length).toBeLessThanOrEqual(100);
      for (const trade of body.trades.scheduled) {
        seen.push(trade.id);
        times.push(Date.parse(trade.createdAt));
      }
      cursor = body.nextCursors.scheduled;
      pages += 1;
    } while (cursor);
    // Each of the three partners' 4,000 swaps with the heavy curator: a quarter scheduled.
    expect(seen).toHaveLength(3_000);
    expect(new Set(seen).size).toBe(3_000);
    expect(pages).toBe(30);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  }, 120_000);

  it('refuses a cursor that no page handed out, and a cursor for more than one bucket', async () => {
    const forged = await post(
      t.app,
      '/api/trades/all',
      { statuses: ['pending'], cursor: 'not-a-cursor' },
      { cookie: heavyCookie },
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.fields).toHaveProperty('cursor');
    const [first] = await tradesInBuckets(t.context.db, heavyId, ['pending'], null, 10);
    const two = await post(
      t.app,
      '/api/trades/all',
      { statuses: ['pending', 'accepted'], cursor: first!.nextCursor },
      { cookie: heavyCookie },
    );
    expect(two.statusCode).toBe(400);
  });

  it('answers the newest of each bucket from both sides, in one statement', async () => {
    const pages = await tradesInBuckets(t.context.db, heavyId, TRADE_STATUSES, null, 100);
    for (const [index, status] of TRADE_STATUSES.entries()) {
      const { rows, nextCursor } = pages[index]!;
      expect(rows).toHaveLength(100);
      expect(nextCursor).not.toBeNull();
      expect(rows.every((row) => row.status === status)).toBe(true);
      expect(new Set(rows.map((row) => row.traderOneId === heavyId)).size).toBe(2);
      const times = rows.map((row) => Date.parse(row.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
  });

  it('pages two buckets read together exactly as each read alone', async () => {
    const together = await tradesInBuckets(
      t.context.db,
      heavyId,
      ['pending', 'completed'],
      null,
      7,
    );
    const alone = [
      ...(await tradesInBuckets(t.context.db, heavyId, ['pending'], null, 7)),
      ...(await tradesInBuckets(t.context.db, heavyId, ['completed'], null, 7)),
    ];
    expect(together).toEqual(alone);
  });
});
