import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradeOutcome } from '../../../common/api/trades/schemas.js';
import { isHonoured, leftEarly, tallyOf } from '../../../common/domain/swapOutcome.js';
import {
  blocks,
  inAppNotifications,
  managedPlaylists,
  playlistDailyStats,
  tradePlacementChecks,
  tradePlacements,
  trades,
} from '../../db/schema.js';
import { advanceSwaps } from '../../jobs/tradeLifecycle.js';
import { createTestApp, post, type TestApp } from '../../test/harness.js';
import { noticesTo } from '../../test/notifications.js';
import { acceptedSwap, PLAYLISTS, swapCurator } from '../../test/trades.js';
import { followersAgainstTrend } from './outcomeRules.js';

const DAY = 86_400_000;

describe('outcome rules', () => {
  const day = (offset: number) =>
    new Date(Date.UTC(2026, 10, 1) + offset * DAY).toISOString().slice(0, 10);
  const check = (inPlaylist: boolean, atPosition = inPlaylist) => ({ inPlaylist, atPosition });

  it('counts days in place; a move is not leaving, a disappearance is', () => {
    const moved = tallyOf([check(true), check(true, false), check(true)]);
    expect(moved).toEqual({ checkedDays: 3, inPlaceDays: 2, inPlaylistDays: 3 });
    expect(isHonoured(moved)).toBe(false);
    const end = new Date(Date.UTC(2026, 11, 1));
    expect(leftEarly({ removedAt: null }, moved, end)).toBe(false);
    const gone = tallyOf([check(true), check(false)]);
    expect(leftEarly({ removedAt: null }, gone, end)).toBe(true);
    const kept = tallyOf([check(true), check(true)]);
    expect(isHonoured(kept)).toBe(true);
    expect(isHonoured(tallyOf([]))).toBe(false);
    // Taken out before the end is early; the removal at the end is not.
    expect(leftEarly({ removedAt: new Date(end.getTime() - DAY) }, kept, end)).toBe(true);
    expect(leftEarly({ removedAt: end }, kept, end)).toBe(false);
  });

  it('compares the period with the median daily change before it', () => {
    // +10 a day for 28 days, one bought spike of +5,000 that the median ignores.
    const history = Array.from({ length: 29 }, (_, index) => ({
      day: day(index),
      followers: 1_000 + index * 10 + (index >= 14 ? 5_000 : 0),
    }));
    const start = day(28);
    // The period: 7 days at +50 a day.
    for (let index = 1; index <= 7; index++) {
      history.push({ day: day(28 + index), followers: history[28]!.followers + index * 50 });
    }
    const result = followersAgainstTrend(history, start, day(35));
    expect(result.trendPerDay).toBe(10);
    expect(result.change).toBe(350);
    expect(result.expectedChange).toBe(70);
    expect(result.beyondTrend).toBe(280);
  });

  it('gives no trend without enough history before the period, and nulls without counts', () => {
    const short = [0, 1, 2, 3].map((index) => ({ day: day(index), followers: 100 + index }));
    const result = followersAgainstTrend(short, day(2), day(3));
    expect(result).toMatchObject({ atStart: 102, atEnd: 103, change: 1, trendPerDay: null });
    expect(result.beyondTrend).toBeNull();
    expect(followersAgainstTrend([{ day: day(0), followers: null }], day(0), day(1)).atStart).toBe(
      null,
    );
  });
});

describe('trades/outcome', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const tradeRowStatus = async (id: string) =>
    (await t.context.db.select().from(trades).where(eq(trades.id, id)))[0]!;

  /** An accepted 7-day swap; two placed one's song in Gym Tempo, checked 5 days, gone on day 5. */
  async function placedSwap() {
    const swap = await acceptedSwap(t, { periodDays: 7 });
    const { two, trade, oneTradeSongId } = swap;
    const placed = await two.call('addtoplaylist', {
      tradeId: trade.id,
      tradeSongId: oneTradeSongId,
      playlistId: PLAYLISTS.gymTempo.id,
      position: 2,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { db } = t.context;
    const [placement] = await db
      .select()
      .from(tradePlacements)
      .where(eq(tradePlacements.tradeSongId, oneTradeSongId));
    const [playlist] = await db
      .select()
      .from(managedPlaylists)
      .where(and(eq(managedPlaylists.userId, two.id)));
    const today = t.clock.now();
    const dayAt = (offset: number) =>
      new Date(today.getTime() + offset * DAY).toISOString().slice(0, 10);
    await db.insert(tradePlacementChecks).values(
      [0, 1, 2, 3, 4].map((offset) => ({
        placementId: placement!.id,
        day: dayAt(offset),
        inPlaylist: offset < 4,
        atPosition: offset !== 2 && offset < 4,
        position: offset < 4 ? (offset === 2 ? 5 : 2) : null,
        checkedAt: new Date(today.getTime() + offset * DAY),
      })),
    );
    await db.delete(playlistDailyStats).where(eq(playlistDailyStats.playlistId, playlist!.id));
    await db.insert(playlistDailyStats).values(
      Array.from({ length: 34 }, (_, index) => {
        const offset = index - 28;
        return {
          playlistId: playlist!.id,
          day: dayAt(offset),
          followers: offset <= 0 ? 2_000 + (offset + 28) * 5 : 2_140 + offset * 30,
          tracksTotal: 60,
        };
      }),
    );
    t.clock.advance(5 * DAY);
    await swap.one.signInAgain();
    await two.signInAgain();
    return swap;
  }

  it('reports days in place, positions, leaving early, followers against trend and streams', async () => {
    const { one, two, trade, oneTradeSongId } = await placedSwap();
    for (const who of [one, two]) {
      const response = await who.call('outcome', { tradeId: trade.id });
      expect(response.statusCode, response.body).toBe(200);
      const outcome = response.json().outcome as TradeOutcome;
      expect(outcome).toMatchObject({ status: 'accepted', periodDays: 7, daysSoFar: 5 });
      expect(outcome.placements).toHaveLength(1);
      const [placement] = outcome.placements;
      expect(placement).toMatchObject({
        tradeSongId: oneTradeSongId,
        ownerId: one.id,
        placedById: two.id,
        position: 3,
        daysChecked: 5,
        daysInPlace: 3,
        leftEarly: true,
        honoured: false,
      });
      expect(placement!.days.map((d) => d.position)).toEqual([3, 3, 6, 3, null]);
      expect(placement!.followers).toMatchObject({
        atStart: 2_140,
        atEnd: 2_290,
        change: 150,
        trendPerDay: 5,
        expectedChange: 25,
        beyondTrend: 125,
      });
      expect(outcome.streams).toEqual([
        expect.objectContaining({ tradeSongId: oneTradeSongId, ownerId: one.id, streams: null }),
      ]);
      expect(outcome.notReported).toEqual([{ id: one.id, name: one.name }]);
    }
    const reported = await one.call('update', {
      tradeId: trade.id,
      tradeSongId: oneTradeSongId,
      streams: 1234,
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const after = (await two.call('outcome', { tradeId: trade.id })).json().outcome as TradeOutcome;
    expect(after.streams[0]!.streams).toBe(1234);
    expect(after.notReported).toEqual([]);
  });

  it('the profile’s reliability record counts the same placements as honoured or not', async () => {
    const { one, two } = await placedSwap();
    const profile = await post(
      t.app,
      '/api/users/public/profile',
      { userId: two.id },
      { cookie: one.cookie },
    );
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().profile.swapRecord).toMatchObject({
      placementsChecked: 1,
      placementsHonoured: 0,
    });
  });

  it('is null while pending; the swap reminds the owner who has not reported at its end', async () => {
    const { one, two, trade } = await placedSwap();
    t.clock.advance(3 * DAY);
    await advanceSwaps(t.context, t.clock.now());
    await one.signInAgain();
    const outcome = (await one.call('outcome', { tradeId: trade.id })).json()
      .outcome as TradeOutcome;
    expect(outcome.status).toBe('completed');
    expect(outcome.daysSoFar).toBe(7);
    const reminder = 'Your swap has ended: report your streams';
    const toOne = (await noticesTo(t, one.id)).filter((mail) => mail.subject === reminder);
    expect(toOne).toHaveLength(1);
    expect(toOne[0]!.text).toContain(`/songswap/${trade.id}`);
    // two's song was never placed: nothing to report, no reminder.
    expect((await noticesTo(t, two.id)).filter((mail) => mail.subject === reminder)).toEqual([]);

    const fresh = await swapCurator(t, { playlist: 'focusFlow' });
    const other = await swapCurator(t, { playlist: 'quietRooms' });
    const opened = await fresh.call('open', { traderId: other.id, periodDays: 7, songIds: [] });
    const pending = await fresh.call('outcome', { tradeId: opened.json().trade.id });
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json()).toEqual({ outcome: null });
  });

  it('the bell reminds the owner who has not reported streams on the last day, once', async () => {
    const { one, two, trade } = await placedSwap();
    const [row] = await t.context.db.select().from(trades).where(eq(trades.id, trade.id));
    const end = row!.endDate!.getTime();
    const bellOf = (userId: string) =>
      t.context.db
        .select()
        .from(inAppNotifications)
        .where(
          and(
            eq(inAppNotifications.userId, userId),
            eq(inAppNotifications.kind, 'streamsReminder'),
            eq(inAppNotifications.link, `/songswap/${trade.id}`),
          ),
        );
    // The day before the last: nothing yet.
    t.clock.set(new Date(end - DAY - 60_000));
    await advanceSwaps(t.context, t.clock.now());
    expect(await bellOf(one.id)).toEqual([]);

    // The last day: one entry for the owner of the placed song, none for the other side.
    t.clock.set(new Date(end - 12 * 60 * 60 * 1000));
    const run = await advanceSwaps(t.context, t.clock.now());
    expect(run.streamsReminded).toBeGreaterThanOrEqual(1);
    const entries = await bellOf(one.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: two.id,
      text: `Your swap with ${two.name} ends today: report the streams your songs got from it`,
      readAt: null,
    });
    expect(await bellOf(two.id)).toEqual([]);

    // Later that day and at completion: no second entry (the mail comes with the completion).
    t.clock.set(new Date(end - 60_000));
    await advanceSwaps(t.context, t.clock.now());
    t.clock.set(new Date(end));
    await advanceSwaps(t.context, t.clock.now());
    expect((await tradeRowStatus(trade.id)).status).toBe('completed');
    expect(await bellOf(one.id)).toHaveLength(1);
    const mails = (await noticesTo(t, one.id)).filter(
      (mail) => mail.subject === 'Your swap has ended: report your streams',
    );
    expect(mails.filter((mail) => mail.text.includes(trade.id))).toHaveLength(1);
  });

  it('a swap whose last day the job missed reminds in the bell at completion', async () => {
    const { one, two, trade } = await placedSwap();
    const [row] = await t.context.db.select().from(trades).where(eq(trades.id, trade.id));
    t.clock.set(new Date(row!.endDate!.getTime() + 60_000));
    await advanceSwaps(t.context, t.clock.now());
    const [entry, ...more] = await t.context.db
      .select()
      .from(inAppNotifications)
      .where(
        and(
          eq(inAppNotifications.userId, one.id),
          eq(inAppNotifications.link, `/songswap/${trade.id}`),
          eq(inAppNotifications.kind, 'streamsReminder'),
        ),
      );
    expect(more).toEqual([]);
    expect(entry!.text).toBe(
      `Your swap with ${two.name} has ended: report the streams your songs got from it`,
    );
  });

  it('answers 401 to an anonymous caller and 404 to a stranger', async () => {
    const { trade } = await acceptedSwap(t, { periodDays: 7 });
    const anonymous = await post(t.app, '/api/trades/outcome', { tradeId: trade.id });
    expect(anonymous.statusCode).toBe(401);
    const stranger = await swapCurator(t, { playlist: 'focusFlow' });
    const answer = await stranger.call('outcome', { tradeId: trade.id });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain(trade.id);
  });

  it('a blocked curator outside the swap gets 404; a block between the sides keeps the record', async () => {
    const { one, two, trade } = await acceptedSwap(t, { periodDays: 7 });
    const outsider = await swapCurator(t, { playlist: 'focusFlow' });
    await t.context.db.insert(blocks).values({ blockerId: one.id, blockedId: outsider.id });
    expect((await outsider.call('outcome', { tradeId: trade.id })).statusCode).toBe(404);
    await t.context.db.insert(blocks).values({ blockerId: one.id, blockedId: two.id });
    // A swap is an agreement: both sides keep its record after a block.
    expect((await two.call('outcome', { tradeId: trade.id })).statusCode).toBe(200);
    expect((await one.call('outcome', { tradeId: trade.id })).statusCode).toBe(200);
  });

  it('refuses a malformed swap id', async () => {
    const { one } = await acceptedSwap(t, { periodDays: 7 });
    for (const body of [
      {},
      { tradeId: 'x' },
      { tradeId: 7 },
      { tradeId: crypto.randomUUID(), more: 1 },
    ]) {
      expect((await one.call('outcome', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
