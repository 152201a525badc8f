import { describe, expect, it } from 'vitest';
import type { OnlyToMe } from '../../../../common/realtime/events.js';
import { realtimeReconnected } from '../../shared/realtime/realtimeSlice';
import {
  asSeenBy,
  BLAKE,
  buildPlacement,
  buildTrade,
  ME,
  mySong,
  statusOf,
  theirSong,
} from './tradeFixtures';
import {
  applyOnlyToMe,
  currentTradeLoaded,
  showCompletedTradesChanged,
  songAddedToTrade,
  songApprovalSet,
  songPlaylisted,
  songPositionUpdated,
  songRemovedFromPlaylist,
  songRemovedFromTrade,
  tradeAccepted,
  tradeDeleted,
  tradeFiltersChanged,
  tradeFiltersCleared,
  tradeOpened,
  tradeRefreshed,
  tradesReceived,
  tradesRequested,
  tradesRequestFailed,
  tradeUpdated,
} from './tradeTransitions';
import {
  initialTradesState,
  tradeSelected,
  tradeSelectionCleared,
  tradesReducer as reduce,
  type TradesState,
} from './tradesSlice';
import { buildTradeSong } from './tradeFixtures';
import type { Trade, TradeStatus } from './tradeTypes';

const ALL: TradeStatus[] = ['pending', 'scheduled', 'accepted', 'completed'];

/** The state after trades/all answered these trades (every bucket loaded). */
function loaded(...trades: Trade[]): TradesState {
  const byStatus = Object.fromEntries(
    ALL.map((status) => [status, trades.filter((trade) => trade.status === status)]),
  );
  return reduce(
    reduce(initialTradesState, tradesRequested(ALL)),
    tradesReceived({ statuses: ALL, trades: byStatus }),
  );
}

const idsIn = (state: TradesState, status: TradeStatus) =>
  state.buckets[status].list.map((trade) => trade.id);
const listed = (state: TradesState, tradeId: string) =>
  ALL.flatMap((status) => state.buckets[status].list).find((trade) => trade.id === tradeId)!;

const older = buildTrade({ createdAt: '2026-05-01T10:00:00.000Z' });
const newer = buildTrade({ createdAt: '2026-06-01T10:00:00.000Z' });

describe('trade lists: NotLoaded → Loading → Loaded (spec section 4)', () => {
  it('starts with four buckets not loaded, no filters, completed hidden, no current trade', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual({
      buckets: {
        pending: { loading: 'NotLoaded', list: [] },
        scheduled: { loading: 'NotLoaded', list: [] },
        accepted: { loading: 'NotLoaded', list: [] },
        completed: { loading: 'NotLoaded', list: [] },
      },
      filters: { tracks: [], traders: [], performance: 'all' },
      showCompletedTrades: false,
      currentTrade: null,
      selectedTradeId: null,
      deletedTradeIds: [],
    });
  });

  it('a new fetch clears the listed buckets and leaves the others', () => {
    const accepted = buildTrade({ status: 'accepted' });
    const state = reduce(loaded(older, accepted), tradesRequested(['pending', 'scheduled']));
    expect(state.buckets.pending).toEqual({ loading: 'Loading', list: [] });
    expect(state.buckets.scheduled).toEqual({ loading: 'Loading', list: [] });
    expect(state.buckets.accepted).toEqual({ loading: 'Loaded', list: [accepted] });
  });

  it('the answer loads the asked buckets newest first by createdAt', () => {
    const middle = buildTrade({ createdAt: '2026-05-15T10:00:00.000Z' });
    const asked = reduce(initialTradesState, tradesRequested(['pending', 'completed']));
    const state = reduce(
      asked,
      tradesReceived({
        statuses: ['pending', 'completed'],
        trades: { pending: [older, newer, middle] },
      }),
    );
    expect(state.buckets.pending.loading).toBe('Loaded');
    expect(idsIn(state, 'pending')).toEqual([newer.id, middle.id, older.id]);
    // Asked for and absent from the answer: loaded and empty.
    expect(state.buckets.completed).toEqual({ loading: 'Loaded', list: [] });
    expect(state.buckets.scheduled.loading).toBe('NotLoaded');
  });

  it('a failed fetch lets the buckets be asked for again', () => {
    const asked = reduce(loaded(older), tradesRequested(['pending']));
    const state = reduce(asked, tradesRequestFailed(['pending', 'accepted']));
    expect(state.buckets.pending).toEqual({ loading: 'NotLoaded', list: [] });
    // accepted was not being loaded: it stays as it was.
    expect(state.buckets.accepted.loading).toBe('Loaded');
  });

  it('a reconnect marks loaded buckets to be asked for again', () => {
    const state = reduce(
      reduce(initialTradesState, tradesReceived({ statuses: ['pending'], trades: {} })),
      realtimeReconnected(),
    );
    expect(state.buckets.pending.loading).toBe('NotLoaded');
    expect(state.buckets.completed.loading).toBe('NotLoaded');
  });
});

describe('trade transitions (spec section 4)', () => {
  it('opening a trade adds it to the top of its status bucket, once', () => {
    const opened = buildTrade({ createdAt: '2026-01-01T00:00:00.000Z' });
    const state = reduce(loaded(older, newer), tradeOpened(opened));
    expect(idsIn(state, 'pending')).toEqual([opened.id, newer.id, older.id]);
    expect(idsIn(reduce(state, tradeOpened(opened)), 'pending')).toEqual([
      opened.id,
      newer.id,
      older.id,
    ]);
    const scheduled = buildTrade({ status: 'scheduled' });
    expect(idsIn(reduce(state, tradeOpened(scheduled)), 'scheduled')).toEqual([scheduled.id]);
  });

  it('accepting marks the current user’s side accepted, and nothing else while the other has not', () => {
    const asTraderOne = buildTrade();
    const asTraderTwo = buildTrade({}, { meFirst: false });
    let state = loaded(asTraderOne, asTraderTwo);
    for (const trade of [asTraderOne, asTraderTwo]) {
      state = reduce(
        state,
        tradeAccepted({
          tradeId: trade.id,
          by: 'user',
          status: null,
          startDate: null,
          endDate: null,
        }),
      );
    }
    expect(listed(state, asTraderOne.id)).toMatchObject({
      status: 'pending',
      traderOneAccepted: true,
      traderTwoAccepted: false,
    });
    expect(listed(state, asTraderTwo.id)).toMatchObject({
      status: 'pending',
      traderOneAccepted: false,
      traderTwoAccepted: true,
    });
    expect(idsIn(state, 'pending')).toHaveLength(2);
  });

  it('the other trader accepting marks their side', () => {
    const trade = buildTrade({}, { meFirst: false });
    const state = reduce(
      loaded(trade),
      tradeAccepted({
        tradeId: trade.id,
        by: 'trader',
        status: null,
        startDate: null,
        endDate: null,
      }),
    );
    expect(listed(state, trade.id)).toMatchObject({
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
    const current = reduce(loaded(trade, ...alreadyAccepted), currentTradeLoaded(trade));

    const state = reduce(
      current,
      tradeAccepted({
        tradeId: trade.id,
        by: 'user',
        status: null,
        startDate: '2026-06-12',
        endDate: '2026-06-26',
      }),
    );

    expect(idsIn(state, 'pending')).toEqual([]);
    // Into its place by createdAt among the accepted ones.
    expect(idsIn(state, 'accepted')).toEqual([
      alreadyAccepted[0]!.id,
      trade.id,
      alreadyAccepted[1]!.id,
    ]);
    const moved = listed(state, trade.id);
    expect(moved).toMatchObject({
      status: 'accepted',
      traderOneAccepted: true,
      traderTwoAccepted: true,
      startDate: '2026-06-12',
      endDate: '2026-06-26',
      streams: null,
    });
    expect(state.currentTrade).toEqual(moved);
  });

  it('both accepted with a future start: the server’s status (scheduled) decides the bucket', () => {
    const trade = buildTrade({ traderOneAccepted: true, requestedStartDate: '2026-07-01' });
    const status = {
      status: 'scheduled' as const,
      traderOneAccepted: true,
      traderTwoAccepted: true,
      streams: null,
    };
    const state = reduce(
      loaded(trade),
      tradeAccepted({
        tradeId: trade.id,
        by: 'trader',
        status,
        startDate: '2026-07-01',
        endDate: '2026-07-15',
      }),
    );
    expect(idsIn(state, 'scheduled')).toEqual([trade.id]);
    expect(listed(state, trade.id)).toMatchObject({ status: 'scheduled', startDate: '2026-07-01' });
  });

  it('deleting removes it from its bucket, the details and the selection', () => {
    const trade = buildTrade({ status: 'scheduled' });
    let state = reduce(loaded(trade, older), currentTradeLoaded(trade));
    state = reduce(state, tradeSelected(trade.id));
    state = reduce(state, tradeDeleted(trade.id));
    expect(idsIn(state, 'scheduled')).toEqual([]);
    expect(idsIn(state, 'pending')).toEqual([older.id]);
    expect(state.currentTrade).toBeNull();
    expect(state.selectedTradeId).toBeNull();
    expect(state.deletedTradeIds).toEqual([trade.id]);
  });

  it('adding a song puts it at the front of its owner’s list and clears both acceptances', () => {
    const trade = buildTrade(
      { traderOneAccepted: true, traderTwoAccepted: true },
      { mine: [mySong()], theirs: [theirSong()] },
    );
    let state = reduce(loaded(trade), currentTradeLoaded(trade));
    const mine = buildTradeSong(trade.id, ME);
    const theirs = buildTradeSong(trade.id, BLAKE.id, { approved: 1 });
    state = reduce(
      reduce(state, songAddedToTrade({ tradeSong: mine })),
      songAddedToTrade({ tradeSong: theirs }),
    );

    for (const copy of [listed(state, trade.id), state.currentTrade!]) {
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
    expect(
      listed(reduce(state, songAddedToTrade({ tradeSong: mine })), trade.id).userTracks,
    ).toHaveLength(2);
  });

  it('removing a song deletes it from both track lists', () => {
    const trade = buildTrade(
      { traderOneAccepted: true },
      { mine: [mySong()], theirs: [theirSong()] },
    );
    const tradeSongId = trade.traderTracks[0]!.id;
    const state = reduce(loaded(trade), songRemovedFromTrade({ tradeId: trade.id, tradeSongId }));
    const copy = listed(state, trade.id);
    expect(copy.traderTracks).toEqual([]);
    expect(copy.userTracks).toEqual(trade.userTracks);
    expect(copy.TradeSongs.map((tradeSong) => tradeSong.id)).toEqual([trade.userTracks[0]!.id]);
    expect(copy.traderOneAccepted).toBe(false);
  });

  it('takes the acceptances of the server’s answer when the change carries them', () => {
    const trade = buildTrade({ traderOneAccepted: true }, { mine: [mySong()] });
    const added = buildTradeSong(trade.id, BLAKE.id);
    const acceptances = { traderOneAccepted: false, traderTwoAccepted: true };
    const state = reduce(loaded(trade), songAddedToTrade({ tradeSong: added, acceptances }));
    expect(listed(state, trade.id)).toMatchObject(acceptances);
    const removed = reduce(
      state,
      songRemovedFromTrade({ tradeId: trade.id, tradeSongId: added.id, acceptances }),
    );
    expect(listed(removed, trade.id)).toMatchObject(acceptances);
  });

  it('song accept/reject sets approved to 1 or 2, true/false in the track lists; while pending it clears the acceptances', () => {
    const trade = buildTrade(
      { traderOneAccepted: true, traderTwoAccepted: true },
      { theirs: [theirSong(), theirSong()] },
    );
    const [first, second] = trade.traderTracks;
    let state = reduce(
      loaded(trade),
      songApprovalSet({ tradeId: trade.id, tradeSongId: first!.id, approved: 1 }),
    );
    state = reduce(
      state,
      songApprovalSet({ tradeId: trade.id, tradeSongId: second!.id, approved: 2 }),
    );
    const copy = listed(state, trade.id);
    expect(copy.traderTracks.map((track) => track.approved)).toEqual([true, false]);
    expect(copy.TradeSongs.map((tradeSong) => tradeSong.approved)).toEqual([1, 2]);
    expect(copy).toMatchObject({ traderOneAccepted: false, traderTwoAccepted: false });

    // A running swap keeps its acceptances.
    const running = buildTrade(
      { status: 'accepted', traderOneAccepted: true, traderTwoAccepted: true },
      { theirs: [theirSong()] },
    );
    const approved = reduce(
      loaded(running),
      songApprovalSet({
        tradeId: running.id,
        tradeSongId: running.traderTracks[0]!.id,
        approved: 1,
      }),
    );
    expect(listed(approved, running.id)).toMatchObject({
      traderOneAccepted: true,
      traderTwoAccepted: true,
    });
  });

  it('adding a song to a playlist marks it playlisted; moving and removing update the position', () => {
    const trade = buildTrade({}, { theirs: [theirSong({ approved: 1 })] });
    const tradeSong = trade.TradeSongs[0]!;
    let state = reduce(loaded(trade), currentTradeLoaded(trade));

    const placed = {
      ...tradeSong,
      PlaylistSongs: [buildPlacement({ PlaylistPosition: { position: 2 } })],
    };
    state = reduce(state, songPlaylisted(placed));
    expect(listed(state, trade.id).traderTracks[0]!.playlisted).toBe(true);
    expect(state.currentTrade!.TradeSongs[0]!.PlaylistSongs[0]!.PlaylistPosition.position).toBe(2);

    const moved = {
      ...placed,
      PlaylistSongs: [buildPlacement({ PlaylistPosition: { position: 7 } })],
    };
    state = reduce(state, songPositionUpdated(moved));
    expect(listed(state, trade.id).TradeSongs[0]!.PlaylistSongs[0]!.PlaylistPosition.position).toBe(
      7,
    );
    expect(listed(state, trade.id).traderTracks[0]!.playlisted).toBe(true);

    state = reduce(state, songRemovedFromPlaylist({ ...placed, PlaylistSongs: [] }));
    expect(listed(state, trade.id).traderTracks[0]!.playlisted).toBe(false);
    expect(state.currentTrade!.TradeSongs[0]!.PlaylistSongs).toEqual([]);
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
      // Whatever else the answer says is not taken over.
      userId: 'someone-else',
    };
    const state = reduce(
      loaded(trade),
      tradeUpdated({ trade: changed, status: statusOf(changed) }),
    );
    expect(idsIn(state, 'accepted')).toEqual([]);
    expect(idsIn(state, 'completed')).toEqual([trade.id]);
    const copy = listed(state, trade.id);
    expect(copy).toMatchObject({
      status: 'completed',
      streams: 5400,
      endDate: '2026-06-15',
      userId: ME,
    });
    expect(copy.TradeSongs[0]).toMatchObject({ streams: 5400, keep: true });
  });

  it('trades/trade answering replaces the listed copy', () => {
    const trade = buildTrade();
    const fresh = { ...trade, periodDays: 28 };
    expect(listed(reduce(loaded(trade), tradeRefreshed(fresh)), trade.id).periodDays).toBe(28);
  });

  it('keeps the filters, the completed toggle and the saved selection', () => {
    let state = reduce(initialTradesState, tradeFiltersChanged({ traders: [BLAKE.id] }));
    state = reduce(state, tradeFiltersChanged({ performance: 'withStreams' }));
    expect(state.filters).toEqual({ tracks: [], traders: [BLAKE.id], performance: 'withStreams' });
    expect(reduce(state, tradeFiltersCleared()).filters).toEqual(initialTradesState.filters);
    expect(reduce(state, showCompletedTradesChanged(true)).showCompletedTrades).toBe(true);
    state = reduce(state, tradeSelected('t-1'));
    expect(state.selectedTradeId).toBe('t-1');
    expect(reduce(state, tradeSelectionCleared()).selectedTradeId).toBeNull();
  });
});

describe('onlytome: the other trader’s changes through the same transitions', () => {
  const meAsTrader = { id: ME, name: 'Ada Lovelace', userProfilePicture: null };
  const push = (type: OnlyToMe['type'], request: unknown, response: unknown): OnlyToMe => ({
    type,
    request,
    response,
  });

  it('an OpenTrade presented for its sender is mirrored: userId/traderId and the track lists swap', () => {
    // The swap as ME will see it, and as Blake's open call answered it.
    const mine = buildTrade(
      {},
      { mine: [mySong()], theirs: [theirSong(), theirSong()], meFirst: false },
    );
    const sent = asSeenBy(mine, meAsTrader);
    expect(sent.userId).toBe(BLAKE.id);

    const state = applyOnlyToMe(
      loaded(older),
      push('OpenTrade', { traderId: ME, periodDays: 14, songIds: [] }, { trade: sent }),
    );
    const opened = state.buckets.pending.list[0]!;
    expect(idsIn(state, 'pending')).toEqual([mine.id, older.id]);
    expect(opened).toMatchObject({ userId: ME, traderId: BLAKE.id });
    expect(opened.userTracks).toEqual(mine.userTracks);
    expect(opened.traderTracks).toEqual(mine.traderTracks);
    expect(opened.traderTracks).toHaveLength(2);
    // The sender's answer names ME as the other side; the sender is known by id until read.
    expect(opened.trader).toEqual({ id: BLAKE.id, name: '', userProfilePicture: null });
  });

  it('an OpenTrade the server already presented for ME is taken as it is', () => {
    const mine = buildTrade({}, { mine: [mySong()] });
    const state = applyOnlyToMe(
      loaded(),
      push('OpenTrade', { traderId: ME, periodDays: 14 }, { trade: mine }),
    );
    expect(state.buckets.pending.list).toEqual([mine]);
  });

  it('AcceptTrade: the other side accepted; with both, the swap moves to accepted', () => {
    const trade = buildTrade({ traderOneAccepted: true });
    const theirView = asSeenBy(
      { ...trade, traderTwoAccepted: true, status: 'accepted', startDate: '2026-06-20' },
      meAsTrader,
    );
    const state = applyOnlyToMe(
      reduce(loaded(trade), currentTradeLoaded(trade)),
      push('AcceptTrade', { tradeId: trade.id }, { trade: theirView, status: statusOf(theirView) }),
    );
    expect(idsIn(state, 'accepted')).toEqual([trade.id]);
    expect(state.currentTrade).toMatchObject({
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
    const state = applyOnlyToMe(
      loaded(trade),
      push(
        'AddSongToTrade',
        { tradeId: trade.id, songId: requested.songId },
        {
          trade: asSeenBy(trade, meAsTrader),
          tradeSong: requested,
        },
      ),
    );
    expect(listed(state, trade.id).userTracks.map((track) => track.id)).toEqual([requested.id]);
    expect(listed(state, trade.id).traderTracks).toEqual([]);
  });

  it('AcceptOrRejectSong, AddSongToPlaylist, UpdatePlaylistPosition, RemoveTradeSongFromPlaylistPosition, RemoveSongFromTrade, DeleteTrade', () => {
    const trade = buildTrade({}, { mine: [mySong(), mySong()] });
    const [first, second] = trade.TradeSongs;
    let state = loaded(trade);

    state = applyOnlyToMe(
      state,
      push(
        'AcceptOrRejectSong',
        { tradeId: trade.id, tradeSongId: first!.id, approved: 1 },
        {
          trade: asSeenBy(trade, meAsTrader),
          tradeSong: { ...first!, approved: 1 },
        },
      ),
    );
    expect(listed(state, trade.id).userTracks[0]!.approved).toBe(true);

    const placed = { ...first!, approved: 1 as const, PlaylistSongs: [buildPlacement()] };
    state = applyOnlyToMe(state, push('AddSongToPlaylist', {}, { tradeSong: placed }));
    expect(listed(state, trade.id).userTracks[0]!.playlisted).toBe(true);

    const moved = {
      ...placed,
      PlaylistSongs: [buildPlacement({ PlaylistPosition: { position: 0 } })],
    };
    state = applyOnlyToMe(state, push('UpdatePlaylistPosition', {}, { tradeSong: moved }));
    expect(listed(state, trade.id).TradeSongs[0]!.PlaylistSongs[0]!.PlaylistPosition.position).toBe(
      0,
    );

    state = applyOnlyToMe(
      state,
      push(
        'RemoveTradeSongFromPlaylistPosition',
        {},
        { tradeSong: { ...moved, PlaylistSongs: [] } },
      ),
    );
    expect(listed(state, trade.id).userTracks[0]!.playlisted).toBe(false);

    state = applyOnlyToMe(
      state,
      push('RemoveSongFromTrade', { tradeId: trade.id, tradeSongId: second!.id }, { trade: {} }),
    );
    expect(listed(state, trade.id).userTracks.map((track) => track.id)).toEqual([first!.id]);

    state = applyOnlyToMe(
      state,
      push('DeleteTrade', { tradeId: trade.id }, { success: true, tradeId: trade.id }),
    );
    expect(idsIn(state, 'pending')).toEqual([]);
  });

  it('UpdateTrade merges the status fields', () => {
    const trade = buildTrade({
      status: 'scheduled',
      traderOneAccepted: true,
      traderTwoAccepted: true,
    });
    const started = { ...trade, status: 'accepted' as const, startDate: '2026-07-01' };
    const state = applyOnlyToMe(
      loaded(trade),
      push(
        'UpdateTrade',
        { tradeId: trade.id },
        { trade: asSeenBy(started, meAsTrader), status: statusOf(started) },
      ),
    );
    expect(idsIn(state, 'accepted')).toEqual([trade.id]);
    expect(listed(state, trade.id)).toMatchObject({ startDate: '2026-07-01', userId: ME });
  });

  it('leaves the state alone for other types and for payloads without what they need', () => {
    const state = loaded(older);
    expect(applyOnlyToMe(state, push('SendMessage', {}, {}))).toBe(state);
    expect(applyOnlyToMe(state, push('OpenTrade', {}, { trade: { id: 'x' } }))).toBe(state);
    expect(
      applyOnlyToMe(
        state,
        push('AcceptOrRejectSong', { tradeId: 'x', tradeSongId: 'y', approved: 0 }, {}),
      ),
    ).toBe(state);
  });
});
