/**
 * "Where is this song" with 40 managed playlists of 10,000 tracks each: playlists/where-is-track
 * p50/p99 under load (autocannon), beside a bare Fastify hello world measured the same way in
 * the same run, and the query plan (EXPLAIN ANALYZE) of the read.
 *
 *   npx tsx bench/where-is-track.ts     (needs PostgreSQL; TEST_DATABASE_URL, local default)
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=1,10 npx tsx bench/where-is-track.ts
 *
 * Each read is measured at every concurrency of BENCH_CONNECTIONS (default 1 and 10).
 *
 * playlist_current_items is inserted directly, as the history leaves it. The viewer's track
 * sits in half of their playlists; two other curators hold 40 playlists of 10,000 tracks each
 * with the same track ids, so the track index is shared with rows the viewer must not see.
 */
import pg from 'pg';
import { whereIsTrackQuery } from '../server/areas/playlists/historyRoutes.js';
import {
  benchConnections,
  benchSeconds,
  explain,
  insertSession,
  load,
  withBenchStage,
  type LoadLine,
} from './lib/benchKit.js';

const PLAYLISTS = 40;
const TRACKS = 10_000;
const DISTINCT_TRACKS = 20_000;
const TRACK = 'track42';

async function seedCurator(client: pg.Client, n: number): Promise<string> {
  const {
    rows: [user],
  } = await client.query<{ id: string }>(
    `insert into users (name, email, password_hash, email_verified_at, trial_ends_at, notifications)
     values ('Curator ' || $1::int, 'c' || $1::int || '@bench.test', 'x', now(), now() + interval '14 days',
             '{"swaps":true,"messages":true,"friendRequests":true}') returning id`,
    [n],
  );
  const userId = user!.id;
  await client.query(
    `with account as (
       insert into spotify_accounts (user_id, spotify_user_id, access_token_sealed,
         refresh_token_sealed, access_expires_at, scopes, authorized_at)
       values ($1::uuid, 'sp-' || $1, 'x', 'x', now(), '', now()) returning id)
     insert into managed_playlists (user_id, account_id, spotify_id, name, owner_id,
       collaborative, tracks_total, snapshot_id)
     select $1::uuid, account.id, 'pl-' || $1 || '-' || p, 'Playlist ' || p, 'owner', false,
            $2::int, 'snap'
     from account, generate_series(1, $3::int) as p`,
    [userId, TRACKS, PLAYLISTS],
  );
  // Playlist k holds track42 when k is even: position n holds track (n*2 + k) mod 20,000.
  await client.query(
    `insert into playlist_current_items (playlist_id, position, track_id, since)
     select p.id, n, 'track' || ((n * 2 + p.k) % $3::int), now() - n * interval '1 minute'
     from (select id, row_number() over (order by name)::int as k
           from managed_playlists where user_id = $1::uuid) p,
          generate_series(0, $2::int - 1) as n`,
    [userId, TRACKS, DISTINCT_TRACKS],
  );
  return userId;
}

async function seed(client: pg.Client): Promise<{ viewerId: string; cookie: string }> {
  const viewerId = await seedCurator(client, 1);
  await seedCurator(client, 2);
  await seedCurator(client, 3);
  const cookie = await insertSession(client, viewerId);
  for (const table of ['users', 'managed_playlists', 'playlist_current_items'])
    await client.query(`vacuum analyze ${table}`);
  return { viewerId, cookie };
}

async function run() {
  await withBenchStage('curator_bench_where_is', async ({ client, db, instance, hello }) => {
    const started = Date.now();
    const { viewerId, cookie } = await seed(client);
    console.log(
      `seeded 3 curators x ${PLAYLISTS} playlists x ${TRACKS} tracks in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const whereIs = `${instance.url}/api/playlists/where-is-track`;
    const answer = (await fetch(whereIs, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ trackId: TRACK }),
    }).then((r) => r.json())) as { places: unknown[] };
    console.log(`${TRACK} is in ${answer.places.length} of the viewer's playlists`);
    const results: LoadLine[] = [];
    for (const connections of benchConnections) {
      console.log(`\nc=${connections}`);
      const options = { connections, seconds: benchSeconds, labelWidth: 44 };
      results.push(
        await load(`bare Fastify hello world, c=${connections}`, hello.url, options),
        await load(`where-is-track (in 20 playlists), c=${connections}`, whereIs, {
          ...options,
          body: { trackId: TRACK },
          cookie,
        }),
        await load(`where-is-track (in none), c=${connections}`, whereIs, {
          ...options,
          body: { trackId: 'nowhere' },
          cookie,
        }),
      );
    }
    console.log('\nEXPLAIN ANALYZE, where-is-track:');
    console.log(await explain(client, whereIsTrackQuery(db, viewerId, TRACK)));
    console.log(JSON.stringify(results));
  });
}

await run();
