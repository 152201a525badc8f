// @vitest-environment node
import { createNextState, type UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import type {
  OnlyToMe,
  OnlyToMePayloads,
  OnlyToMeType,
} from '../../../../common/realtime/events.js';
import {
  asSeenBy,
  BLAKE,
  buildPlacement,
  buildTrade,
  buildTradeSong,
  ME,
  mySong,
  statusOf,
  theirSong,
  tradesAnswer,
} from './tradeFixtures';
import { listedTradeOf } from './tradeMirror';
import {
  applyToDetails,
  applyToLists,
  songAddedToTrade,
  songApprovalSet,
  songPlaylisted,
  songPositionUpdated,
  songRemovedFromPlaylist,
  songRemovedFromTrade,
  tradeAccepted,
  tradeDeleted,
  tradeListsOf,
  withMoreTrades,
  tradeOpened,
  tradeRefreshed,
  tradeTransitionFor,
  tradeUpdated,
  type TradeDetails,
  type TradeLists,
} from './tradeTransitions';
import type { Trade, TradeStatus } from './tradeTypes';

const ALL: TradeStatus[] = ['pending', 'scheduled', 'accepted', 'completed'];
const OPEN: TradeStatus[] = ['pending', 'scheduled', 'accepted'];

/** The buckets trades/all answered with these trades (every bucket, unless told). */
function loaded(...trades: Trade[]): TradeLists {
  return listsOf(ALL, ...trades);
}

function listsOf(statuses: TradeStatus[], ...trades: Trade[]): TradeLists {
  const byStatus = Object.fromEntries(
    statuses.map((status) => [status, trades.filter((trade) => trade.status === status)]),
  );
  const answer = tradesAnswer(byStatus);
  return tradeListsOf(statuses, answer.trades, undefined, answer.songs);
}

/** A transition applied to one trades/all entry, as updateQueryData applies it. */
const reduce = (lists: TradeLists, action: UnknownAction) =>
  createNextState(lists, (draft) => applyToLists(draft, action));

/** A transition applied to a details screen's entry. */
const reduceDetails = (details: TradeDetails, action: UnknownAction) =>
  createNextState(details, (draft) => applyToDetails(draft, action));

const detailsOf = (trade: Trade): TradeDetails => ({ trade, deleted: false });

const idsIn = (lists: TradeLists, status: TradeStatus) =>
  (lists[status] ?? []).map((trade) => trade.id);
const listed = (lists: TradeLists, tradeId: string) =>
  ALL.flatMap((status) => lists[status] ?? []).find((trade) => trade.id === tradeId)!;

const older = buildTrade({ createdAt: '2026-05-01T10:00:00.000Z' });
const newer = buildTrade({ createdAt: '2026-06-01T10:00:00.000Z' });

describe('trades/all answered', () => {
  it('names each row’s songs from the answer’s songs', () => {
    const song = buildTradeSong('t', ME);
    const trade = buildTrade(
      { status: 'accepted' },
      { mine: [mySong({ Song: song.Song, songId: song.songId })], theirs: [theirSong()] },
    );
    const lists = listsOf(['accepted'], trade);
    expect(listed(lists, trade.id)).toEqual(listedTradeOf(trade));
    expect(listed(lists, trade.id)).toMatchObject({ userSongs: 1, traderSongs: 1 });
    expect(listed(lists, trade.id).songs.map((named) => named.id)).toEqual(
      trade.TradeSongs.map((tradeSong) => tradeSong.songId),
    );
  });

  it('holds the buckets asked for, newest first by createdAt', () => {
    const middle = buildTrade({ createdAt: '2026-05-15T10:00:00.000Z' });
    const lists = listsOf(['pending', 'completed'], older, newer, middle);
    expect(idsIn(lists, 'pending')).toEqual([newer.id, middle.id, older.id]);
    // Asked for and absent from the answer: loaded and empty; not asked for: not held.
    expect(lists.completed).toEqual([]);
    expect(Object.keys(lists).sort()).toEqual(['completed', 'pending']);
  });

  it('adds a bucket’s next page once, newest first, and moves its cursor on', () => {
    const oldest = buildTrade({ createdAt: '2025-01-01T10:00:00.000Z' });
    const lists = { ...listsOf(['pending', 'accepted'], newer), nextCursors: { pending: 'p2' } };
    const after = createNextState(lists, (draft) =>
      withMoreTrades(draft, 'pending', [older, newer, oldest].map(listedTradeOf), null),
    );
    expect(idsIn(after, 'pending')).toEqual([newer.id, older.id, oldest.id]);
    expect(after.nextCursors).toEqual({ pending: null });
    // An entry that does not hold the bucket is left as it is.
    const elsewhere = createNextState(lists, (draft) =>
      withMoreTrades(draft, 'completed', [listedTradeOf(oldest)], null),
    );
    expect(elsewhere).toBe(lists);
  });
});

describe('trade transitions', () => {
  it('opening a trade adds it to the top of its status bucket, once', () => {
    const opened = buildTrade({ createdAt: '2026-01-01T00:00:00.000Z' });
    const lists = reduce(loaded(older, newer), tradeOpened(opened));
    expect(idsIn(lists, 'pending')).toEqual([opened.id, newer.id, older.id]);
    expect(idsIn(reduce(lists, tradeOpened(opened)), 'pending')).toEqual([
      opened.id,
      newer.id,
      older.id,
    ]);
    const scheduled = buildTrade({ status: 'scheduled' });
    expect(idsIn(reduce(lists, tradeOpened(scheduled)), 'scheduled')).toEqual([scheduled.id]);
    // An entry that does not hold the bucket is left alone.
    const history = listsOf(['completed']);
    expect(reduce(history, tradeOpened(opened))).toBe(history);
  });

  it('accepting marks the current user’s side accepted, and nothing else while the other has not', () => {
    const asTraderOne = buildTrade();
    const asTraderTwo = buildTrade({}, { meFirst: false });
    let lists = loaded(asTraderOne, asTraderTwo);
    for (const trade of [asTraderOne, asTraderTwo]) {
      const accepted = tradeAccepted({
        tradeId: trade.id,
        by: 'user',
        status: null,
        startDate: null,
        endDate: null,
      });
      lists = reduce(lists, accepted);
      expect(listed(lists, trade.id)).toMatchObject({
        status: 'pending',
        userAccepted: true,
        traderAccepted: false,
      });
      expect(reduceDetails(detailsOf(trade), accepted).trade).toMatchObject({
        status: 'pending',
        [trade === asTraderOne ? 'traderOneAccepted' : 'traderTwoAccepted']: true,
        [trade === asTraderOne ? 'traderTwoAccepted' : 'traderOneAccepted']: false,
      });
    }
    expect(idsIn(lists, 'pending')).toHaveLength(2);
  });

  it('the other trader accepting marks their side', () => {
    const trade = buildTrade({}, { meFirst: false });
    const accepted = tradeAccepted({
      tradeId: trade.id,
      by: 'trader',
      status: null,
      startDate: null,
      endDate: null,
    });
    expect(listed(reduce(loaded(trade), accepted), trade.id)).toMatchObject({
      userAccepted: false,
      traderAccepted: true,
    });
    expect(reduceDetails(detailsOf(trade), accepted).trade).toMatchObject({
      traderOneAccepted: true,
      traderTwoAccepted: false,
    });
  });

  it('both accepted: status accepted, startDate set, and the pending trade moves to accepted with empty streams', () => {
    const trade = buildTrade({
      traderTwoAccepted: true,
      streams: 120,
      createdAt: '2026-05-20T10:00:00.000Z',
    });
    const alreadyAccepted = [
      buildTrade({ status: 'accepted', createdAt: '2026-06-10T10:00:00.000Z' }),
      buildTrade({ status: 'accepted', createdAt: '2026-04-10T10:00:00.000Z' }),
    ];
    const accepted = tradeAccepted({
      tradeId: trade.id,
      by: 'user',
      status: null,
      startDate: '2026-06-12',
      endDate: '2026-06-26',
    });

    const lists = reduce(loaded(trade, ...alreadyAccepted), accepted);
    const details = reduceDetails(detailsOf(trade), accepted);

    expect(idsIn(lists, 'pending')).toEqual([]);
    // Into its place by createdAt among the accepted ones.
    expect(idsIn(lists, 'accepted')).toEqual([
      alreadyAccepted[0]!.id,
      trade.id,
      alreadyAccepted[1]!.id,
    ]);
    expect(details.trade).toMatchObject({
      status: 'accepted',
      traderOneAccepted: true,
      traderTwoAccepted: true,
      startDate: '2026-06-12',
      endDate: '2026-06-26',
      streams: null,
    });
    // The row, changed in place, is the row of the changed swap.
    expect(listed(lists, trade.id)).toEqual(listedTradeOf(details.trade));
  });

  it('both accepted with a future start: the server’s status (scheduled) decides the bucket', () => {
    const trade = buildTrade({ traderOneAccepted: true, requestedStartDate: '2026-07-01' });
    const status = {
      status: 'scheduled' as const,
      traderOneAccepted: true,
      traderTwoAccepted: true,
      streams: null,
    };
    const lists = reduce(
      loaded(trade),
      tradeAccepted({
        tradeId: trade.id,
        by: 'trader',
        status,
        startDate: '2026-07-01',
        endDate: '2026-07-15',
      }),
    );
    expect(idsIn(lists, 'scheduled')).toEqual([trade.id]);
    expect(listed(lists, trade.id)).toMatchObject({ status: 'scheduled', startDate: '2026-07-01' });
  });

  it('a change that comes with the whole swap makes its row anew, in its bucket', () => {
    const trade = buildTrade({ traderOneAccepted: true }, { theirs: [theirSong()] });
    const added = buildTradeSong(trade.id, ME, { approved: 1 });
    const answered: Trade = {
      ...trade,
      traderOneAccepted: false,
      userTracks: [{ id: added.id, songId: added.songId, approved: true, playlisted: false }],
      TradeSongs: [added, ...trade.TradeSongs],
    };
    const lists = reduce(
      loaded(trade),
      songAddedToTrade({ tradeSong: added, acceptances: statusOf(answered) }, answered),
    );
    expect(listed(lists, trade.id)).toEqual(listedTradeOf(answered));
    expect(listed(lists, trade.id)).toMatchObject({
      userSongs: 1,
      traderSongs: 1,
      awaitingPlacement: true,
      userAccepted: false,
    });
    // Presented for the other side (the other trader named as the user): mirrored first.
    const again = reduce(
      loaded(trade),
      songAddedToTrade({ tradeSong: added }, asSeenBy(answered, BLAKE)),
    );
    expect(listed(again, trade.id)).toMatchObject({ userSongs: 1, traderSongs: 1 });
    expect(listed(again, trade.id).trader).toEqual(BLAKE);
  });

  it('deleting removes it from its bucket, and the details screen knows it was deleted', () => {
    const trade = buildTrade({ status: 'scheduled' });
    const lists = reduce(loaded(trade, older), tradeDeleted(trade.id));
    expect(idsIn(lists, 'scheduled')).toEqual([]);
    expect(idsIn(lists, 'pending')).toEqual([older.id]);
    expect(reduceDetails(detailsOf(trade), tradeDeleted(trade.id)).deleted).toBe(true);
    expect(reduceDetails(detailsOf(older), tradeDeleted(trade.id)).deleted).toBe(false);
  });

  it('adding a song puts it at the front of its owner’s list and clears both acceptances', () => {
    const trade = buildTrade(
      { traderOneAccepted: true, traderTwoAccepted: true },
      { mine: [mySong()], theirs: [theirSong()] },
    );
    const mine = buildTradeSong(trade.id, ME);
    const theirs = buildTradeSong(trade.id, BLAKE.id, { approved: 1 });
    const addMine = songAddedToTrade({ tradeSong: mine });
    const addTheirs = songAddedToTrade({ tradeSong: theirs });
    const details = reduceDetails(reduceDetails(detailsOf(trade), addMine), addTheirs);

    for (const copy of [details.trade]) {
      expect(copy.userTracks.map((track) => track.id)).toEqual([mine.id, trade.userTracks[0]!.id]);
      expect(copy.userTracks[0]).toEqual({
        id: mine.id,
        songId: mine.songId,
        approved: null,
        playlisted: false,
      });
      expect(copy.traderTracks.map((track) => track.id)).toEqual([
        theirs.id,
        trade.traderTracks[0]!.id,
      ]);
      expect(copy.traderTracks[0]!.approved).toBe(true);
      expect(copy.TradeSongs.slice(0, 2)).toEqual([theirs, mine]);
      expect(copy).toMatchObject({ traderOneAccepted: false, traderTwoAccepted: false });
    }
    // The same song again (an echo) is not added twice.
    expect(reduceDetails(details, addMine).trade.userTracks).toHaveLength(2);
  });

  it('removing a song deletes it from both track lists', () => {
    const trade = buildTrade(
      { traderOneAccepted: true },
      { mine: [mySong()], theirs: [theirSong()] },
    );
    const tradeSongId = trade.traderTracks[0]!.id;
    const copy = reduceDetails(
      detailsOf(trade),
      songRemovedFromTrade({ tradeId: trade.id, tradeSongId }),
    ).trade;
    expect(copy.traderTracks).toEqual([]);
    expect(copy.userTracks).toEqual(trade.userTracks);
    expect(copy.TradeSongs.map((tradeSong) => tradeSong.id)).toEqual([trade.userTracks[0]!.id]);
    expect(copy.traderOneAccepted).toBe(false);
  });

  it('takes the acceptances of the server’s answer when the change carries them', () => {
    const trade = buildTrade({ traderOneAccepted: true }, { mine: [mySong()] });
    const added = buildTradeSong(trade.id, BLAKE.id);
    const acceptances = { traderOneAccepted: false, traderTwoAccepted: true };
    const details = reduceDetails(
      detailsOf(trade),
      songAddedToTrade({ tradeSong: added, acceptances }),
    );
    expect(details.trade).toMatchObject(acceptances);
    const removed = reduceDetails(
      details,
      songRemovedFromTrade({ tradeId: trade.id, tradeSongId: added.id, acceptances }),
    );
    expect(removed.trade).toMatchObject(acceptances);
  });

  it('song accept/reject sets approved to 1 or 2, true/false in the track lists; while pending it clears the acceptances', () => {
    const trade = buildTrade(
      { traderOneAccepted: true, traderTwoAccepted: true },
      { theirs: [theirSong(), theirSong()] },
    );
    const [first, second] = trade.traderTracks;
    let details = reduceDetails(
      detailsOf(trade),
      songApprovalSet({ tradeId: trade.id, tradeSongId: first!.id, approved: 1 }),
    );
    details = reduceDetails(
      details,
      songApprovalSet({ tradeId: trade.id, tradeSongId: second!.id, approved: 2 }),
    );
    const copy = details.trade;
    expect(copy.traderTracks.map((track) => track.approved)).toEqual([true, false]);
    expect(copy.TradeSongs.map((tradeSong) => tradeSong.approved)).toEqual([1, 2]);
    expect(copy).toMatchObject({ traderOneAccepted: false, traderTwoAccepted: false });

    // A running swap keeps its acceptances.
    const running = buildTrade(
      { status: 'accepted', traderOneAccepted: true, traderTwoAccepted: true },
      { theirs: [theirSong()] },
    );
    const approved = reduceDetails(
      detailsOf(running),
      songApprovalSet({
        tradeId: running.id,
        tradeSongId: running.traderTracks[0]!.id,
        approved: 1,
      }),
    );
    expect(approved.trade).toMatchObject({
      traderOneAccepted: true,
      traderTwoAccepted: true,
    });
  });

  it('adding a song to a playlist marks it playlisted; moving and removing update the position', () => {
    const trade = buildTrade({}, { theirs: [theirSong({ approved: 1 })] });
    const tradeSong = trade.TradeSongs[0]!;
    let details = detailsOf(trade);
    const apply = (action: UnknownAction) => {
      details = reduceDetails(details, action);
    };

    const placed = {
      ...tradeSong,
      PlaylistSongs: [buildPlacement({ PlaylistPosition: { position: 2 } })],
    };
    apply(songPlaylisted(placed));
    expect(details.trade.traderTracks[0]!.playlisted).toBe(true);
    expect(details.trade.TradeSongs[0]!.PlaylistSongs[0]!.PlaylistPosition.position).toBe(2);

    const moved = {
      ...placed,
      PlaylistSongs: [buildPlacement({ PlaylistPosition: { position: 7 } })],
    };
    apply(songPositionUpdated(moved));
    expect(details.trade.TradeSongs[0]!.PlaylistSongs[0]!.PlaylistPosition.position).toBe(7);
    expect(details.trade.traderTracks[0]!.playlisted).toBe(true);

    apply(songRemovedFromPlaylist({ ...placed, PlaylistSongs: [] }));
    expect(details.trade.traderTracks[0]!.playlisted).toBe(false);
    expect(details.trade.TradeSongs[0]!.PlaylistSongs).toEqual([]);
  });

  it('trade update merges status fields, the period and per-song streams and keep', () => {
    const trade = buildTrade({ status: 'accepted', startDate: '2026-06-01' }, { mine: [mySong()] });
    const changed: Trade = {
      ...trade,
      status: 'completed',
      streams: 5400,
      endDate: '2026-06-15',
      periodDays: 14,
      TradeSongs: [{ ...trade.TradeSongs[0]!, streams: 5400, keep: true }],
    };
    const update = tradeUpdated({ trade: changed, status: statusOf(changed) });
    const lists = reduce(loaded(trade), update);
    expect(idsIn(lists, 'accepted')).toEqual([]);
    expect(idsIn(lists, 'completed')).toEqual([trade.id]);
    expect(listed(lists, trade.id)).toMatchObject({
      status: 'completed',
      streams: 5400,
      endDate: '2026-06-15',
    });
    // The details screen's copy takes what reads the same from both sides.
    const copy = reduceDetails(
      detailsOf(trade),
      tradeUpdated({
        trade: { ...changed, userId: 'someone-else' },
        status: statusOf(changed),
      }),
    ).trade;
    expect(copy).toMatchObject({ status: 'completed', streams: 5400, userId: ME });
    expect(copy.TradeSongs[0]).toMatchObject({ streams: 5400, keep: true });
  });

  it('a swap whose new bucket another trades/all call holds leaves this one and joins that one', () => {
    const trade = buildTrade({ status: 'accepted', startDate: '2026-06-01' });
    const earlier = buildTrade({ status: 'completed', createdAt: '2026-01-01T10:00:00.000Z' });
    const completed = { ...trade, status: 'completed' as const, endDate: '2026-06-15' };
    const update = tradeUpdated({ trade: completed, status: statusOf(completed) });

    const open = reduce(listsOf(OPEN, trade), update);
    const history = reduce(listsOf(['completed'], earlier), update);

    expect(OPEN.flatMap((status) => idsIn(open, status))).toEqual([]);
    expect(idsIn(history, 'completed')).toEqual([trade.id, earlier.id]);
    expect(listed(history, trade.id)).toMatchObject({ status: 'completed', endDate: '2026-06-15' });
  });

  it('trades/trade answering replaces the listed copy; a swap not listed joins its loaded bucket', () => {
    const trade = buildTrade();
    const fresh = { ...trade, periodDays: 28 };
    expect(listed(reduce(loaded(trade), tradeRefreshed(fresh)), trade.id).periodDays).toBe(28);
    expect(idsIn(reduce(loaded(older), tradeRefreshed(fresh)), 'pending')).toEqual([
      trade.id,
      older.id,
    ]);
    // The details screen's own answer stands.
    const details = detailsOf(trade);
    expect(reduceDetails(details, tradeRefreshed(fresh))).toBe(details);
  });
});

describe('onlytome: the other trader’s changes through the same transitions', () => {
  const meAsTrader = { id: ME, name: 'Ada Lovelace', userProfilePicture: null };
  const push = <Type extends OnlyToMeType>(
    type: Type,
    request: OnlyToMePayloads[Type]['request'],
    response: OnlyToMePayloads[Type]['response'],
  ) => ({ type, request, response }) as OnlyToMe;
  /** A push applied as a trades/all entry's listener applies it. */
  const applyPush = (lists: TradeLists, payload: OnlyToMe) =>
    reduce(lists, tradeTransitionFor(payload)!);

  it('an OpenTrade presented for its sender is mirrored: userId/traderId and the track lists swap', () => {
    // The swap as ME will see it, and as Blake's open call answered it.
    const mine = buildTrade(
      {},
      { mine: [mySong()], theirs: [theirSong(), theirSong()], meFirst: false },
    );
    const sent = asSeenBy(mine, meAsTrader);
    expect(sent.userId).toBe(BLAKE.id);

    const lists = applyPush(
      loaded(older),
      push('OpenTrade', { traderId: ME, periodDays: 14, songIds: [] }, { trade: sent }),
    );
    const opened = lists.pending![0]!;
    expect(idsIn(lists, 'pending')).toEqual([mine.id, older.id]);
    expect(opened).toMatchObject({ userSongs: 1, traderSongs: 2 });
    // The sender's answer names ME as the other side; the sender is known by id until read.
    expect(opened.trader).toEqual({ id: BLAKE.id, name: '', userProfilePicture: null });
  });

  it('an OpenTrade the server already presented for ME is taken as it is', () => {
    const mine = buildTrade({}, { mine: [mySong()] });
    const lists = applyPush(
      loaded(),
      push('OpenTrade', { traderId: ME, periodDays: 14, songIds: [] }, { trade: mine }),
    );
    expect(lists.pending).toEqual([listedTradeOf(mine)]);
  });

  it('AcceptTrade: the other side accepted; with both, the swap moves to accepted', () => {
    const trade = buildTrade({ traderOneAccepted: true });
    const theirView = asSeenBy(
      { ...trade, traderTwoAccepted: true, status: 'accepted', startDate: '2026-06-20' },
      meAsTrader,
    );
    const accepted = push(
      'AcceptTrade',
      { tradeId: trade.id },
      { trade: theirView, status: statusOf(theirView) },
    );
    const lists = applyPush(loaded(trade), accepted);
    expect(idsIn(lists, 'accepted')).toEqual([trade.id]);
    expect(reduceDetails(detailsOf(trade), tradeTransitionFor(accepted)!).trade).toMatchObject({
      status: 'accepted',
      traderOneAccepted: true,
      traderTwoAccepted: true,
      startDate: '2026-06-20',
      userId: ME,
    });
  });

  it('AddSongToTrade from the other side lands in the list of the song’s owner', () => {
    const trade = buildTrade();
    const requested = buildTradeSong(trade.id, ME);
    const withSong: Trade = {
      ...trade,
      userTracks: [
        { id: requested.id, songId: requested.songId, approved: null, playlisted: false },
      ],
      TradeSongs: [requested],
    };
    const added = push(
      'AddSongToTrade',
      { tradeId: trade.id, songId: requested.songId },
      { trade: asSeenBy(withSong, meAsTrader), tradeSong: requested },
    );
    const lists = applyPush(loaded(trade), added);
    expect(listed(lists, trade.id)).toMatchObject({ userSongs: 1, traderSongs: 0 });
    const details = reduceDetails(detailsOf(trade), tradeTransitionFor(added)!);
    expect(details.trade.userTracks.map((track) => track.id)).toEqual([requested.id]);
    expect(details.trade.traderTracks).toEqual([]);
  });

  it('AcceptOrRejectSong, AddSongToPlaylist, UpdatePlaylistPosition, RemoveTradeSongFromPlaylistPosition, RemoveSongFromTrade, DeleteTrade', () => {
    const trade = buildTrade({}, { mine: [mySong(), mySong()] });
    const [first, second] = trade.TradeSongs;
    let lists = loaded(trade);
    let details = detailsOf(trade);
    const both = (payload: OnlyToMe) => {
      details = reduceDetails(details, tradeTransitionFor(payload)!);
      return applyPush(lists, payload);
    };

    lists = both(
      push(
        'AcceptOrRejectSong',
        { tradeId: trade.id, tradeSongId: first!.id, approved: 1 },
        {
          trade: asSeenBy(trade, meAsTrader),
          tradeSong: { ...first!, approved: 1 },
        },
      ),
    );
    expect(details.trade.userTracks[0]!.approved).toBe(true);

    const placed = { ...first!, approved: 1 as const, PlaylistSongs: [buildPlacement()] };
    const onSong = { tradeId: trade.id, tradeSongId: first!.id };
    const theirView = asSeenBy(trade, meAsTrader);
    lists = both(
      push(
        'AddSongToPlaylist',
        { ...onSong, playlistId: 'p1', position: 3 },
        { trade: theirView, tradeSong: placed },
      ),
    );
    expect(details.trade.userTracks[0]!.playlisted).toBe(true);

    const moved = {
      ...placed,
      PlaylistSongs: [buildPlacement({ PlaylistPosition: { position: 0 } })],
    };
    lists = both(
      push(
        'UpdatePlaylistPosition',
        { ...onSong, position: 0 },
        { trade: theirView, tradeSong: moved },
      ),
    );
    expect(details.trade.TradeSongs[0]!.PlaylistSongs[0]!.PlaylistPosition.position).toBe(0);

    lists = both(
      push('RemoveTradeSongFromPlaylistPosition', onSong, {
        trade: theirView,
        tradeSong: { ...moved, PlaylistSongs: [] },
      }),
    );
    expect(details.trade.userTracks[0]!.playlisted).toBe(false);

    lists = both(
      push(
        'RemoveSongFromTrade',
        { tradeId: trade.id, tradeSongId: second!.id },
        { trade: theirView },
      ),
    );
    expect(details.trade.userTracks.map((track) => track.id)).toEqual([first!.id]);

    lists = both(
      push(
        'DeleteTrade',
        { tradeId: trade.id },
        { success: true, tradeId: trade.id, reason: null },
      ),
    );
    expect(idsIn(lists, 'pending')).toEqual([]);
  });

  it('UpdateTrade merges the status fields', () => {
    const trade = buildTrade({
      status: 'scheduled',
      traderOneAccepted: true,
      traderTwoAccepted: true,
    });
    const started = { ...trade, status: 'accepted' as const, startDate: '2026-07-01' };
    const lists = applyPush(
      loaded(trade),
      push(
        'UpdateTrade',
        { tradeId: trade.id },
        { trade: asSeenBy(started, meAsTrader), status: statusOf(started) },
      ),
    );
    expect(idsIn(lists, 'accepted')).toEqual([trade.id]);
    expect(listed(lists, trade.id)).toMatchObject({ startDate: '2026-07-01', trader: BLAKE });
  });

  it('has no transition for the messenger’s type', () => {
    const conversation = {
      id: 'c1',
      userOneId: ME,
      userTwoId: BLAKE.id,
      unreadMessagesCount: 1,
      lastMessageContent: 'Hi',
      lastMessageAt: '2026-06-01T10:00:00.000Z',
      lastMessageSenderId: BLAKE.id,
      otherUser: BLAKE,
    };
    const message = {
      id: 'm1',
      type: 'user' as const,
      content: 'Hi',
      userId: BLAKE.id,
      createdAt: '2026-06-01T10:00:00.000Z',
      read: false,
      conversationId: 'c1',
    };
    expect(
      tradeTransitionFor(
        push(
          'SendMessage',
          { conversationId: 'c1', content: 'Hi' },
          { message, conversation, conversationsWithUnreadCount: 1 },
        ),
      ),
    ).toBeNull();
  });
});
