import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Trade } from '../../common/api/trades/schemas.js';
import { jobOutcomes, managedPlaylists, trackRemovalDates, trades } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { acceptedSwap, openSwap, PLAYLISTS, swapCurator, trackIdsOf } from '../test/trades.js';
import { applyDueRemovals } from './applyDueRemovals.js';
import { advanceSwaps } from './tradeLifecycle.js';

const DAY = 86_400_000;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t?.close());

const tradeRow = async (id: string) =>
  (await t.context.db.select().from(trades).where(eq(trades.id, id)))[0]!;
const outcomesFor = (subjectId: string) =>
  t.context.db
    .select()
    .from(jobOutcomes)
    .where(and(eq(jobOutcomes.job, 'swaps.lifecycle'), eq(jobOutcomes.subjectId, subjectId)));
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

describe('advanceSwaps', () => {
  it('scheduled -> accepted at the start day -> completed at the end of the period', async () => {
    const one = await swapCurator(t, { playlist: 'freshFinds' });
    const two = await swapCurator(t, { playlist: 'gymTempo' });
    const song = await one.song();
    const startDay = dayOf(new Date(t.clock.now().getTime() + 3 * DAY));
    const opened = await openSwap(one, two, {
      periodDays: 7,
      startDate: startDay,
      songIds: [song.id],
    });
    await one.call('accept', { tradeId: opened.id });
    const accepted = (await two.call('accept', { tradeId: opened.id })).json().trade as Trade;
    expect(accepted.status).toBe('scheduled');

    // Before the start day nothing is due.
    expect(await advanceSwaps(t.context, t.clock.now())).toEqual({});
    t.clock.set(new Date(`${startDay}T00:00:30Z`));
    expect(await advanceSwaps(t.context, t.clock.now())).toEqual({ started: 1 });
    expect(await tradeRow(opened.id)).toMatchObject({
      status: 'accepted',
      startDate: new Date(`${startDay}T00:00:00Z`),
      endDate: new Date(Date.parse(`${startDay}T00:00:00Z`) + 7 * DAY),
    });
    // Run again: already started, nothing twice.
    expect(await advanceSwaps(t.context, t.clock.now())).toEqual({});
    // The others see it started: it is in the accepted bucket.
    const buckets = (await two.call('all', { statuses: ['scheduled', 'accepted'] })).json().trades;
    expect(buckets.scheduled).toEqual([]);
    expect(buckets.accepted.map((x: Trade) => x.id)).toEqual([opened.id]);

    // One minute before the end it is still running; at the end it is completed.
    t.clock.set(new Date(Date.parse(`${startDay}T00:00:00Z`) + 7 * DAY - 60_000));
    expect(await advanceSwaps(t.context, t.clock.now())).toEqual({});
    t.clock.advance(60_000);
    expect(await advanceSwaps(t.context, t.clock.now())).toEqual({ completed: 1 });
    expect(await tradeRow(opened.id)).toMatchObject({
      status: 'completed',
      completedAt: t.clock.now(),
    });
    expect((await outcomesFor(opened.id)).map((row) => row.outcome).sort()).toEqual([
      'completed',
      'started',
    ]);
    expect(await advanceSwaps(t.context, t.clock.now())).toEqual({});
  });

  it('at completion placements get removal dates on the last day, unless kept', async () => {
    const { one, two, trade, oneTradeSongId, twoTradeSongId, oneSong, twoSong } =
      await acceptedSwap(t, { periodDays: 14 });
    // two places one's song in Gym Tempo; one places two's song in Fresh Finds and keeps it.
    const placedByTwo = await two.call('addtoplaylist', {
      tradeId: trade.id,
      tradeSongId: oneTradeSongId,
      playlistId: PLAYLISTS.gymTempo.id,
      position: 1,
    });
    expect(placedByTwo.statusCode, placedByTwo.body).toBe(200);
    const placedByOne = await one.call('addtoplaylist', {
      tradeId: trade.id,
      tradeSongId: twoTradeSongId,
      playlistId: PLAYLISTS.freshFinds.id,
      position: 0,
    });
    expect(placedByOne.statusCode, placedByOne.body).toBe(200);
    const kept = await one.call('update', {
      tradeId: trade.id,
      tradeSongId: twoTradeSongId,
      keep: true,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const end = new Date(t.clock.now().getTime() + 14 * DAY);

    t.clock.set(end);
    expect(await advanceSwaps(t.context, t.clock.now())).toEqual({ completed: 1 });

    const dates = await t.context.db
      .select({
        playlist: managedPlaylists.spotifyId,
        trackId: trackRemovalDates.trackId,
        removeAt: trackRemovalDates.removeAt,
        outcome: trackRemovalDates.outcome,
        trackName: trackRemovalDates.trackName,
        trackArtists: trackRemovalDates.trackArtists,
      })
      .from(trackRemovalDates)
      .innerJoin(managedPlaylists, eq(managedPlaylists.id, trackRemovalDates.playlistId));
    expect(dates).toEqual([
      {
        playlist: PLAYLISTS.gymTempo.id,
        trackId: oneSong.spotify.id,
        removeAt: dayOf(end),
        outcome: null,
        // The song's name stays with the date, so the playlist's removal record can name it.
        trackName: oneSong.title,
        trackArtists: oneSong.artists,
      },
    ]);
    const [outcome] = await outcomesFor(trade.id);
    expect(outcome).toMatchObject({ outcome: 'completed' });
    expect(outcome!.detail).toMatch(/1 placement\(s\) leave their playlists on .*; 1 kept/);

    // The removal job then takes the track out for real; the kept one stays.
    expect(await applyDueRemovals(t.context, t.clock.now())).toEqual({ removed: 1 });
    expect(trackIdsOf(t, PLAYLISTS.gymTempo.id)).not.toContain(oneSong.spotify.id);
    expect(trackIdsOf(t, PLAYLISTS.freshFinds.id)[0]).toBe(twoSong.spotify.id);
  });
});
