import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { managingCurator } from '../../test/curators.js';
import { PLAYLISTS, trackIdsOf } from '../../test/trades.js';

const FRESH_FINDS = PLAYLISTS.freshFinds.id; // mara.velden, 25 tracks

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t?.close());

const snapshotOf = (playlistId: string) =>
  t.spotify.control.playlists().find((playlist) => playlist.id === playlistId)!.snapshotId;

describe('when the history records', () => {
  it('starts when the playlist becomes managed, so the first product edit is a change of its own', async () => {
    const user = await managingCurator(t, 'mara.velden', FRESH_FINDS);
    const started = await user.call('playlists/history', { playlistId: FRESH_FINDS });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().versions).toEqual([
      expect.objectContaining({ version: 1, source: 'start', trackCount: 25, ops: [] }),
    ]);

    const first = trackIdsOf(t, FRESH_FINDS)[0]!;
    const moved = await user.call('playlists/move-track', {
      accountId: user.account.id,
      playlistId: FRESH_FINDS,
      from: 0,
      to: 5,
      snapshotId: snapshotOf(FRESH_FINDS),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const history = await user.call('playlists/history', { playlistId: FRESH_FINDS });
    expect(history.json().versions[0]).toMatchObject({
      version: 2,
      source: 'product',
      ops: [{ op: 'move', trackId: first, from: 0, to: 5 }],
    });
  });

  it('catches up with a change made outside the product when the history is opened', async () => {
    const user = await managingCurator(t, 'mara.velden', FRESH_FINDS);
    const ids = trackIdsOf(t, FRESH_FINDS);
    // A track the playlist holds once (it holds one twice).
    const at = ids.findIndex((id) => ids.indexOf(id) === ids.lastIndexOf(id));
    const removed = ids[at]!;
    const removedName = t.spotify.control.playlistItems(FRESH_FINDS)[at]!.name;
    t.spotify.control.editAsSomeoneElse(FRESH_FINDS, { kind: 'remove', position: at });

    const history = await user.call('playlists/history', { playlistId: FRESH_FINDS });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().versions[0]).toMatchObject({
      version: 2,
      source: 'outside',
      trackCount: 24,
      ops: [{ op: 'remove', trackId: removed, from: at }],
    });
    // The track has left the playlist; the history still names it.
    expect(history.json().trackNames).toEqual({ [removed]: removedName });
    const diff = await user.call('playlists/history-diff', {
      playlistId: FRESH_FINDS,
      from: 1,
      to: 2,
    });
    expect(diff.json().trackNames).toEqual({ [removed]: removedName });
    // An older page is read from what is stored; it does not ask Spotify again.
    const older = await user.call('playlists/history', { playlistId: FRESH_FINDS, before: 2 });
    expect(older.json().versions).toEqual([expect.objectContaining({ version: 1 })]);
  });

  it('still answers the stored history when Spotify cannot be asked', async () => {
    const user = await managingCurator(t, 'mara.velden', FRESH_FINDS);
    t.spotify.control.editAsSomeoneElse(FRESH_FINDS, { kind: 'remove', position: 3 });
    t.spotify.control.injectFault({ kind: 'serverError', status: 503, times: 20 });

    const history = await user.call('playlists/history', { playlistId: FRESH_FINDS });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().versions).toEqual([expect.objectContaining({ version: 1 })]);
  });
});
