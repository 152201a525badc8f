import { and, eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trade, TradeSong } from '../../../common/api/trades/schemas.js';
import { trades, users } from '../../db/schema.js';
import { advanceSwaps } from '../../jobs/tradeLifecycle.js';
import { createTestApp, post, signedInUser, type TestApp } from '../../test/harness.js';
import {
  acceptedSwap,
  openSwap,
  pendingSwap,
  PLAYLISTS,
  swapCurator,
  trackIdsOf,
} from '../../test/trades.js';
import { songsInOpenSwaps } from '../songs/openSwaps.js';

const DAY = 86_400_000;
const GYM_TEMPO = PLAYLISTS.gymTempo.id;
const FRESH_FINDS = PLAYLISTS.freshFinds.id;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const dayFromNow = (days: number) =>
  new Date(t.clock.now().getTime() + days * DAY).toISOString().slice(0, 10);

const openCount = async (userId: string) =>
  (
    await t.context.db
      .select({ id: trades.id })
      .from(trades)
      .where(
        and(
          or(eq(trades.traderOneId, userId), eq(trades.traderTwoId, userId)),
          inArray(trades.status, ['pending', 'scheduled', 'accepted']),
        ),
      )
  ).length;

describe('open', () => {
  it('opens a pending swap with songs from both catalogues, each on its owner’s side', async () => {
    const one = await swapCurator(t, { playlist: 'freshFinds' });
    const two = await swapCurator(t, { playlist: 'gymTempo' });
    const [a1, a2] = [await one.song(), await one.song()];
    const b1 = await two.song();
    const response = await one.call('open', {
      traderId: two.id,
      periodDays: 28,
      startDate: dayFromNow(3),
      songIds: [a1.id, b1.id, a2.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    const trade = response.json().trade as Trade;
    expect(trade).toMatchObject({
      status: 'pending',
      traderOneId: one.id,
      traderTwoId: two.id,
      userId: one.id,
      traderId: two.id,
      trader: { id: two.id, name: two.name, userProfilePicture: null },
      periodDays: 28,
      requestedStartDate: dayFromNow(3),
      startDate: null,
      endDate: null,
      traderOneAccepted: false,
      traderTwoAccepted: false,
      streams: null,
      conversationId: null,
    });
    // Each list newest first; the songs as given, first first.
    expect(trade.userTracks.map((track) => track.songId)).toEqual([a1.id, a2.id]);
    expect(trade.traderTracks.map((track) => track.songId)).toEqual([b1.id]);
    expect(trade.userTracks[0]).toEqual({
      id: expect.any(String),
      songId: a1.id,
      approved: null,
      playlisted: false,
    });
    const b1Song = trade.TradeSongs.find((song) => song.songId === b1.id)!;
    expect(b1Song).toMatchObject({
      ownerId: two.id,
      approved: 0,
      Song: { id: b1.id, title: b1.title },
      PlaylistSongs: [],
      streams: null,
      keep: false,
      checks: [],
    });

    // The other trader sees the same swap with the roles mirrored.
    const seen = (await two.call('trade', { tradeId: trade.id })).json().trade as Trade;
    expect(seen).toMatchObject({ id: trade.id, userId: two.id, traderId: one.id });
    expect(seen.trader.id).toBe(one.id);
    expect(seen.userTracks).toEqual(trade.traderTracks);
    expect(seen.traderTracks).toEqual(trade.userTracks);
  });

  it('refuses oneself, curators without a visible playlist, and songs outside both catalogues', async () => {
    const one = await swapCurator(t, { playlist: 'freshFinds' });
    const two = await swapCurator(t, { playlist: 'gymTempo' });
    const loner = await signedInUser(t);
    const outsider = await swapCurator(t, { playlist: 'quietRooms' });
    const foreign = await outsider.song();
    const self = await one.call('open', { traderId: one.id, periodDays: 14 });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.fields).toHaveProperty('traderId');
    expect((await one.call('open', { traderId: loner.id, periodDays: 14 })).statusCode).toBe(404);
    const withForeign = await one.call('open', {
      traderId: two.id,
      periodDays: 14,
      songIds: [foreign.id],
    });
    expect(withForeign.statusCode).toBe(404);
    const past = await one.call('open', {
      traderId: two.id,
      periodDays: 14,
      startDate: dayFromNow(-1),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields).toHaveProperty('startDate');
    const oddPeriod = await one.call('open', { traderId: two.id, periodDays: 30 });
    expect(oddPeriod.statusCode).toBe(400);
    expect(oddPeriod.json().error.fields).toHaveProperty('periodDays');
    expect(await openCount(one.id)).toBe(0);
  });
});

describe('plan limits', () => {
  it('free plan: periods 7/14/28 only; a longer one is 403 PLAN_LIMIT', async () => {
    const one = await swapCurator(t, { plan: 'free', playlist: 'freshFinds' });
    const two = await swapCurator(t, { playlist: 'gymTempo' });
    const refused = await one.call('open', { traderId: two.id, periodDays: 56 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'PLAN_LIMIT',
      details: { resource: 'swapPeriods', plan: 'free', allowed: [7, 14, 28], side: 'user' },
    });
    await openSwap(one, two, { periodDays: 28 });
    // A pro trader two may not lengthen it beyond trader one's plan either.
    const trade = (await one.call('all', { statuses: ['pending'] })).json().trades.pending[0];
    const lengthened = await two.call('update', { tradeId: trade.id, periodDays: 180 });
    expect(lengthened.statusCode).toBe(403);
    expect(lengthened.json().error.details).toMatchObject({
      resource: 'swapPeriods',
      side: 'trader',
    });
  });

  it('free plan: two open swaps; the third is 403 PLAN_LIMIT', async () => {
    const free = await swapCurator(t, { plan: 'free', playlist: 'freshFinds' });
    const other = await swapCurator(t, { playlist: 'gymTempo' });
    await openSwap(free, other);
    await openSwap(free, other);
    const third = await free.call('open', { traderId: other.id, periodDays: 7 });
    expect(third.statusCode).toBe(403);
    expect(third.json().error).toMatchObject({
      code: 'PLAN_LIMIT',
      details: { resource: 'openSwaps', limit: 2, current: 2, plan: 'free', side: 'user' },
    });
    expect(await openCount(free.id)).toBe(2);
  });

  it('concurrent opens at the limit leave exactly the limit', async () => {
    const free = await swapCurator(t, { plan: 'free', playlist: 'freshFinds' });
    const others = [
      await swapCurator(t, { playlist: 'gymTempo' }),
      await swapCurator(t, { playlist: 'quietRooms' }),
      await swapCurator(t, { playlist: 'focusFlow' }),
    ];
    await openSwap(free, others[0]!);
    // One place left: three opens by the free curator at once.
    const responses = await Promise.all(
      others.map((other) => free.call('open', { traderId: other.id, periodDays: 7 })),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 403)).toHaveLength(2);
    expect(await openCount(free.id)).toBe(2);
  });

  it('pre-release songs only on plans with pre-release (the song owner’s)', async () => {
    const free = await swapCurator(t, { plan: 'free', playlist: 'freshFinds' });
    const pro = await swapCurator(t, { playlist: 'gymTempo' });
    const freeUpcoming = await free.upcoming();
    const proUpcoming = await pro.upcoming();
    const refused = await free.call('open', {
      traderId: pro.id,
      periodDays: 14,
      songIds: [freeUpcoming.id],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.details).toMatchObject({
      resource: 'prerelease',
      plan: 'free',
      songId: freeUpcoming.id,
    });
    // The pro trader's own pre-release song is theirs to offer.
    const trade = await openSwap(free, pro, { songIds: [proUpcoming.id] });
    expect(trade.traderTracks.map((track) => track.songId)).toEqual([proUpcoming.id]);
    const added = await pro.call('addtrack', { tradeId: trade.id, songId: freeUpcoming.id });
    expect(added.statusCode).toBe(403);
    expect(added.json().error.code).toBe('PLAN_LIMIT');
  });

  it('accept checks the open-swap limit again (a plan that shrank since opening)', async () => {
    const swap = await pendingSwap(t);
    const { one, two, trade } = swap;
    await openSwap(one, two);
    await openSwap(two, one);
    await openSwap(two, one);
    expect((await one.call('accept', { tradeId: trade.id })).statusCode).toBe(200);
    // two's trial ran out: free limits (2 open swaps) while two opened two and accepts a third.
    await t.context.db.update(users).set({ plan: 'free' }).where(eq(users.id, two.id));
    const refused = await two.call('accept', { tradeId: trade.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.details).toMatchObject({ resource: 'openSwaps', side: 'user' });
    const after = (await one.call('trade', { tradeId: trade.id })).json().trade as Trade;
    expect(after).toMatchObject({
      status: 'pending',
      traderOneAccepted: true,
      traderTwoAccepted: false,
    });
  });
});

describe('songs of a pending swap', () => {
  it('addtrack: either trader adds to either list, at the front; acceptances are cleared', async () => {
    const { one, two, trade } = await pendingSwap(t);
    expect((await two.call('accept', { tradeId: trade.id })).json().trade.traderTwoAccepted).toBe(
      true,
    );
    const oneExtra = await one.song();
    t.clock.advance(1000);
    // two asks for another of one's songs: it joins one's side.
    const added = await two.call('addtrack', { tradeId: trade.id, songId: oneExtra.id });
    expect(added.statusCode, added.body).toBe(200);
    const body = added.json() as { trade: Trade; tradeSong: TradeSong };
    expect(body.tradeSong).toMatchObject({ songId: oneExtra.id, ownerId: one.id, approved: 0 });
    expect(body.trade.userId).toBe(two.id);
    expect(body.trade.traderTracks[0]!.songId).toBe(oneExtra.id);
    expect(body.trade.traderTracks).toHaveLength(2);
    expect(body.trade).toMatchObject({ traderOneAccepted: false, traderTwoAccepted: false });

    const again = await one.call('addtrack', { tradeId: trade.id, songId: oneExtra.id });
    expect(again.statusCode).toBe(409);
    const stranger = await swapCurator(t, { playlist: 'quietRooms' });
    const strangersSong = await stranger.song();
    expect(
      (await one.call('addtrack', { tradeId: trade.id, songId: strangersSong.id })).statusCode,
    ).toBe(404);
    expect(
      (await stranger.call('addtrack', { tradeId: trade.id, songId: strangersSong.id })).statusCode,
    ).toBe(404);
  });

  it('removetrack: takes a song out of both lists; clears acceptances', async () => {
    const { one, two, trade, oneTradeSongId } = await pendingSwap(t);
    await one.call('accept', { tradeId: trade.id });
    const removed = await two.call('removetrack', {
      tradeId: trade.id,
      tradeSongId: oneTradeSongId,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = removed.json().trade as Trade;
    expect(after.traderTracks).toEqual([]);
    expect(after.TradeSongs.map((song) => song.id)).not.toContain(oneTradeSongId);
    expect(after.traderOneAccepted).toBe(false);
    expect(
      (await two.call('removetrack', { tradeId: trade.id, tradeSongId: oneTradeSongId }))
        .statusCode,
    ).toBe(404);
  });

  it('acceptrejectsong: only the placing side decides; 1 approves, 2 rejects', async () => {
    const { one, two, trade, oneTradeSongId } = await pendingSwap(t);
    await one.call('accept', { tradeId: trade.id });
    const byOwner = await one.call('acceptrejectsong', {
      tradeId: trade.id,
      tradeSongId: oneTradeSongId,
      approved: 1,
    });
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json().error.code).toBe('FORBIDDEN');
    const approved = await two.call('acceptrejectsong', {
      tradeId: trade.id,
      tradeSongId: oneTradeSongId,
      approved: 1,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().tradeSong).toMatchObject({ id: oneTradeSongId, approved: 1 });
    expect(approved.json().trade.traderTracks[0]).toMatchObject({ approved: true });
    expect(approved.json().trade.traderOneAccepted).toBe(false);
    const rejected = await two.call('acceptrejectsong', {
      tradeId: trade.id,
      tradeSongId: oneTradeSongId,
      approved: 2,
    });
    expect(rejected.json().trade.traderTracks[0]).toMatchObject({ approved: false });
  });
});

describe('accept, delete, update', () => {
  it('both accept: accepted, started now, moved from the pending bucket to accepted', async () => {
    const { one, two, trade } = await pendingSwap(t, { periodDays: 7 });
    const first = await one.call('accept', { tradeId: trade.id });
    expect(first.json().status).toEqual({
      status: 'pending',
      traderOneAccepted: true,
      traderTwoAccepted: false,
      streams: null,
    });
    const second = await two.call('accept', { tradeId: trade.id });
    expect(second.statusCode).toBe(200);
    const now = t.clock.now();
    expect(second.json().trade).toMatchObject({
      status: 'accepted',
      userId: two.id,
      startDate: now.toISOString(),
      endDate: new Date(now.getTime() + 7 * DAY).toISOString(),
      traderOneAccepted: true,
      traderTwoAccepted: true,
      streams: null,
    });
    const buckets = (await one.call('all', { statuses: ['pending', 'accepted'] })).json().trades;
    expect(buckets.pending.map((x: Trade) => x.id)).not.toContain(trade.id);
    expect(buckets.accepted.map((x: Trade) => x.id)).toContain(trade.id);
    expect(buckets).not.toHaveProperty('completed');
    // Accepted by both: accepting again or deleting is refused.
    expect((await one.call('accept', { tradeId: trade.id })).statusCode).toBe(409);
    const deleted = await two.call('deletetrade', { tradeId: trade.id });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error.code).toBe('CONFLICT');
  });

  it('a requested start ahead makes it scheduled until that day; scheduled swaps may be deleted', async () => {
    const one = await swapCurator(t, { playlist: 'freshFinds' });
    const two = await swapCurator(t, { playlist: 'gymTempo' });
    const song = await one.song();
    const trade = await openSwap(one, two, { startDate: dayFromNow(5), songIds: [song.id] });
    await one.call('accept', { tradeId: trade.id });
    const accepted = (await two.call('accept', { tradeId: trade.id })).json().trade as Trade;
    expect(accepted).toMatchObject({
      status: 'scheduled',
      startDate: `${dayFromNow(5)}T00:00:00.000Z`,
      endDate: new Date(Date.parse(`${dayFromNow(5)}T00:00:00Z`) + 14 * DAY).toISOString(),
    });
    const deleted = await two.call('deletetrade', { tradeId: trade.id });
    expect(deleted.json()).toEqual({ success: true, tradeId: trade.id, reason: null });
    expect((await one.call('trade', { tradeId: trade.id })).statusCode).toBe(404);
  });

  it('accepting a completed swap is 409; an empty swap cannot be accepted', async () => {
    const { one, two, trade } = await acceptedSwap(t, { periodDays: 7 });
    t.clock.advance(8 * DAY);
    await advanceSwaps(t.context, t.clock.now());
    await one.signInAgain();
    await two.signInAgain();
    const done = (await one.call('trade', { tradeId: trade.id })).json().trade as Trade;
    expect(done.status).toBe('completed');
    const again = await two.call('accept', { tradeId: trade.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CONFLICT');
    expect((await one.call('deletetrade', { tradeId: trade.id })).statusCode).toBe(409);

    const empty = await openSwap(one, two);
    expect((await one.call('accept', { tradeId: empty.id })).statusCode).toBe(409);
  });

  it('deletetrade: either side while pending; gone for both', async () => {
    const { one, two, trade } = await pendingSwap(t);
    const deleted = await two.call('deletetrade', { tradeId: trade.id });
    expect(deleted.statusCode).toBe(200);
    for (const who of [one, two]) {
      expect((await who.call('tradeinfo', { tradeId: trade.id })).statusCode).toBe(404);
    }
  });

  it('update: period while pending clears acceptances; streams by the owner; keep by the placer', async () => {
    const { one, two, trade, oneTradeSongId, twoTradeSongId } = await pendingSwap(t);
    await one.call('accept', { tradeId: trade.id });
    const changed = await two.call('update', {
      tradeId: trade.id,
      periodDays: 28,
      startDate: null,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().trade).toMatchObject({ periodDays: 28, traderOneAccepted: false });
    // Streams are reported once the swap has started.
    expect(
      (await one.call('update', { tradeId: trade.id, tradeSongId: oneTradeSongId, streams: 5 }))
        .statusCode,
    ).toBe(409);
    for (const [who, id] of [
      [two, oneTradeSongId],
      [one, twoTradeSongId],
    ] as const) {
      await who.call('acceptrejectsong', { tradeId: trade.id, tradeSongId: id, approved: 1 });
    }
    await one.call('accept', { tradeId: trade.id });
    await two.call('accept', { tradeId: trade.id });

    const streams = await one.call('update', {
      tradeId: trade.id,
      tradeSongId: oneTradeSongId,
      streams: 1234,
    });
    expect(streams.statusCode).toBe(200);
    expect(streams.json().status).toMatchObject({ status: 'accepted', streams: 1234 });
    const notOwner = await two.call('update', {
      tradeId: trade.id,
      tradeSongId: oneTradeSongId,
      streams: 1,
    });
    expect(notOwner.statusCode).toBe(403);
    const keep = await two.call('update', {
      tradeId: trade.id,
      tradeSongId: oneTradeSongId,
      keep: true,
    });
    expect(keep.json().trade.TradeSongs.find((s: TradeSong) => s.id === oneTradeSongId).keep).toBe(
      true,
    );
    const ownerKeep = await one.call('update', {
      tradeId: trade.id,
      tradeSongId: oneTradeSongId,
      keep: true,
    });
    expect(ownerKeep.statusCode).toBe(403);
    const lateTerms = await one.call('update', { tradeId: trade.id, periodDays: 7 });
    expect(lateTerms.statusCode).toBe(409);
  });
});

describe('placements: real playlist edits', () => {
  it('addtoplaylist puts the approved song into the placer’s playlist at the position', async () => {
    const { one, two, trade, oneTradeSongId, oneSong } = await pendingSwap(t);
    const trackId = oneSong.spotify.id!;
    const place = (who: typeof one, body: object = {}) =>
      who.call('addtoplaylist', {
        tradeId: trade.id,
        tradeSongId: oneTradeSongId,
        playlistId: GYM_TEMPO,
        position: 2,
        ...body,
      });
    // The owner does not place their own song; an undecided song is not placed.
    expect((await place(one, { playlistId: FRESH_FINDS })).statusCode).toBe(403);
    expect((await place(two)).statusCode).toBe(409);
    await two.call('acceptrejectsong', {
      tradeId: trade.id,
      tradeSongId: oneTradeSongId,
      approved: 1,
    });
    // Only into one's own managed playlists.
    expect((await place(two, { playlistId: FRESH_FINDS })).statusCode).toBe(404);

    const before = trackIdsOf(t, GYM_TEMPO);
    const placed = await place(two);
    expect(placed.statusCode, placed.body).toBe(200);
    const after = trackIdsOf(t, GYM_TEMPO);
    expect(after).toHaveLength(before.length + 1);
    expect(after[2]).toBe(trackId);
    const tradeSong = placed.json().tradeSong as TradeSong;
    expect(tradeSong.PlaylistSongs).toEqual([
      {
        id: expect.any(String),
        playlistId: expect.any(String),
        playlistSpotifyId: GYM_TEMPO,
        playlistName: 'Gym Tempo',
        accountId: two.accountId,
        trackId,
        PlaylistPosition: { position: 2 },
        placedAt: t.clock.now().toISOString(),
      },
    ]);
    expect(placed.json().trade.traderTracks[0]).toMatchObject({ playlisted: true });
    // The owner sees their song playlisted, by the playlist's Spotify id and name: our ids of
    // the other curator's playlist and account are not theirs to see.
    const seen = (await one.call('trade-songs', { tradeId: trade.id })).json().tradeSongs;
    expect(seen.find((s: TradeSong) => s.id === oneTradeSongId).PlaylistSongs).toEqual([
      expect.objectContaining({
        playlistSpotifyId: GYM_TEMPO,
        playlistName: 'Gym Tempo',
        playlistId: null,
        accountId: null,
      }),
    ]);

    // Placed once: again is 409 and the playlist is unchanged.
    expect((await place(two, { position: 0 })).statusCode).toBe(409);
    expect(trackIdsOf(t, GYM_TEMPO)).toEqual(after);
    // A placed song cannot be taken out of the swap or rejected.
    expect(
      (await two.call('removetrack', { tradeId: trade.id, tradeSongId: oneTradeSongId }))
        .statusCode,
    ).toBe(409);

    // update-position moves it for real.
    const moved = await two.call('update-position', {
      tradeId: trade.id,
      tradeSongId: oneTradeSongId,
      position: 5,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(trackIdsOf(t, GYM_TEMPO)[5]).toBe(trackId);
    expect(trackIdsOf(t, GYM_TEMPO)[2]).not.toBe(trackId);
    expect(moved.json().tradeSong.PlaylistSongs[0].PlaylistPosition).toEqual({ position: 5 });
    expect(
      (
        await one.call('update-position', {
          tradeId: trade.id,
          tradeSongId: oneTradeSongId,
          position: 1,
        })
      ).statusCode,
    ).toBe(403);

    // removesongfromplaylist takes it out for real; before the swap starts nothing stays on record.
    const removed = await two.call('removesongfromplaylist', {
      tradeId: trade.id,
      tradeSongId: oneTradeSongId,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(trackIdsOf(t, GYM_TEMPO)).not.toContain(trackId);
    expect(removed.json().tradeSong.PlaylistSongs).toEqual([]);
    expect(removed.json().trade.traderTracks[0]).toMatchObject({ playlisted: false });
    expect(
      (await two.call('removesongfromplaylist', { tradeId: trade.id, tradeSongId: oneTradeSongId }))
        .statusCode,
    ).toBe(409);
  });

  it('a Spotify refusal leaves no placement behind', async () => {
    const { two, trade, oneTradeSongId } = await acceptedSwap(t);
    const placed = await two.call('addtoplaylist', {
      tradeId: trade.id,
      tradeSongId: oneTradeSongId,
      playlistId: GYM_TEMPO,
      position: 9_000,
    });
    expect(placed.statusCode).toBe(409);
    const song = (await two.call('trade-songs', { tradeId: trade.id }))
      .json()
      .tradeSongs.find((s: TradeSong) => s.id === oneTradeSongId);
    expect(song.PlaylistSongs).toEqual([]);
  });
});

describe('reads', () => {
  it('all: only the asked buckets, newest first', async () => {
    const one = await swapCurator(t, { playlist: 'freshFinds' });
    const two = await swapCurator(t, { playlist: 'gymTempo' });
    const older = await openSwap(one, two);
    t.clock.advance(1000);
    const newer = await openSwap(two, one);
    const response = await one.call('all', { statuses: ['pending'] });
    expect(Object.keys(response.json().trades)).toEqual(['pending']);
    expect(response.json().trades.pending.map((x: Trade) => x.id)).toEqual([newer.id, older.id]);
    expect((await one.call('all', { statuses: [] })).statusCode).toBe(400);
  });

  it('potential-traders: others with a visible managed playlist, by name', async () => {
    const me = await swapCurator(t, { playlist: 'freshFinds' });
    const shown = await swapCurator(t, { playlist: 'gymTempo' });
    const hidden = await swapCurator(t, { playlist: 'quietRooms' });
    await hidden.song();
    await shown.song();
    await me.call('open', { traderId: shown.id, periodDays: 7 });
    await post(
      t.app,
      '/api/playlists/visibility',
      { playlistId: PLAYLISTS.quietRooms.id, visible: false },
      { cookie: hidden.cookie },
    );
    const list = (await me.call('potential-traders')).json().traders as {
      id: string;
      visiblePlaylists: number;
      catalogSongs: number;
    }[];
    const ids = list.map((trader) => trader.id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(me.id);
    expect(list.find((trader) => trader.id === shown.id)).toMatchObject({
      visiblePlaylists: 1,
      catalogSongs: 1,
    });
    const named = (await me.call('potential-traders', { query: shown.name })).json().traders;
    expect(named.map((trader: { id: string }) => trader.id)).toEqual([shown.id]);
    expect((await me.call('potential-traders', { query: 'zz%_no-one' })).json().traders).toEqual(
      [],
    );
  });

  it('tradeinfo names the traders’ conversation once there is one', async () => {
    const { one, two, trade } = await pendingSwap(t);
    expect((await one.call('tradeinfo', { tradeId: trade.id })).json().trade.conversationId).toBe(
      null,
    );
    const started = await post(
      t.app,
      '/api/messenger/conversation/start',
      { userId: two.id },
      { cookie: one.cookie },
    );
    const info = (await two.call('tradeinfo', { tradeId: trade.id })).json().trade as Trade;
    expect(info.conversationId).toBe(started.json().conversation.id);

    // Deleted on one side: that side is given none (its screen starts the conversation again).
    await post(
      t.app,
      '/api/messenger/conversation/delete',
      { conversationId: info.conversationId },
      { cookie: one.cookie },
    );
    expect((await one.call('tradeinfo', { tradeId: trade.id })).json().trade.conversationId).toBe(
      null,
    );
    expect((await two.call('tradeinfo', { tradeId: trade.id })).json().trade.conversationId).toBe(
      info.conversationId,
    );
  });

  it('a third curator gets 404 on someone else’s swap, for every action naming it', async () => {
    const { trade, oneTradeSongId, oneSong } = await pendingSwap(t);
    const third = await swapCurator(t, { playlist: 'focusFlow' });
    const tradeId = trade.id;
    const tradeSongId = oneTradeSongId;
    for (const [action, body] of [
      ['trade', { tradeId }],
      ['tradeinfo', { tradeId }],
      ['trade-songs', { tradeId }],
      ['deletetrade', { tradeId }],
      ['addtrack', { tradeId, songId: oneSong.id }],
      ['removetrack', { tradeId, tradeSongId }],
      ['accept', { tradeId }],
      ['update', { tradeId, periodDays: 7 }],
      ['acceptrejectsong', { tradeId, tradeSongId, approved: 1 }],
      ['addtoplaylist', { tradeId, tradeSongId, playlistId: PLAYLISTS.focusFlow.id, position: 0 }],
      ['update-position', { tradeId, tradeSongId, position: 0 }],
      ['removesongfromplaylist', { tradeId, tradeSongId }],
    ] as const) {
      const response = await third.call(action, body);
      expect(response.statusCode, action).toBe(404);
    }
    expect((await third.call('all', { statuses: ['pending'] })).json().trades.pending).toEqual([]);
  });
});

describe('the catalogue and open swaps', () => {
  it('a song in an open swap cannot leave the catalogue; after completion it can', async () => {
    const { one, trade, oneSong } = await acceptedSwap(t, { periodDays: 7 });
    expect(await songsInOpenSwaps(t.context.db, [oneSong.id])).toEqual([oneSong.id]);
    const refused = await post(
      t.app,
      '/api/songs/remove-from-catalog',
      { songId: oneSong.id },
      { cookie: one.cookie },
    );
    expect(refused.statusCode).toBe(409);
    t.clock.advance(8 * DAY);
    await advanceSwaps(t.context, t.clock.now());
    await one.signInAgain();
    expect(await songsInOpenSwaps(t.context.db, [oneSong.id])).toEqual([]);
    const removed = await post(
      t.app,
      '/api/songs/remove-from-catalog',
      { songId: oneSong.id },
      { cookie: one.cookie },
    );
    expect(removed.statusCode).toBe(200);
    const record = (await one.call('trade', { tradeId: trade.id })).json().trade as Trade;
    expect(record.TradeSongs.map((song) => song.songId)).not.toContain(oneSong.id);
  });
});
