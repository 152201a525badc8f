import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, createTestApp, type TestApp } from '../../test/harness.js';
import { queryPlan } from '../../test/queryPlan.js';
import { listManaged } from './data.js';
import { versionsPage } from './historyData.js';
import { whereIsTrackQuery } from './historyRoutes.js';

// EXPLAIN on the test database (PGlite, or PostgreSQL with tools/test-on-postgres.mjs): the
// history page is read from the (playlist, version) index backwards, and "where is this song"
// from the (track, playlist) index, never by sorting or scanning the curator's rows.
let t: TestApp;
let heavyId: string;
let heavyPlaylistId: string;
const PLAYLISTS = 20;
const TRACKS = 500;
const VERSIONS = 300;

async function seedCurator(userId: string): Promise<string> {
  const [account] = (
    await t.database.executeSql(
      `insert into spotify_accounts (user_id, spotify_user_id, access_token_sealed,
         refresh_token_sealed, access_expires_at, scopes, authorized_at)
       values ($1::uuid, 'sp-' || $1, 'x', 'x', now(), '', now()) returning id`,
      [userId],
    )
  ).rows as { id: string }[];
  const playlists = (
    await t.database.executeSql(
      `insert into managed_playlists (user_id, account_id, spotify_id, name, owner_id,
         collaborative, tracks_total, snapshot_id)
       select $1::uuid, $2::uuid, 'pl-' || $1 || '-' || n, 'Playlist ' || n, 'owner', false,
              $3::int, 'snap'
       from generate_series(1, $4::int) as n returning id`,
      [userId, account!.id, TRACKS, PLAYLISTS],
    )
  ).rows as { id: string }[];
  await t.database.executeSql(
    `insert into playlist_current_items (playlist_id, position, track_id, since)
     select p.id, n - 1, 'track' || ((n * 7 + p.ord) % 2000), now() - n * interval '1 hour'
     from (select id, row_number() over () as ord from managed_playlists where user_id = $1::uuid) p,
          generate_series(1, $2::int) as n`,
    [userId, TRACKS],
  );
  await t.database.executeSql(
    `insert into playlist_versions (playlist_id, version, snapshot_id, source, ops, track_count,
       created_at)
     select p.id, n, 'snap' || n, 'outside', '[]'::jsonb, $2::int, now() - n * interval '1 hour'
     from managed_playlists p, generate_series(1, $3::int) as n where p.user_id = $1::uuid`,
    [userId, TRACKS, VERSIONS],
  );
  return playlists[0]!.id;
}

/** Playlists without items: the table of every curator's playlists is not a small one. */
async function seedEmptyPlaylists(userId: string, count: number) {
  await t.database.executeSql(
    `insert into managed_playlists (user_id, account_id, spotify_id, name, owner_id,
       collaborative, tracks_total, snapshot_id)
     select $1::uuid, (select id from spotify_accounts where user_id = $1::uuid), 'empty-' || n,
            'Empty ' || n, 'owner', false, 0, 'snap'
     from generate_series(1, $2::int) as n`,
    [userId, count],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const heavy = await signedInUser(t);
  heavyId = heavy.id;
  heavyPlaylistId = await seedCurator(heavy.id);
  for (const user of [await signedInUser(t), await signedInUser(t)]) {
    await seedCurator(user.id);
    await seedEmptyPlaylists(user.id, 2_000);
  }
  await t.database.executeSql(
    'analyze playlist_versions; analyze playlist_current_items; analyze managed_playlists',
    [],
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const planOf = (query: Parameters<typeof queryPlan>[1]) => queryPlan(t.database, query);

describe('the history page plan', () => {
  it('reads the newest versions from the playlist-version index: no sort, no sequential scan', async () => {
    const plan = await planOf(versionsPage(t.context.db, heavyPlaylistId, undefined, 21));
    expect(plan).toContain('playlist_versions_playlist_version_key');
    expect(plan).not.toMatch(/\bSort\b/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('reads a later page from the cursor in index order too', async () => {
    const plan = await planOf(versionsPage(t.context.db, heavyPlaylistId, 150, 21));
    expect(plan).toContain('playlist_versions_playlist_version_key');
    expect(plan).not.toMatch(/\bSort\b/);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});

describe('the where-is-this-song plan', () => {
  it('finds the track by the track index and the playlists by an index, with no sequential scan', async () => {
    const plan = await planOf(whereIsTrackQuery(t.context.db, heavyId, 'track42'));
    expect(plan).toContain('playlist_current_items_track_idx');
    expect(plan).toMatch(/managed_playlists_(pkey|user_spotify_key)/);
    expect(plan).not.toMatch(/Seq Scan/);
    // Only the found rows are sorted (by name, position): the sort's input is the index
    // lookup of one track, not a scan of the curator's items.
    expect(plan).not.toMatch(/Sort[\s\S]*Seq Scan/);
  });
});

describe('the managed playlists plan (playlists/all, playlists/info)', () => {
  it('reads only the curator’s playlists through their index: no sequential scan', async () => {
    // A bounded list (at most the top plan's 99): answered whole, sorted in memory.
    const plan = await planOf(listManaged(t.context.db, heavyId));
    expect(plan).toContain('managed_playlists_user_spotify_key');
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
