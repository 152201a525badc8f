import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signedInUser, type TestApp } from '../../test/harness.js';
import { readSchedule, schedulePageQuery, type ScheduleQuery } from './schedule.js';
import { linkSpotify } from '../../test/spotifyLinking.js';

// EXPLAIN on the test database (PGlite, or PostgreSQL with npm run test:api:pg): each source of
// the schedule (a side's swap starts, a side's swap ends, a playlist's removals) is read in
// (day, id) order from its own index range and limited to a page; only the merged pages are
// ordered together, so a page costs the same whatever the curator's history.
let t: TestApp;
let heavyId: string;
let heavyCookie: string;
const TRADES_PER_PAIR = 2_000;
const REMOVALS_PER_PLAYLIST = 2_000;
const dialect = new PgDialect();

beforeAll(async () => {
  t = await createTestApp();
  const heavy = await signedInUser(t);
  heavyId = heavy.id;
  heavyCookie = heavy.cookie;
  const account = await linkSpotify(t, heavy.cookie, 'mara.velden');
  const others = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
  for (const [index, other] of others.entries()) {
    const [one, two] = index % 2 === 0 ? [heavyId, other.id] : [other.id, heavyId];
    for (const [a, b] of [
      [one, two],
      [other.id, others[(index + 1) % others.length]!.id],
    ]) {
      await t.database.executeSql(
        `insert into trades (trader_one_id, trader_two_id, status, period_days, start_date, end_date)
         select $1::uuid, $2::uuid, (array['pending','scheduled','accepted','completed'])[1 + n % 4],
           7, now() + (n % 400 - 100) * interval '1 day', now() + (n % 400 - 93) * interval '1 day'
         from generate_series(1, $3::int) as n`,
        [a, b, TRADES_PER_PAIR],
      );
    }
  }
  for (const owner of [heavyId, others[0]!.id]) {
    await t.database.executeSql(
      `insert into managed_playlists (user_id, account_id, spotify_id, name, owner_id, snapshot_id,
         collaborative, tracks_total)
       select $1::uuid, $2::uuid, 'plan-' || $1 || '-' || n, 'Playlist ' || n, 'owner', 'snap', false, 0
       from generate_series(1, 3) as n`,
      [owner, account.id],
    );
  }
  await t.database.executeSql(
    `insert into track_removal_dates (playlist_id, track_id, remove_at, outcome)
     select p.id, 'track-' || n, current_date + (n % 300 - 50), case when n % 5 = 0 then 'removed' end
     from managed_playlists p, generate_series(1, $1::int) as n`,
    [REMOVALS_PER_PLAYLIST],
  );
  await t.database.executeSql('analyze trades', []);
  await t.database.executeSql('analyze track_removal_dates', []);
  await t.database.executeSql('analyze managed_playlists', []);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function planOf(query: ScheduleQuery, cursor?: { day: string; kind: never; id: string }) {
  const { sql, params } = dialect.sqlToQuery(schedulePageQuery(query, cursor));
  const result = await t.database.executeSql(`explain ${sql}`, params);
  const plan = (result.rows as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN']);
  if (process.env.SHOW_PLAN) console.log(plan.join('\n'));
  return plan.join('\n');
}

const today = () => t.clock.now().toISOString().slice(0, 10);

function expectIndexRanges(plan: string, withRemovals = true, inOrder = true) {
  for (const index of [
    'trades_trader_one_start_day_idx',
    'trades_trader_two_start_day_idx',
    'trades_trader_one_end_day_idx',
    'trades_trader_two_end_day_idx',
    ...(withRemovals ? ['track_removal_dates_playlist_day_idx'] : []),
  ])
    expect(plan).toContain(index);
  expect(plan).not.toMatch(/Seq Scan on (trades|track_removal_dates)/);
  if (!inOrder) return;
  expect(plan).not.toMatch(/Bitmap/);
  // Every swap source is read in index order: no Sort node of its own (day, id).
  expect(plan).not.toMatch(
    /(^|->)\s*(Incremental )?Sort\s+\([^\n]*\n\s*Sort Key: \(\(\(t(_\d+)?\.(start|end)_date AT TIME ZONE 'UTC'::text\)\)::date\), t(_\d+)?\.id\n/m,
  );
}

describe('the home/schedule plan', () => {
  it('reads each source from its index in order, first page and from a cursor', async () => {
    const query = { userId: heavyId, today: today(), limit: 31 };
    expectIndexRanges(await planOf(query));
    const first = await readSchedule(t.context.db, { ...query, limit: 30 });
    expect(first.entries).toHaveLength(30);
    const last = first.entries.at(-1)!;
    expectIndexRanges(
      await planOf(query, { day: last.day, kind: last.kind as never, id: last.id }),
    );
  });

  // A partner filter narrows the caller's own ranges (open swaps, bounded by the plan); the
  // planner may read them as a bitmap and sort the few that match.
  it('reads the caller’s own ranges with a partner filter', async () => {
    const { filters } = await readSchedule(t.context.db, {
      userId: heavyId,
      today: today(),
      limit: 1,
    });
    const plan = await planOf({
      userId: heavyId,
      today: today(),
      limit: 31,
      partnerId: filters.partners[0]!.id,
    });
    expectIndexRanges(plan, false, false);
    expect(plan).not.toContain(`= '${filters.partners[0]!.id}'::uuid`);
  });

  it('pages through the whole schedule: each entry once, in day order', async () => {
    const seen: string[] = [];
    const days: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await post(
        t.app,
        '/api/home/schedule',
        { limit: 100, ...(cursor ? { cursor } : {}) },
        { cookie: heavyCookie },
      );
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as {
        entries: { kind: string; id: string; day: string }[];
        nextCursor: string | null;
      };
      for (const entry of body.entries) {
        seen.push(`${entry.kind}:${entry.id}`);
        days.push(entry.day);
      }
      cursor = body.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(days).toEqual([...days].sort());
    expect(days[0]! >= today()).toBe(true);
    expect(seen.length).toBeGreaterThan(1_000);
  }, 120_000);
});
