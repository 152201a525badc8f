import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../test/harness.js';
import { queryPlan } from '../../test/queryPlan.js';
import { byStandingQuery, matchedQuery } from './partnerQueries.js';

// EXPLAIN on the test database (PGlite, or PostgreSQL with tools/test-on-postgres.mjs):
// Discovery reads curators in standing order from its index, never sorting all of them.
let t: TestApp;
let viewerId: string;
const CURATORS = 5_000;

beforeAll(async () => {
  t = await createTestApp();
  viewerId = (await signedInUser(t)).id;
  await t.database.executeSql(
    `with made as (
       insert into users (name, email, password_hash, trial_ends_at, notifications)
       select 'Curator ' || n, 'plan' || n || '@discovery.test', 'x', now(), '{}'::jsonb
       from generate_series(1, $1::int) as n
       returning id)
     insert into curator_summaries (user_id, visible_playlists, followers, placements_checked,
       placements_honoured, honoured_share, standing, refreshed_at)
     select id, 1, (random() * 100000)::int, 4, 3, 0.75, round((random() * 50)::numeric, 1), now()
     from made`,
    [CURATORS],
  );
  await t.database.executeSql(
    `insert into curator_artists (user_id, artist_key, artist_name, tracks, standing)
     select user_id, 'artist ' || (abs(hashtext(user_id::text)) % 500), 'Artist', 3, standing
     from curator_summaries`,
    [],
  );
  const tags = ['pop', 'rock', 'jazz', 'chill', 'focus', 'dark', 'funk', 'metal', 'folk', 'house'];
  await t.database.executeSql(
    `insert into curator_tags (user_id, tag, standing)
     select user_id, ($1::text[])[1 + abs(hashtext(user_id::text)) % 10], standing
     from curator_summaries`,
    [tags],
  );
  await t.database.executeSql('analyze curator_tags', []);
  await t.database.executeSql('analyze users', []);
  await t.database.executeSql('analyze curator_summaries', []);
  await t.database.executeSql('analyze curator_artists', []);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('the potential partners plan', () => {
  it('reads the first page in standing order from the index: no sort, no sequential scan', async () => {
    const plan = await queryPlan(
      t.database,
      byStandingQuery(t.context.db, viewerId, {}, null, [], 21),
    );
    expect(plan).toContain('curator_summaries_standing_idx');
    expect(plan).not.toMatch(/\bSort\b/);
    expect(plan).not.toMatch(/Seq Scan on (curator_summaries|users)/);
  });

  it('reads a later, filtered page from the cursor in index order too', async () => {
    const plan = await queryPlan(
      t.database,
      byStandingQuery(
        t.context.db,
        viewerId,
        { minFollowers: 1000, minHonouredShare: 0.5, minFit: 5, hideBought: true },
        { score: 30, id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' },
        ['artist 1', 'artist 2'],
        21,
      ),
    );
    expect(plan).toContain('curator_summaries_standing_idx');
    // The matched curators' exclusion reads each artist's top range (a bounded sort on a
    // tiny table is allowed there); the curators themselves are never sorted.
    expect(plan).not.toMatch(/Sort Key: curator_summaries/);
    expect(plan).not.toMatch(/Seq Scan on (curator_summaries|users)/);
  });

  it('finds a rare name through the trigram index, not by walking every curator', async () => {
    const plan = await queryPlan(
      t.database,
      byStandingQuery(t.context.db, viewerId, { query: 'Curator 4242' }, null, [], 21),
    );
    // The matching users are found first (the trigram index; PostgreSQL may prefer one pass
    // over a table this small), never by walking the standing index and testing each name.
    expect(plan).toMatch(/users_name_trgm_idx|Seq Scan on users/);
    expect(plan).not.toContain('curator_summaries_standing_idx');
  });

  it('finds curators sharing the viewer’s artists through the artist index', async () => {
    const plan = await queryPlan(
      t.database,
      matchedQuery(t.context.db, viewerId, {}, ['artist 1', 'artist 2']),
    );
    expect(plan).toContain('curator_artists_artist_idx');
    expect(plan).not.toMatch(/Seq Scan on (curator_artists|curator_summaries|users)/);
  });

  it('walks a genre in standing order from the tag index, from the cursor on', async () => {
    const plan = await queryPlan(
      t.database,
      byStandingQuery(
        t.context.db,
        viewerId,
        { genre: 'jazz' },
        { score: 30, id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' },
        ['artist 1'],
        21,
        ['chill'],
      ),
    );
    expect(plan).toContain('curator_tags_tag_idx');
    expect(plan).not.toMatch(/Sort Key: (curator_summaries|curator_tags)\.standing/);
    expect(plan).not.toMatch(/Seq Scan on (curator_summaries|curator_tags|users)/);
  });

  it('finds curators sharing the viewer’s tags through the tag index', async () => {
    const plan = await queryPlan(
      t.database,
      matchedQuery(t.context.db, viewerId, {}, [], null, 21, ['chill', 'focus']),
    );
    expect(plan).toContain('curator_tags_tag_idx');
    expect(plan).not.toMatch(/Seq Scan on (curator_tags|curator_summaries|users)/);
  });
});
