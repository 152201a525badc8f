import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, createTestApp, type TestApp } from '../../test/harness.js';
import { queryPlan } from '../../test/queryPlan.js';
import { catalogPageQuery } from './data.js';

// EXPLAIN on the test database (PGlite, or PostgreSQL with npm run test:api:pg): the catalogue
// page is read from its order index, never by sorting the curator's songs.
let t: TestApp;
let heavyId: string;
const SONGS_PER_CURATOR = 3_000;

async function seedSongs(userId: string) {
  await t.database.executeSql(
    `insert into catalog_songs (user_id, spotify_track_id, release_sort, status, created_at)
     select $1::uuid, 'track' || n, to_char(date '2000-01-01' + (n % 5000), 'YYYY-MM-DD'), 'available',
            now() - n * interval '1 minute'
     from generate_series(1, $2::int) as n`,
    [userId, SONGS_PER_CURATOR],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const heavy = await signedInUser(t);
  heavyId = heavy.id;
  for (const user of [heavy, await signedInUser(t), await signedInUser(t)])
    await seedSongs(user.id);
  await t.database.executeSql('analyze catalog_songs', []);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const planOf = (query: Parameters<typeof queryPlan>[1]) => queryPlan(t.database, query);

describe('the catalogue page plan', () => {
  it('reads the first page in index order: no sort, no sequential scan', async () => {
    const plan = await planOf(catalogPageQuery(t.context.db, heavyId, null));
    expect(plan).toContain('catalog_songs_user_order_idx');
    expect(plan).not.toMatch(/\bSort\b/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('reads a later page from the cursor in index order too', async () => {
    const [middle] = (
      await t.database.executeSql(
        `select release_sort, created_at, id from catalog_songs where user_id = $1
         order by release_sort desc, created_at desc, id desc offset 1000 limit 1`,
        [heavyId],
      )
    ).rows as { release_sort: string; created_at: string | Date; id: string }[];
    const plan = await planOf(
      catalogPageQuery(t.context.db, heavyId, {
        releaseSort: middle!.release_sort,
        createdAt: new Date(middle!.created_at).toISOString(),
        id: middle!.id,
      }),
    );
    expect(plan).toContain('catalog_songs_user_order_idx');
    expect(plan).not.toMatch(/\bSort\b/);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
