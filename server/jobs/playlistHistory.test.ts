import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestApp } from '../test/harness.js';
import { managingCurator } from '../test/curators.js';
import { acceptedSwap, PLAYLISTS, trackIdsOf } from '../test/trades.js';
import { snapshotPlaylistHistory } from './playlistHistory.js';

const FRESH_FINDS = PLAYLISTS.freshFinds.id; // mara.velden, 25 tracks
const GYM_TEMPO = PLAYLISTS.gymTempo.id;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t?.close());

const runJob = () => snapshotPlaylistHistory(t.context, t.clock.now());

describe('playlist history', () => {
  it('records a change made outside the product, and nothing when the snapshot is unchanged', async () => {
    const user = await managingCurator(t, 'mara.velden', FRESH_FINDS);
    // Managing it recorded the first version: the job finds nothing new.
    expect(await runJob()).toEqual({ unchanged: 1 });
    const moved = trackIdsOf(t, FRESH_FINDS)[3]!;
    const removed = trackIdsOf(t, FRESH_FINDS)[20]!;
    t.spotify.control.editAsSomeoneElse(FRESH_FINDS, { kind: 'move', from: 3, to: 10 });
    t.spotify.control.editAsSomeoneElse(FRESH_FINDS, { kind: 'remove', position: 20 });

    expect(await runJob()).toEqual({ recorded: 1 });

    const history = await user.call('playlists/history', { playlistId: FRESH_FINDS });
    expect(history.statusCode, history.body).toBe(200);
    const [latest, first] = history.json().versions;
    expect(first).toMatchObject({ version: 1, source: 'start', trackCount: 25, ops: [] });
    expect(latest).toMatchObject({ version: 2, source: 'outside', trackCount: 24 });
    expect(latest.ops).toEqual([
      { op: 'remove', trackId: removed, from: 20 },
      { op: 'move', trackId: moved, from: 3, to: 10 },
    ]);
    const diff = await user.call('playlists/history-diff', {
      playlistId: FRESH_FINDS,
      from: 1,
      to: 2,
    });
    expect(diff.json().ops).toEqual(latest.ops);

    // Keyset pages: one a page, the second page ends the list.
    const page = await user.call('playlists/history', { playlistId: FRESH_FINDS, limit: 1 });
    expect(page.json()).toMatchObject({ nextBefore: 2 });
    const next = await user.call('playlists/history', {
      playlistId: FRESH_FINDS,
      limit: 1,
      before: 2,
    });
    expect(next.json()).toMatchObject({ nextBefore: null, versions: [{ version: 1 }] });

    // Where is this song: the moved track is at 10 since the first version.
    const where = await user.call('playlists/where-is-track', { trackId: moved });
    // (a seeded duplicate may hold it at a second position too)
    expect(where.json().places).toContainEqual({
      playlistId: FRESH_FINDS,
      playlistName: expect.any(String),
      position: 10,
      since: t.clock.now().toISOString(),
      tradeId: null,
    });
  });

  it("attributes the product's own edit to the product", async () => {
    const user = await managingCurator(t, 'mara.velden', FRESH_FINDS);
    await runJob();
    const snapshotId = t.spotify.control
      .playlists('mara.velden')
      .find((p) => p.id === FRESH_FINDS)!.snapshotId;
    const moved = await user.call('playlists/move-track', {
      accountId: user.account.id,
      playlistId: FRESH_FINDS,
      from: 0,
      to: 5,
      snapshotId,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const history = await user.call('playlists/history', { playlistId: FRESH_FINDS });
    expect(history.json().versions[0]).toMatchObject({ version: 2, source: 'product' });
    expect(await runJob()).toEqual({ unchanged: 1 });
  });

  it('restores the exact order of a version and leaves locks at their positions', async () => {
    const user = await managingCurator(t, 'mara.velden', FRESH_FINDS);
    await runJob();
    const original = trackIdsOf(t, FRESH_FINDS);
    t.spotify.control.editAsSomeoneElse(FRESH_FINDS, { kind: 'move', from: 0, to: 24 });
    t.spotify.control.editAsSomeoneElse(FRESH_FINDS, { kind: 'remove', position: 7 });
    t.spotify.control.editAsSomeoneElse(FRESH_FINDS, { kind: 'move', from: 15, to: 2 });
    await runJob();
    // The curator locks what is at 5 now: the restore keeps it there.
    const lockedTrack = trackIdsOf(t, FRESH_FINDS)[5]!;
    const locked = await user.call('playlists/add-position', {
      playlistId: FRESH_FINDS,
      position: 5,
    });
    expect(locked.statusCode, locked.body).toBe(200);

    const restored = await user.call('playlists/history-restore', {
      playlistId: FRESH_FINDS,
      version: 1,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ restored: true, conflicts: [], version: 3 });

    const after = trackIdsOf(t, FRESH_FINDS);
    expect(after[5]).toBe(lockedTrack);
    const expected = original.filter((id) => id !== lockedTrack);
    expected.splice(5, 0, lockedTrack);
    expect(after).toEqual(expected);

    // Without a lock in the way the order is exactly the version's.
    await user.call('playlists/remove-position', { playlistId: FRESH_FINDS, position: 5 });
    const again = await user.call('playlists/history-restore', {
      playlistId: FRESH_FINDS,
      version: 1,
    });
    expect(again.json()).toMatchObject({ restored: true });
    expect(trackIdsOf(t, FRESH_FINDS)).toEqual(original);
    // Restoring the version the playlist already is makes no edit.
    const noop = await user.call('playlists/history-restore', {
      playlistId: FRESH_FINDS,
      version: 1,
    });
    expect(noop.json()).toMatchObject({ restored: true, edits: 0, version: null });
  });

  it('asks before a restore that would break a running swap placement', async () => {
    const swap = await acceptedSwap(t, { periodDays: 28 });
    await runJob();
    const before = trackIdsOf(t, GYM_TEMPO);
    const placed = await swap.two.call('addtoplaylist', {
      tradeId: swap.trade.id,
      tradeSongId: swap.oneTradeSongId,
      playlistId: GYM_TEMPO,
      position: 3,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const trackId = swap.oneSong.spotify.id!;
    const restore = (body: object) =>
      post(
        t.app,
        '/api/playlists/history-restore',
        { playlistId: GYM_TEMPO, version: 1, ...body },
        { cookie: swap.two.cookie },
      );
    const history = await post(
      t.app,
      '/api/playlists/history',
      { playlistId: GYM_TEMPO },
      { cookie: swap.two.cookie },
    );
    expect(history.json().versions[0]).toMatchObject({
      version: 2,
      source: 'swap',
      tradeId: swap.trade.id,
    });

    const where = await post(
      t.app,
      '/api/playlists/where-is-track',
      { trackId },
      { cookie: swap.two.cookie },
    );
    expect(where.json().places).toEqual([
      expect.objectContaining({ playlistId: GYM_TEMPO, position: 3, tradeId: swap.trade.id }),
    ]);

    const asked = await restore({});
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({
      restored: false,
      conflicts: [{ tradeId: swap.trade.id, trackId, position: 3, versionPosition: null }],
    });
    expect(trackIdsOf(t, GYM_TEMPO)[3]).toBe(trackId);

    const confirmed = await restore({ confirm: true });
    expect(confirmed.json()).toMatchObject({ restored: true });
    expect(trackIdsOf(t, GYM_TEMPO)).toEqual(before);
  });

  it('answers 404 for a version the playlist does not have', async () => {
    const user = await managingCurator(t, 'mara.velden', FRESH_FINDS);
    await runJob();
    const missing = await user.call('playlists/history-restore', {
      playlistId: FRESH_FINDS,
      version: 9,
    });
    expect(missing.statusCode).toBe(404);
    const anonymous = await post(t.app, '/api/playlists/history', { playlistId: FRESH_FINDS });
    expect(anonymous.statusCode).toBe(401);
  });
});
