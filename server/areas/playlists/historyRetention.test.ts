import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, createTestApp, type TestApp } from '../../test/harness.js';
import { appendVersion, itemsAt, versionOf } from './historyData.js';
import { pruneHistory } from './historyRetention.js';

// The retention with a controlled clock: `now` is given, the versions carry their own dates.
let t: TestApp;

async function seedPlaylist(): Promise<string> {
  const user = await signedInUser(t);
  const rows = (
    await t.database.executeSql(
      `with account as (
         insert into spotify_accounts (user_id, spotify_user_id, access_token_sealed,
           refresh_token_sealed, access_expires_at, scopes, authorized_at)
         values ($1::uuid, 'sp-retention', 'x', 'x', now(), '', now()) returning id)
       insert into managed_playlists (user_id, account_id, spotify_id, name, owner_id,
         collaborative, tracks_total, snapshot_id)
       select $1::uuid, account.id, 'pl-retention', 'Retention', 'owner', false, 0, 'snap'
       from account returning id`,
      [user.id],
    )
  ).rows as { id: string }[];
  return rows[0]!.id;
}

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

// 2026-01-05 is a Monday. The clock reads 2026-06-01 12:00 UTC: the cutoff is 2026-03-03.
const NOW = new Date('2026-06-01T12:00:00Z');
const CHANGES: { at: string; items: string[] }[] = [
  { at: '2026-01-05T10:00:00Z', items: ['a'] }, // 1, week of Jan 5
  { at: '2026-01-07T10:00:00Z', items: ['a', 'b'] }, // 2, same week
  { at: '2026-01-11T23:00:00Z', items: ['a', 'b', 'c'] }, // 3, Sunday: last of that week
  { at: '2026-01-12T01:00:00Z', items: ['c', 'a', 'b'] }, // 4, Monday: a new week
  { at: '2026-01-13T09:00:00Z', items: ['c', 'a'] }, // 5, last of the week of Jan 12
  { at: '2026-05-20T09:00:00Z', items: ['c', 'a', 'd'] }, // 6, within 90 days
  { at: '2026-05-21T09:00:00Z', items: ['d', 'c', 'a'] }, // 7, within 90 days, same week
];

async function record(playlistId: string) {
  for (const [index, change] of CHANGES.entries()) {
    await appendVersion(t.context.db, {
      playlistId,
      snapshotId: `snap-${index + 1}`,
      source: 'outside',
      items: change.items,
      at: new Date(change.at),
    });
  }
}

async function versionsLeft(playlistId: string) {
  const rows = (
    await t.database.executeSql(
      'select version from playlist_versions where playlist_id = $1 order by version',
      [playlistId],
    )
  ).rows as { version: number }[];
  return rows.map((row) => row.version);
}

describe('history retention', () => {
  it('keeps every change of the last 90 days and the last version of each older week', async () => {
    const playlistId = await seedPlaylist();
    await record(playlistId);

    expect(await pruneHistory(t.context.db, playlistId, NOW)).toBe(3);
    expect(await versionsLeft(playlistId)).toEqual([3, 5, 6, 7]);
  });

  it('keeps each kept version readable, and its ops span the merged changes', async () => {
    const playlistId = await seedPlaylist();
    await record(playlistId);
    await pruneHistory(t.context.db, playlistId, NOW);

    for (const version of [3, 5, 6, 7])
      expect(await itemsAt(t.context.db, playlistId, version)).toEqual(CHANGES[version - 1]!.items);
    // Version 3 lost its base (version 1): it is now the full copy the chain starts from.
    const third = await versionOf(t.context.db, playlistId, 3);
    expect(third?.base).toEqual(['a', 'b', 'c']);
    // Version 5 now follows version 3: b went, c moved ahead of a.
    const fifth = await versionOf(t.context.db, playlistId, 5);
    expect(fifth?.ops).toContainEqual({ op: 'remove', trackId: 'b', from: 1 });
    expect(fifth?.ops.some((op) => op.op === 'move')).toBe(true);
  });

  it('changes nothing when the clock has not passed 90 days since any change', async () => {
    const playlistId = await seedPlaylist();
    await record(playlistId);

    expect(await pruneHistory(t.context.db, playlistId, new Date('2026-02-01T00:00:00Z'))).toBe(0);
    expect(await versionsLeft(playlistId)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('a second run the same day drops nothing more', async () => {
    const playlistId = await seedPlaylist();
    await record(playlistId);
    await pruneHistory(t.context.db, playlistId, NOW);

    expect(await pruneHistory(t.context.db, playlistId, NOW)).toBe(0);
    expect(await versionsLeft(playlistId)).toEqual([3, 5, 6, 7]);
  });
});
