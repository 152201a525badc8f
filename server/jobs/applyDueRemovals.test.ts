import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dayOf } from '../areas/playlists/index.js';
import { jobOutcomes, spotifyAccounts, trackRemovalDates } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { managingCurator } from '../test/curators.js';
import { applyDueRemovals, MAX_REMOVAL_ATTEMPTS, removalRetryDelayMs } from './applyDueRemovals.js';
import { NEEDS_REAUTHORISATION } from './outcomes.js';

const FRESH_FINDS = 'W1KJdIulicn0Wys9FcxxGf'; // mara.velden, 25 tracks
const QUIET_ROOMS = '74RruAuCOr48IfcQTfVxGj'; // lena.kowalczyk, 22 tracks
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t?.close());

/** A curator managing one demo playlist, who sets removal dates through the API. */
async function curatorOf(spotifyUserId: string, playlistId: string) {
  const user = await managingCurator(t, spotifyUserId, playlistId);
  const setRemovalDate = async (trackId: string, removeAt: string) => {
    const response = await user.call('playlists/track-removal-date', {
      playlistId,
      trackId,
      removeAt,
    });
    expect(response.statusCode).toBe(200);
    return response.json().trackRemovalDate.id as string;
  };
  return { user, account: user.account, setRemovalDate };
}

const trackIdsOf = (playlistId: string) =>
  t.spotify.control.playlistItems(playlistId).map((item) => item.trackId);
const rowOf = async (id: string) =>
  (await t.context.db.select().from(trackRemovalDates).where(eq(trackRemovalDates.id, id)))[0]!;
const outcomesFor = (subjectId: string) =>
  t.context.db
    .select()
    .from(jobOutcomes)
    .where(and(eq(jobOutcomes.job, 'apply-due-removals'), eq(jobOutcomes.subjectId, subjectId)));

describe('applyDueRemovals', () => {
  it('removes a track whose date has come and records it; a date still ahead waits', async () => {
    const { user, setRemovalDate } = await curatorOf('mara.velden', FRESH_FINDS);
    const [, dueTrack, , laterTrack] = trackIdsOf(FRESH_FINDS);
    const today = dayOf(t.clock.now());
    const tomorrow = dayOf(new Date(t.clock.now().getTime() + DAY));
    const due = await setRemovalDate(dueTrack!, today);
    const later = await setRemovalDate(laterTrack!, tomorrow);

    const summary = await applyDueRemovals(t.context, t.clock.now());

    expect(summary).toEqual({ removed: 1 });
    expect(trackIdsOf(FRESH_FINDS)).not.toContain(dueTrack);
    expect(trackIdsOf(FRESH_FINDS)).toContain(laterTrack);
    expect(await rowOf(due)).toMatchObject({
      outcome: 'removed',
      outcomeAt: t.clock.now(),
      attempts: 1,
    });
    expect(await rowOf(later)).toMatchObject({ outcome: null, outcomeAt: null, attempts: 0 });
    expect(await outcomesFor(due)).toEqual([
      expect.objectContaining({ userId: user.id, outcome: 'removed' }),
    ]);
    expect(await outcomesFor(later)).toEqual([]);

    // The next day the other one is due; the removed one is not touched again.
    t.clock.advance(DAY);
    expect(await applyDueRemovals(t.context, t.clock.now())).toEqual({ removed: 1 });
    expect(trackIdsOf(FRESH_FINDS)).not.toContain(laterTrack);
    expect(await outcomesFor(due)).toHaveLength(1);
  });

  it("records 'already gone' when someone else took the track out first", async () => {
    const { setRemovalDate } = await curatorOf('mara.velden', FRESH_FINDS);
    const items = t.spotify.control.playlistItems(FRESH_FINDS);
    const target = items[6]!;
    const id = await setRemovalDate(target.trackId, dayOf(t.clock.now()));
    t.spotify.control.editAsSomeoneElse(FRESH_FINDS, { kind: 'remove', position: 6 });
    const before = t.spotify.control
      .playlists('mara.velden')
      .find((p) => p.id === FRESH_FINDS)!.snapshotId;

    expect(await applyDueRemovals(t.context, t.clock.now())).toEqual({ 'already gone': 1 });
    expect(await rowOf(id)).toMatchObject({ outcome: 'already gone', outcomeAt: t.clock.now() });
    // Nothing was edited on our side.
    expect(
      t.spotify.control.playlists('mara.velden').find((p) => p.id === FRESH_FINDS)!.snapshotId,
    ).toBe(before);
  });

  it("records 'failed' for a revoked account and still removes other curators' tracks", async () => {
    const lena = await curatorOf('lena.kowalczyk', QUIET_ROOMS);
    const mara = await curatorOf('mara.velden', FRESH_FINDS);
    const lenaTrack = trackIdsOf(QUIET_ROOMS)[3]!;
    const maraTrack = trackIdsOf(FRESH_FINDS)[3]!;
    const today = dayOf(t.clock.now());
    const lenaDate = await lena.setRemovalDate(lenaTrack, today);
    const maraDate = await mara.setRemovalDate(maraTrack, today);
    t.spotify.control.revokeUser('lena.kowalczyk');

    expect(await applyDueRemovals(t.context, t.clock.now())).toEqual({ failed: 1, removed: 1 });

    expect(await rowOf(lenaDate)).toMatchObject({
      outcome: 'failed',
      outcomeDetail: NEEDS_REAUTHORISATION,
    });
    expect(trackIdsOf(QUIET_ROOMS)).toContain(lenaTrack);
    expect(await rowOf(maraDate)).toMatchObject({ outcome: 'removed' });
    expect(trackIdsOf(FRESH_FINDS)).not.toContain(maraTrack);
    const [account] = await t.context.db
      .select()
      .from(spotifyAccounts)
      .where(eq(spotifyAccounts.id, lena.account.id));
    expect(account!.regrant).toBe(true);
  });

  it('retries a passing failure after a back-off and gives up after the last attempt', async () => {
    const { setRemovalDate } = await curatorOf('mara.velden', FRESH_FINDS);
    const [first, second] = trackIdsOf(FRESH_FINDS);
    const retried = await setRemovalDate(first!, dayOf(t.clock.now()));
    // Spotify asks for an hour's pause: the client gives up at once (no waiting in tests).
    const rateLimit = {
      kind: 'rateLimit',
      retryAfterSeconds: 3600,
      pathContains: '/items',
    } as const;
    t.spotify.control.injectFault(rateLimit);

    expect(await applyDueRemovals(t.context, t.clock.now())).toEqual({ retry: 1 });
    expect(await rowOf(retried)).toMatchObject({ outcome: null, attempts: 1 });
    expect((await rowOf(retried)).outcomeDetail).toMatch(/^Attempt 1 failed: .*rate limited/);
    // Not again before the back-off has passed...
    expect(await applyDueRemovals(t.context, t.clock.now())).toEqual({});
    // ...then it goes through.
    t.clock.advance(removalRetryDelayMs(1));
    expect(await applyDueRemovals(t.context, t.clock.now())).toEqual({ removed: 1 });
    expect(await rowOf(retried)).toMatchObject({ outcome: 'removed', attempts: 2 });

    const abandoned = await setRemovalDate(second!, dayOf(t.clock.now()));
    for (let attempt = 1; attempt <= MAX_REMOVAL_ATTEMPTS; attempt += 1) {
      t.spotify.control.injectFault(rateLimit);
      const summary = await applyDueRemovals(t.context, t.clock.now());
      expect(summary).toEqual(attempt < MAX_REMOVAL_ATTEMPTS ? { retry: 1 } : { failed: 1 });
      t.clock.advance(removalRetryDelayMs(attempt));
    }
    const row = await rowOf(abandoned);
    expect(row).toMatchObject({ outcome: 'failed', attempts: MAX_REMOVAL_ATTEMPTS });
    expect(row.outcomeDetail).toMatch(/^Gave up after 5 attempts: .*rate limited/);
    expect(trackIdsOf(FRESH_FINDS)).toContain(second);
  });

  it('two runs at once never handle the same row twice', async () => {
    const { setRemovalDate } = await curatorOf('mara.velden', FRESH_FINDS);
    const ids = trackIdsOf(FRESH_FINDS).slice(0, 6);
    const today = dayOf(t.clock.now());
    const rows = [];
    for (const trackId of new Set(ids)) rows.push(await setRemovalDate(trackId, today));

    const [a, b] = await Promise.all([
      applyDueRemovals(t.context, t.clock.now()),
      applyDueRemovals(t.context, t.clock.now()),
    ]);
    expect((a.removed ?? 0) + (b.removed ?? 0)).toBe(rows.length);
    for (const id of rows) expect(await outcomesFor(id)).toHaveLength(1);
  });
});
