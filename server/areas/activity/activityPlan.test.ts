import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../test/harness.js';
import { queryPlan } from '../../test/queryPlan.js';
import { activityPageQuery } from './activityPage.js';

// EXPLAIN on the test database (PGlite, or PostgreSQL in CI): a page of auth/activity is read
// from activity_log_user_created_idx in its order from the cursor, never sorting the log.
let t: TestApp;
let heavyId: string;
const ENTRIES = 5_000;

beforeAll(async () => {
  t = await createTestApp();
  const users = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
  heavyId = users[0]!.id;
  for (const user of users)
    await t.database.executeSql(
      `insert into activity_log (user_id, type, ip, created_at)
       select $1::uuid, 'signin', '127.0.0.1', now() - n * interval '1 minute'
       from generate_series(1, $2::int) as n`,
      [user.id, ENTRIES],
    );
  await t.database.executeSql('analyze activity_log', []);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('the activity page plan', () => {
  it('reads the first page and a later one in index order: no sort, no sequential scan', async () => {
    const later = {
      createdAt: new Date(Date.now() - 2_500 * 60_000).toISOString(),
      id: 'ffffffff-ffff-4fff-bfff-ffffffffffff',
    };
    for (const after of [null, later]) {
      const plan = await queryPlan(t.database, activityPageQuery(t.context.db, heavyId, after));
      expect(plan).toContain('activity_log_user_created_idx');
      expect(plan).not.toMatch(/\bSort\b/);
      expect(plan).not.toMatch(/Seq Scan/);
    }
  });
});
