/**
 * Discovery with 100,000 curators: network/potential-partners p50/p99 under load (autocannon),
 * beside a bare Fastify hello world measured the same way in the same run, and the query
 * plans (EXPLAIN ANALYZE) of the two reads a page makes.
 *
 *   npx tsx bench/discovery.ts          (needs PostgreSQL; TEST_DATABASE_URL, local default)
 *   BENCH_CURATORS=100000 BENCH_SECONDS=10 BENCH_CONNECTIONS=1,10 npx tsx bench/discovery.ts
 *
 * Each read is measured at every concurrency of BENCH_CONNECTIONS (default 1 and 10).
 *
 * The curators, their summaries and artists are inserted directly, as the summary job would
 * leave them: standing, followers and records spread out, 20 artists each out of 50,000 (a
 * long tail: a few artists are shared by thousands). The viewer has 30 catalogue artists, 50
 * friends, a few blocks either way and pending requests.
 */
import pg from 'pg';
import { byStandingQuery, matchedQuery } from '../server/areas/discovery/partnerQueries.js';
import {
  benchConnections,
  benchSeconds,
  explain,
  insertSession,
  load,
  withBenchStage,
  type LoadLine,
} from './lib/benchKit.js';

const curators = Number(process.env.BENCH_CURATORS ?? 100_000);
const ARTISTS = 50_000;
const ARTISTS_EACH = 20;

async function seed(client: pg.Client): Promise<{ viewerId: string; cookie: string }> {
  // Curators; standing follows from followers and record as fit.ts computes it (close enough
  // for a load test: the order is what matters).
  await client.query(
    `insert into users (name, email, password_hash, email_verified_at, trial_ends_at, notifications, description, network)
     select 'Curator ' || n, 'c' || n || '@bench.test', 'x', now(), now() + interval '14 days',
            '{"swaps":true,"messages":true,"friendRequests":true}', 'Playlists for every mood', 'Bench'
     from generate_series(1, $1::int) as n`,
    [curators],
  );
  await client.query(
    `insert into curator_summaries (user_id, visible_playlists, followers, placements_checked,
       placements_honoured, honoured_share, standing, refreshed_at)
     select id, 1 + (random() * 4)::int, f, c, h, case when c = 0 then null else h::float8 / c end,
            round((least(25, 25 * log(1 + f) / 6) + case when c = 0 then 0 else 25 * (h::float8 / c) * c / (c + 4) end)::numeric, 1),
            now()
     from (select id, (power(10, random() * 6))::int as f, c, (c * (0.5 + random() / 2))::int as h
           from (select id, (random() * 30)::int as c from users) s) t`,
  );
  // Long-tail artists: artist k is picked with probability ~ 1/k.
  await client.query(
    `insert into curator_artists (user_id, artist_key, artist_name, tracks, standing)
     select distinct on (picks.user_id, k) picks.user_id, 'artist ' || k, 'Artist ' || k, 1 + (random() * 9)::int, s.standing
     from (select id as user_id, least($1::int, floor(exp(random() * ln($1::float8)))::int) as k
           from users, generate_series(1, $2::int)) picks
     join curator_summaries s on s.user_id = picks.user_id`,
    [ARTISTS, ARTISTS_EACH],
  );
  const {
    rows: [viewer],
  } = await client.query<{ id: string }>(
    `insert into users (name, email, password_hash, email_verified_at, trial_ends_at, notifications)
     values ('Viewer', 'viewer@bench.test', 'x', now(), now() + interval '14 days', '{"swaps":true,"messages":true,"friendRequests":true}')
     returning id`,
  );
  const viewerId = viewer!.id;
  const cookie = await insertSession(client, viewerId);
  // 30 catalogue artists, from popular to rare.
  await client.query(
    `insert into catalog_songs (user_id, upcoming_title, upcoming_artists, upcoming_release_date, release_sort, status)
     select $1, 'Song ' || k, jsonb_build_array('Artist ' || (k * k * 7)), '2099-01-01', '2099-01-01', 'upcoming'
     from generate_series(1, 30) as k`,
    [viewerId],
  );
  await client.query(
    `with chosen as (select id from users where id <> $1 order by id limit 60)
     insert into friendships (user_id, friend_id)
     select $1, id from (select id from chosen limit 50) f
     union all select id, $1 from (select id from chosen limit 50) f`,
    [viewerId],
  );
  await client.query(
    `insert into blocks (blocker_id, blocked_id)
     select $1, id from (select id from users where id <> $1 order by id desc limit 5) b`,
    [viewerId],
  );
  await client.query(
    `insert into friend_requests (sender_id, receiver_id)
     select id, $1 from (select id from users where id <> $1 order by id desc offset 5 limit 3) r`,
    [viewerId],
  );
  for (const table of ['users', 'curator_summaries', 'curator_artists', 'friendships', 'blocks'])
    await client.query(`vacuum analyze ${table}`);
  return { viewerId, cookie };
}

async function run() {
  await withBenchStage('curator_bench_discovery', async ({ client, db, instance, hello }) => {
    const started = Date.now();
    const { viewerId, cookie } = await seed(client);
    console.log(`seeded ${curators} curators in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const partners = `${instance.url}/api/users/network/potential-partners`;
    const first = await fetch(partners, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({}),
    }).then((r) => r.json() as Promise<{ nextCursor: string; partners: { fit: unknown }[] }>);
    console.log('first partner:', JSON.stringify(first.partners[0]?.fit));
    let cursor = first.nextCursor;
    for (let page = 0; page < 20; page++) {
      const next = await fetch(partners, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ cursor }),
      }).then((r) => r.json() as Promise<{ nextCursor: string }>);
      cursor = next.nextCursor;
    }
    const reads: [string, object][] = [
      ['first page', {}],
      ['page 22 (cursor)', { cursor }],
      ['filtered', { minFit: 20, minFollowers: 1000, minHonouredShare: 0.6 }],
      ['name search', { query: 'Curator 4242' }],
    ];
    const results: LoadLine[] = [];
    for (const connections of benchConnections) {
      console.log(`\nc=${connections}`);
      results.push(
        await load(`bare Fastify hello world, c=${connections}`, hello.url, {
          connections,
          seconds: benchSeconds,
        }),
      );
      for (const [label, body] of reads)
        results.push(
          await load(`potential-partners, ${label}, c=${connections}`, partners, {
            body,
            cookie,
            connections,
            seconds: benchSeconds,
          }),
        );
    }
    const keys = (
      await client.query<{ key: string }>(
        `select distinct lower(a) as key from catalog_songs, jsonb_array_elements_text(upcoming_artists) a where user_id = $1`,
        [viewerId],
      )
    ).rows.map((row) => row.key);
    const matched = await client.query(
      `select count(distinct user_id)::int as n from curator_artists where artist_key = any($1)`,
      [keys],
    );
    console.log(`curators sharing an artist with the viewer: ${matched.rows[0].n}`);
    console.log('\nEXPLAIN ANALYZE, by standing (first page):');
    console.log(await explain(client, byStandingQuery(db, viewerId, {}, null, keys, 21)));
    console.log('\nEXPLAIN ANALYZE, name search (by standing):');
    console.log(
      await explain(
        client,
        byStandingQuery(db, viewerId, { query: 'Curator 4242' }, null, keys, 21),
      ),
    );
    console.log('\nEXPLAIN ANALYZE, matched through the artist index:');
    console.log(await explain(client, matchedQuery(db, viewerId, {}, keys, null, 21)));
    console.log(JSON.stringify(results));
  });
}

await run();
