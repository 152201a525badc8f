import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Trade, TradeSong } from '../../../common/api/trades/schemas.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { connectSocket, connected, onlyToMeInbox, type ClientSocket } from '../../test/sockets.js';
import { PLAYLISTS, swapCurator, trackIdsOf } from '../../test/trades.js';

let t: TestApp;
let baseUrl: string;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

async function inboxOf(cookie: string) {
  const socket = connectSocket(baseUrl, cookie);
  sockets.push(socket);
  await connected(socket);
  return onlyToMeInbox(socket);
}

describe('swap changes reach the other trader live', () => {
  it('every change is pushed to the other trader only, presented for them', async () => {
    const one = await swapCurator(t, { playlist: 'freshFinds' });
    const two = await swapCurator(t, { playlist: 'gymTempo' });
    const oneSong = await one.song();
    const twoSong = await two.song();
    const oneInbox = await inboxOf(one.cookie);
    const twoInbox = await inboxOf(two.cookie);

    // OpenTrade: two receives the swap already from their side (roles mirrored by the server).
    const opened = await one.call('open', {
      traderId: two.id,
      periodDays: 14,
      songIds: [oneSong.id, twoSong.id],
    });
    const asOpener = opened.json().trade as Trade;
    const openPush = await twoInbox.next((p) => p.type === 'OpenTrade');
    const openRequest = { traderId: two.id, periodDays: 14, songIds: [oneSong.id, twoSong.id] };
    expect(openPush.request).toEqual(openRequest);
    const pushedTrade = (openPush.response as { trade: Trade }).trade;
    expect(pushedTrade).toMatchObject({
      id: asOpener.id,
      status: 'pending',
      traderOneId: one.id,
      traderTwoId: two.id,
      userId: two.id,
      traderId: one.id,
      trader: { id: one.id, name: one.name },
    });
    expect(pushedTrade.userTracks).toEqual(asOpener.traderTracks);
    expect(pushedTrade.traderTracks).toEqual(asOpener.userTracks);
    expect(pushedTrade.userTracks.map((track) => track.songId)).toEqual([twoSong.id]);

    const tradeId = asOpener.id;
    const idOf = (songId: string) => asOpener.TradeSongs.find((s) => s.songId === songId)!.id;

    // AcceptOrRejectSong from two reaches one, from one's side.
    await two.call('acceptrejectsong', { tradeId, tradeSongId: idOf(oneSong.id), approved: 1 });
    const decided = await oneInbox.next((p) => p.type === 'AcceptOrRejectSong');
    expect(decided.request).toEqual({ tradeId, tradeSongId: idOf(oneSong.id), approved: 1 });
    const decidedBody = decided.response as { trade: Trade; tradeSong: TradeSong };
    expect(decidedBody.trade.userId).toBe(one.id);
    expect(decidedBody.trade.userTracks[0]).toMatchObject({ songId: oneSong.id, approved: true });
    expect(decidedBody.tradeSong).toMatchObject({ id: idOf(oneSong.id), approved: 1 });

    // AddSongToPlaylist: a real placement, told to the song's owner.
    await two.call('addtoplaylist', {
      tradeId,
      tradeSongId: idOf(oneSong.id),
      playlistId: PLAYLISTS.gymTempo.id,
      position: 0,
    });
    expect(trackIdsOf(t, PLAYLISTS.gymTempo.id)[0]).toBe(oneSong.spotify.id);
    const placed = await oneInbox.next((p) => p.type === 'AddSongToPlaylist');
    const placedBody = placed.response as { trade: Trade; tradeSong: TradeSong };
    expect(placedBody.trade.userTracks[0]).toMatchObject({ songId: oneSong.id, playlisted: true });
    expect(placedBody.tradeSong.PlaylistSongs[0]).toMatchObject({
      playlistSpotifyId: PLAYLISTS.gymTempo.id,
      PlaylistPosition: { position: 0 },
    });

    // AcceptTrade, both ways; the second makes it accepted for the one told too.
    await one.call('acceptrejectsong', { tradeId, tradeSongId: idOf(twoSong.id), approved: 1 });
    await one.call('accept', { tradeId });
    const firstAccept = await twoInbox.next((p) => p.type === 'AcceptTrade');
    expect(firstAccept.request).toEqual({ tradeId });
    expect(firstAccept.response).toMatchObject({
      trade: { id: tradeId, userId: two.id, status: 'pending', traderOneAccepted: true },
      status: {
        status: 'pending',
        traderOneAccepted: true,
        traderTwoAccepted: false,
        streams: null,
      },
    });
    await two.call('accept', { tradeId });
    const secondAccept = await oneInbox.next((p) => p.type === 'AcceptTrade');
    expect(secondAccept.response).toMatchObject({
      trade: {
        id: tradeId,
        userId: one.id,
        traderId: two.id,
        status: 'accepted',
        startDate: t.clock.now().toISOString(),
      },
      status: { status: 'accepted', traderOneAccepted: true, traderTwoAccepted: true },
    });

    // Nobody hears their own change: a round trip on each socket after the last push. The
    // bell's entries (NewNotification) are their own pushes, tested with the notifications.
    await one.call('all', { statuses: ['accepted'] });
    const swapChanges = (inbox: typeof oneInbox) =>
      inbox.received.map((p) => p.type).filter((type) => type !== 'NewNotification');
    expect(swapChanges(oneInbox)).toEqual([
      'AcceptOrRejectSong',
      'AddSongToPlaylist',
      'AcceptTrade',
    ]);
    expect(swapChanges(twoInbox)).toEqual(['OpenTrade', 'AcceptOrRejectSong', 'AcceptTrade']);
  });

  it('DeleteTrade, AddSongToTrade, RemoveSongFromTrade and UpdateTrade are pushed too', async () => {
    const one = await swapCurator(t, { playlist: 'freshFinds' });
    const two = await swapCurator(t, { playlist: 'quietRooms' });
    const song = await one.song();
    const twoInbox = await inboxOf(two.cookie);
    const tradeId = (await one.call('open', { traderId: two.id, periodDays: 7 })).json().trade
      .id as string;

    const added = (await one.call('addtrack', { tradeId, songId: song.id })).json();
    const addPush = await twoInbox.next((p) => p.type === 'AddSongToTrade');
    expect(addPush.request).toEqual({ tradeId, songId: song.id });
    expect(addPush.response).toMatchObject({
      trade: { userId: two.id, traderTracks: [{ songId: song.id }] },
      tradeSong: { id: added.tradeSong.id, ownerId: one.id },
    });

    await one.call('update', { tradeId, periodDays: 28 });
    const updatePush = await twoInbox.next((p) => p.type === 'UpdateTrade');
    expect(updatePush.response).toMatchObject({
      trade: { userId: two.id, periodDays: 28 },
      status: { status: 'pending' },
    });

    await one.call('removetrack', { tradeId, tradeSongId: added.tradeSong.id });
    const removePush = await twoInbox.next((p) => p.type === 'RemoveSongFromTrade');
    expect(removePush.response).toMatchObject({ trade: { userId: two.id, traderTracks: [] } });

    await one.call('deletetrade', { tradeId });
    const deletePush = await twoInbox.next((p) => p.type === 'DeleteTrade');
    expect(deletePush).toEqual({
      type: 'DeleteTrade',
      request: { tradeId },
      response: { success: true, tradeId, reason: null },
    });
  });
});
