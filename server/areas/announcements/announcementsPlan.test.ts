import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { queryPlan } from '../../test/queryPlan.js';
import { currentAnnouncementQuery } from './announcements.js';

// EXPLAIN on the test database (PGlite, or PostgreSQL with npm run test:api:pg): the current
// announcement of a curator is read from announcements_live_audience_idx, never the whole table.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Years of announcements: most withdrawn or expired, a few live for each audience.
  await t.database.executeSql(
    `insert into announcements (html, audience, plan, published_at, until, withdrawn_at)
     select '<p>News</p>',
            case when n % 3 = 0 then 'all' else 'plan' end,
            case when n % 3 = 0 then null else (array['free','starter','pro'])[1 + n % 3] end,
            now() - n * interval '1 hour',
            case when n % 5 = 0 then now() - interval '1 minute' else null end,
            case when n % 10 < 8 then now() - n * interval '1 minute' else null end
     from generate_series(1, 6000) as n`,
    [],
  );
  await t.database.executeSql('analyze announcements', []);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('the current announcement plan', () => {
  it('reads the live audience index, with no sequential scan', async () => {
    const user = { plan: 'free' as const, trialEndsAt: new Date(0) };
    const plan = await queryPlan(
      t.database,
      currentAnnouncementQuery(t.context.db, user, new Date()),
    );
    expect(plan).toContain('announcements_live_audience_idx');
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
