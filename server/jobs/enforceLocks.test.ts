import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobOutcomes, managedPlaylists, spotifyAccounts } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { managingCurator } from '../test/curators.js';
import { enforceLocks } from './enforceLocks.js';

const FRESH_FINDS = 'W1KJdIulicn0Wys9FcxxGf'; // mara.velden, 25 tracks

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t?.close());

/** Mara manages Fresh Finds Weekly and locks the given positions, through the API. */
async function lockedPlaylist(positions: number[]) {
  const user = await managingCurator(t, 'mara.velden', FRESH_FINDS);
  for (const position of positions) {
    const locked = await user.call('playlists/add-position', { playlistId: FRESH_FINDS, position });
    expect(locked.statusCode).toBe(200);
  }
  return { user, account: user.account, playlistId: user.managedId };
}

const trackIds = () => t.spotify.control.playlistItems(FRESH_FINDS).map((item) => item.trackId);
const names = () => t.spotify.control.playlistItems(FRESH_FINDS).map((item) => item.name);
const snapshot = () =>
  t.spotify.control.playlists('mara.velden').find((p) => p.id === FRESH_FINDS)!.snapshotId;
const playlistRow = async (id: string) =>
  (await t.context.db.select().from(managedPlaylists).where(eq(managedPlaylists.id, id)))[0]!;
const outcomesFor = (subjectId: string) =>
  t.context.db
    .select()
    .from(jobOutcomes)
    .where(and(eq(jobOutcomes.job, 'enforce-locks'), eq(jobOutcomes.subjectId, subjectId)));

describe('enforceLocks', () => {
  it('puts a locked track moved by someone else back at its position', async () => {
    const { user, playlistId } = await lockedPlaylist([3]);
    const original = trackIds();
    const lockedName = names()[3];
    t.spotify.control.editAsSomeoneElse(FRESH_FINDS, { kind: 'move', from: 3, to: 10 });
    expect(trackIds()[3]).not.toBe(original[3]);

    expect(await enforceLocks(t.context, t.clock.now())).toEqual({ restored: 1 });

    expect(trackIds()).toEqual(original);
    const row = await playlistRow(playlistId);
    expect(row).toMatchObject({
      lastEnforcementOutcome: 'restored',
      lastEnforcementDetail: `Moved 1 track back: “${lockedName}” to 4`,
      lastEnforcementAt: t.clock.now(),
      snapshotId: snapshot(),
      enforcedSnapshotId: snapshot(),
    });
    expect(await outcomesFor(playlistId)).toEqual([
      expect.objectContaining({ userId: user.id, outcome: 'restored' }),
    ]);
    // The history has the outside move, then the job's own move back as the product's.
    const versions = (
      await t.database.executeSql(
        `select source, ops from playlist_versions where playlist_id = $1 order by version`,
        [playlistId],
      )
    ).rows as { source: string; ops: { op: string }[] }[];
    expect(versions.at(-1)).toMatchObject({ source: 'product', ops: [{ op: 'move' }] });
  });

  it('restores locks pushed down by a track moved to the top, and one moved up', async () => {
    const { playlistId } = await lockedPlaylist([1, 2, 12]);
    const before = trackIds();
    t.spotify.control.editAsSomeoneElse(FRESH_FINDS, { kind: 'move', from: 20, to: 0 });
    t.spotify.control.editAsSomeoneElse(FRESH_FINDS, { kind: 'move', from: 13, to: 5 });

    expect(await enforceLocks(t.context, t.clock.now())).toEqual({ restored: 1 });

    const after = trackIds();
    expect([after[1], after[2], after[12]]).toEqual([before[1], before[2], before[12]]);
    expect((await playlistRow(playlistId)).lastEnforcementDetail).toMatch(/^Moved 3 tracks back: /);
  });

  it("records 'unchanged' without reading the items or editing when the snapshot is the one we left", async () => {
    const { playlistId } = await lockedPlaylist([0, 4]);
    // The first look has no snapshot to compare with: it reads the items, all in place.
    expect(await enforceLocks(t.context, t.clock.now())).toEqual({ unchanged: 1 });
    expect(await playlistRow(playlistId)).toMatchObject({
      enforcedSnapshotId: snapshot(),
      lastEnforcementDetail: 'All 2 locked tracks in place',
    });

    const before = snapshot();
    // Any read of the items would now fail; the check must not need one.
    t.spotify.control.injectFault({
      kind: 'rateLimit',
      retryAfterSeconds: 3600,
      pathContains: '/items',
    });
    t.clock.advance(5 * 60 * 1000);
    expect(await enforceLocks(t.context, t.clock.now())).toEqual({ unchanged: 1 });
    expect(t.spotify.control.pendingFaults()).toBe(1);
    expect(snapshot()).toBe(before);
    expect(await playlistRow(playlistId)).toMatchObject({
      lastEnforcementOutcome: 'unchanged',
      lastEnforcementAt: t.clock.now(),
    });
    expect(await outcomesFor(playlistId)).toHaveLength(2);
  });

  it('records a locked track that left the playlist as failed and still restores the others', async () => {
    const { playlistId } = await lockedPlaylist([2, 6]);
    const before = trackIds();
    const goneName = names()[6];
    t.spotify.control.editAsSomeoneElse(FRESH_FINDS, { kind: 'remove', position: 6 });
    t.spotify.control.editAsSomeoneElse(FRESH_FINDS, { kind: 'move', from: 2, to: 15 });
    // Fresh Finds holds one track twice; this test wants the removed one gone for good.
    expect(trackIds()).not.toContain(before[6]);

    expect(await enforceLocks(t.context, t.clock.now())).toEqual({ failed: 1 });

    expect(trackIds()[2]).toBe(before[2]);
    const row = await playlistRow(playlistId);
    expect(row.lastEnforcementOutcome).toBe('failed');
    expect(row.lastEnforcementDetail).toContain(
      `“${goneName}” (locked at 7) is no longer in the playlist`,
    );
    expect(row.lastEnforcementDetail).toMatch(/^Moved 1 track back: /);
    // Not marked as enforced: the next run looks again.
    expect(row.enforcedSnapshotId).toBeNull();
  });

  it('skips accounts waiting for re-authorisation', async () => {
    const { account, playlistId } = await lockedPlaylist([3]);
    await t.context.db
      .update(spotifyAccounts)
      .set({ regrant: true })
      .where(eq(spotifyAccounts.id, account.id));
    t.spotify.control.editAsSomeoneElse(FRESH_FINDS, { kind: 'move', from: 3, to: 10 });
    const moved = trackIds();

    expect(await enforceLocks(t.context, t.clock.now())).toEqual({ skipped: 1 });
    expect(trackIds()).toEqual(moved);
    expect((await playlistRow(playlistId)).lastEnforcementOutcome).toBeNull();
  });
});
