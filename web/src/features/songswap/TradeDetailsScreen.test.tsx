import { act, screen, waitFor, within } from '@testing-library/react';
import { CLOSE_REASON_MAX } from '../../../../common/api/trades/limits.js';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AppStore } from '../../app/store';
import { onlytomeReceived } from '../../shared/realtime/realtimeSlice';
import { signedInAuthState } from '../../test/fixtures';
import { buildPlaylist, planLimitError } from '../../test/playlistFixtures';
import { renderScreen } from '../../test/renderScreen';
import { stubApi, type StubRoutes } from '../../test/stubApi';
import { buildSong } from '../catalog/catalogFixtures';
import {
  asSeenBy,
  BLAKE,
  buildCheck,
  buildPlacement,
  buildTrade,
  ME,
  mySong,
  statusOf,
  theirSong,
} from './tradeFixtures';
import { TradeDetailsScreen } from './TradeDetailsScreen';
import { tradesApi } from './tradesApi';
import type { Trade, TradeSong } from './tradeTypes';

const meAsTrader = { id: ME, name: 'Ada Lovelace', userProfilePicture: null };
const lateNight = buildPlaylist('PlaylistLateNight000001', { name: 'Late Night Drive' });
const gym = buildPlaylist('PlaylistGymTempo0000002', { name: 'Gym Tempo' });

const harbour = buildSong({ title: 'Harbour Lights', artists: ['Blake Rivera'] });
const midnight = buildSong({ title: 'Midnight Avenue', artists: ['Ada Lovelace'] });

/** A pending swap with Blake: one song of theirs (ME places it), one of mine. */
function pendingTrade(overrides: Partial<Trade> = {}) {
  return buildTrade(
    {
      createdAt: '2026-06-03T10:00:00.000Z',
      periodDays: 28,
      requestedStartDate: '2026-07-01',
      conversationId: 'c0nvers4-0000-4000-8000-000000000001',
      ...overrides,
    },
    { theirs: [theirSong({ Song: harbour })], mine: [mySong({ Song: midnight })] },
  );
}

function renderDetails(trade: Trade, routes: StubRoutes = {}) {
  const api = stubApi({
    'trades/tradeinfo': { body: { trade } },
    'playlists/all': {
      body: {
        playlists: [lateNight, gym],
        limits: { playlists: 40, locksPerPlaylist: 999, managed: 2 },
      },
    },
    ...routes,
  });
  const view = renderScreen(<TradeDetailsScreen />, {
    path: `/songswap/${trade.id}`,
    pattern: '/songswap/:tradeId',
    state: signedInAuthState(),
    strict: true,
  });
  return { api, ...view, input: userEvent.setup() };
}

/** The swap the details screen holds (the current trade): its cache entry. */
const currentTrade = (store: AppStore, tradeId: string) =>
  tradesApi.endpoints.tradeInfo.select({ tradeId })(store.getState()).data?.trade;

const songCard = (title: string) => screen.getByRole('listitem', { name: title });
const theirSongOf = (trade: Trade) => trade.TradeSongs.find((song) => song.ownerId === BLAKE.id)!;
const mySongOf = (trade: Trade) => trade.TradeSongs.find((song) => song.ownerId === ME)!;

describe('Trade details', () => {
  it('shows both sides’ songs, the period and dates, each side’s acceptance and the conversation link', async () => {
    const trade = pendingTrade({ traderTwoAccepted: true });
    const { api, store } = renderDetails(trade);
    expect(
      await screen.findByRole('heading', { name: 'Song swap with Blake Rivera' }),
    ).toBeInTheDocument();
    expect(api.callsTo('trades/tradeinfo')[0]!.body).toEqual({ tradeId: trade.id });
    expect(store.getState().tradesUi.selectedTradeId).toBe(trade.id);

    const summary = screen.getByRole('region', { name: 'Swap summary' });
    expect(summary).toHaveTextContent('Period28 days');
    expect(summary).toHaveTextContent('Start dateJuly 01, 2026asked for');
    expect(summary).toHaveTextContent('OpenedJune 03, 2026');
    expect(summary).toHaveTextContent('Your acceptanceNot yet');
    expect(summary).toHaveTextContent(/Blake Rivera’s acceptance(BR)?Accepted/);

    const placing = screen.getByRole('region', { name: 'Songs you place' });
    const theirs = within(placing).getByRole('listitem', { name: 'Harbour Lights' });
    expect(theirs).toHaveTextContent('Waiting for your approval');
    expect(within(theirs).getByRole('presentation')).toHaveAttribute('src', harbour.artworkUrl);
    const mine = within(screen.getByRole('region', { name: 'Your songs' })).getByRole('listitem', {
      name: 'Midnight Avenue',
    });
    expect(mine).toHaveTextContent('Waiting for Blake Rivera to approve');
    expect(mine).toHaveTextContent('Blake Rivera has not placed it yet.');

    expect(screen.getByRole('link', { name: 'Message Blake Rivera' })).toHaveAttribute(
      'href',
      `/messenger/${trade.conversationId}`,
    );
    expect(screen.getByRole('button', { name: 'Accept swap' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete swap' })).toBeInTheDocument();
  });

  it('links to a new conversation when the traders have none', async () => {
    renderDetails(pendingTrade({ conversationId: null }));
    expect(await screen.findByRole('link', { name: 'Message Blake Rivera' })).toHaveAttribute(
      'href',
      `/messenger?with=${BLAKE.id}`,
    );
  });

  it('approves the other side’s song, then places it in one of my playlists at a position', async () => {
    const trade = pendingTrade();
    const tradeSong = theirSongOf(trade);
    const approved: TradeSong = { ...tradeSong, approved: 1 };
    const placed: TradeSong = {
      ...approved,
      PlaylistSongs: [
        buildPlacement({
          playlistSpotifyId: gym.spotifyId,
          playlistName: 'Gym Tempo',
          PlaylistPosition: { position: 2 },
          placedAt: '2026-06-04T09:00:00.000Z',
        }),
      ],
    };
    const { api, input, store } = renderDetails(trade, {
      'trades/acceptrejectsong': { body: { trade, tradeSong: approved } },
      'trades/addtoplaylist': { body: { trade, tradeSong: placed } },
    });
    await screen.findByRole('heading', { name: 'Song swap with Blake Rivera' });

    await input.click(
      within(songCard('Harbour Lights')).getByRole('button', { name: 'Approve Harbour Lights' }),
    );
    await within(songCard('Harbour Lights')).findByText('Approved by you');
    expect(api.callsTo('trades/acceptrejectsong').map((call) => call.body)).toEqual([
      { tradeId: trade.id, tradeSongId: tradeSong.id, approved: 1 },
    ]);
    expect(currentTrade(store, trade.id)!.traderTracks[0]!.approved).toBe(true);

    const form = within(songCard('Harbour Lights')).getByRole('form', {
      name: 'Place Harbour Lights in a playlist',
    });
    await input.selectOptions(within(form).getByLabelText('Playlist'), 'Gym Tempo');
    await input.clear(within(form).getByLabelText('Position'));
    await input.type(within(form).getByLabelText('Position'), '3');
    await input.click(within(form).getByRole('button', { name: 'Place in playlist' }));

    await within(songCard('Harbour Lights')).findByText('Gym Tempo, position 3');
    expect(api.callsTo('trades/addtoplaylist').map((call) => call.body)).toEqual([
      { tradeId: trade.id, tradeSongId: tradeSong.id, playlistId: gym.spotifyId, position: 2 },
    ]);
    expect(currentTrade(store, trade.id)!.traderTracks[0]!.playlisted).toBe(true);
  });

  it('rejects a song', async () => {
    const trade = pendingTrade();
    const tradeSong = theirSongOf(trade);
    const { api, input } = renderDetails(trade, {
      'trades/acceptrejectsong': {
        body: { trade, tradeSong: { ...tradeSong, approved: 2 } },
      },
    });
    await screen.findByRole('heading', { name: 'Song swap with Blake Rivera' });
    await input.click(screen.getByRole('button', { name: 'Reject Harbour Lights' }));
    await within(songCard('Harbour Lights')).findByText('Rejected by you');
    expect(api.callsTo('trades/acceptrejectsong')[0]!.body).toMatchObject({ approved: 2 });
    expect(within(songCard('Harbour Lights')).queryByRole('form')).not.toBeInTheDocument();
  });

  it('moves a placed song, takes it out of the playlist and keeps it after the swap', async () => {
    const placement = buildPlacement({ PlaylistPosition: { position: 4 } });
    const trade = buildTrade(
      {
        status: 'accepted',
        traderOneAccepted: true,
        traderTwoAccepted: true,
        startDate: '2026-06-01',
      },
      { theirs: [theirSong({ Song: harbour, approved: 1, PlaylistSongs: [placement] })] },
    );
    const tradeSong = theirSongOf(trade);
    const moved = {
      ...tradeSong,
      PlaylistSongs: [{ ...placement, PlaylistPosition: { position: 0 } }],
    };
    const kept = { ...trade, TradeSongs: [{ ...moved, keep: true }] };
    const { api, input, store } = renderDetails(trade, {
      'trades/update-position': { body: { trade, tradeSong: moved } },
      'trades/update': { body: { trade: kept, status: statusOf(kept) } },
      'trades/removesongfromplaylist': {
        body: { trade, tradeSong: { ...moved, PlaylistSongs: [] } },
      },
    });
    await screen.findByRole('heading', { name: 'Song swap with Blake Rivera' });
    const card = () => within(songCard('Harbour Lights'));
    expect(card().getByText('Late Night Drive, position 5')).toBeInTheDocument();

    await input.clear(card().getByLabelText('Move to position'));
    await input.type(card().getByLabelText('Move to position'), '1');
    await input.click(card().getByRole('button', { name: 'Move' }));
    await card().findByText('Late Night Drive, position 1');
    expect(api.callsTo('trades/update-position')[0]!.body).toEqual({
      tradeId: trade.id,
      tradeSongId: tradeSong.id,
      position: 0,
    });

    await input.click(card().getByRole('switch', { name: 'Keep after the swap' }));
    await waitFor(() =>
      expect(card().getByRole('switch', { name: 'Keep after the swap' })).toBeChecked(),
    );
    expect(api.callsTo('trades/update')[0]!.body).toEqual({
      tradeId: trade.id,
      tradeSongId: tradeSong.id,
      keep: true,
    });

    await input.click(card().getByRole('button', { name: 'Remove from playlist' }));
    await card().findByRole('form', { name: 'Place Harbour Lights in a playlist' });
    expect(api.callsTo('trades/removesongfromplaylist')[0]!.body).toEqual({
      tradeId: trade.id,
      tradeSongId: tradeSong.id,
    });
    expect(currentTrade(store, trade.id)!.traderTracks[0]!.playlisted).toBe(false);
  });

  it('accepts: the Accept button is disabled once mine is accepted', async () => {
    const trade = pendingTrade();
    const accepted = { ...trade, traderOneAccepted: true };
    const { api, input } = renderDetails(trade, {
      'trades/accept': { body: { trade: accepted, status: statusOf(accepted) } },
    });
    await input.click(await screen.findByRole('button', { name: 'Accept swap' }));
    expect(await screen.findByRole('button', { name: 'You accepted' })).toBeDisabled();
    expect(api.callsTo('trades/accept').map((call) => call.body)).toEqual([{ tradeId: trade.id }]);
    expect(screen.getByRole('region', { name: 'Swap summary' })).toHaveTextContent(
      'Your acceptanceAccepted',
    );
  });

  it('shows a PLAN_LIMIT answer to accepting with the way to the plans', async () => {
    const { input } = renderDetails(pendingTrade(), {
      'trades/accept': planLimitError('openSwaps', 2),
    });
    await input.click(await screen.findByRole('button', { name: 'Accept swap' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your Free plan allows 2 open song swaps, and you have 2.');
    expect(within(alert).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/account/upgrade',
    );
    expect(screen.getByRole('button', { name: 'Accept swap' })).toBeEnabled();
  });

  it('an accepted swap cannot be deleted; a completed one has no Accept', async () => {
    const accepted = buildTrade({
      status: 'accepted',
      traderOneAccepted: true,
      traderTwoAccepted: true,
      startDate: '2026-06-01',
      endDate: '2026-06-29',
    });
    const { unmount } = renderDetails(accepted);
    expect(await screen.findByRole('button', { name: 'You accepted' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Delete swap' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Swap summary' })).toHaveTextContent(
      'End dateJune 29, 2026',
    );
    unmount();

    renderDetails(
      buildTrade({ status: 'completed', startDate: '2026-01-01', endDate: '2026-01-15' }),
    );
    await screen.findByRole('heading', { name: 'Song swap with Blake Rivera' });
    expect(
      screen.queryByRole('button', { name: /Accept swap|You accepted/ }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete swap' })).not.toBeInTheDocument();
  });

  it('deletes a pending swap after confirmation and goes back to the list', async () => {
    const trade = pendingTrade();
    const { api, input, router, store } = renderDetails(trade, {
      'trades/deletetrade': { body: { success: true, tradeId: trade.id, reason: null } },
    });
    await input.click(await screen.findByRole('button', { name: 'Delete swap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this song swap?' });
    expect(api.callsTo('trades/deletetrade')).toEqual([]);
    await input.click(within(dialog).getByRole('button', { name: 'Delete swap' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/songswap'));
    expect(api.callsTo('trades/deletetrade')[0]!.body).toEqual({ tradeId: trade.id });
    // No longer the saved selection: the list is read afresh.
    expect(store.getState().tradesUi.selectedTradeId).toBeNull();
  });

  it('shows the partner’s pitch at the top of the swap, as plain text', async () => {
    const trade = buildTrade(
      { pitch: 'Your <i>gym</i> list\nneeds this song.' },
      { theirs: [theirSong({ Song: harbour })], meFirst: false },
    );
    renderDetails(trade);
    const pitch = await screen.findByRole('figure', { name: 'Pitch' });
    expect(pitch).toHaveTextContent('Pitch from Blake Rivera');
    expect(pitch).toHaveTextContent('Your <i>gym</i> list needs this song.');
    expect(pitch.querySelector('i')).toBeNull();
  });

  it('shows my own pitch as mine', async () => {
    renderDetails(pendingTrade({ pitch: 'Let us swap.' }));
    expect(await screen.findByRole('figure', { name: 'Pitch' })).toHaveTextContent(
      'Your pitchLet us swap.',
    );
  });

  it('without a pitch there is no pitch box', async () => {
    renderDetails(pendingTrade());
    await screen.findByRole('heading', { name: 'Song swap with Blake Rivera' });
    expect(screen.queryByRole('figure', { name: 'Pitch' })).not.toBeInTheDocument();
  });

  it('the asked curator declines a pending swap with a reason, sent trimmed', async () => {
    const trade = buildTrade({}, { theirs: [theirSong({ Song: harbour })], meFirst: false });
    const { api, input, router } = renderDetails(trade, {
      'trades/deletetrade': { body: { success: true, tradeId: trade.id, reason: 'Not my genre' } },
    });
    await input.click(await screen.findByRole('button', { name: 'Decline swap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this song swap?' });
    const reason = within(dialog).getByLabelText('Reason for Blake Rivera (optional)');
    expect(reason).toHaveAttribute('maxLength', String(CLOSE_REASON_MAX));
    await input.type(reason, ' Not my genre ');
    await input.click(within(dialog).getByRole('button', { name: 'Decline swap' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/songswap'));
    expect(api.callsTo('trades/deletetrade')[0]!.body).toEqual({
      tradeId: trade.id,
      reason: 'Not my genre',
    });
  });

  it('reports the streams of my song', async () => {
    const trade = buildTrade(
      {
        status: 'accepted',
        traderOneAccepted: true,
        traderTwoAccepted: true,
        startDate: '2026-06-01',
      },
      { mine: [mySong({ Song: midnight, approved: 1, PlaylistSongs: [buildPlacement()] })] },
    );
    const tradeSong = mySongOf(trade);
    const reported = { ...trade, streams: 1200, TradeSongs: [{ ...tradeSong, streams: 1200 }] };
    const { api, input } = renderDetails(trade, {
      'trades/update': { body: { trade: reported, status: statusOf(reported) } },
    });
    await screen.findByRole('heading', { name: 'Song swap with Blake Rivera' });
    const card = within(songCard('Midnight Avenue'));
    expect(card.getByText(/Blake Rivera placed it in/)).toHaveTextContent(
      'Blake Rivera placed it in Late Night Drive, position 5 since June 02, 2026',
    );
    await input.type(card.getByLabelText('Streams of Midnight Avenue'), '1200');
    await input.click(card.getByRole('button', { name: 'Report streams' }));
    await card.findByText('Reported: 1,200');
    expect(api.callsTo('trades/update')[0]!.body).toEqual({
      tradeId: trade.id,
      tradeSongId: tradeSong.id,
      streams: 1200,
    });
    expect(screen.getByRole('region', { name: 'Swap summary' })).toHaveTextContent('Streams1,200');
  });

  it('draws the placement record per day', async () => {
    const placement = buildPlacement();
    const trade = buildTrade(
      {
        status: 'accepted',
        traderOneAccepted: true,
        traderTwoAccepted: true,
        startDate: '2026-06-01',
      },
      {
        mine: [
          mySong({
            Song: midnight,
            approved: 1,
            PlaylistSongs: [placement],
            checks: [
              buildCheck('2026-06-03', 'gone', placement),
              buildCheck('2026-06-01', 'in place', placement),
              buildCheck('2026-06-02', 'moved', placement),
            ],
          }),
        ],
      },
    );
    renderDetails(trade);
    await screen.findByRole('heading', { name: 'Song swap with Blake Rivera' });
    const chart = within(songCard('Midnight Avenue')).getByRole('img', {
      name: 'Placement record: 3 days checked: 1 in place, 1 moved, 1 gone.',
    });
    const marks = chart.querySelectorAll('rect');
    expect([...marks].map((mark) => mark.getAttribute('data-outcome'))).toEqual([
      'in place',
      'moved',
      'gone',
    ]);
    expect(marks[1]!.querySelector('title')).toHaveTextContent(
      'June 02, 2026: moved to position 10',
    );
    expect(
      within(songCard('Midnight Avenue')).getByRole('list', { name: 'Legend' }),
    ).toHaveTextContent('In placeMovedGone');
  });

  it('says when the swap is not among mine', async () => {
    renderDetails(pendingTrade(), {
      'trades/tradeinfo': {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'No such swap.' } },
      },
    });
    expect(await screen.findByText('This song swap is not among your swaps')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Song Swaps' })).toHaveAttribute(
      'href',
      '/songswap',
    );
  });

  describe('live: the other trader’s changes arrive as onlytome', () => {
    it('AcceptTrade from the other side shows their acceptance, and with mine the swap is accepted', async () => {
      const trade = pendingTrade({ traderOneAccepted: true });
      const { store } = renderDetails(trade);
      await screen.findByRole('button', { name: 'You accepted' });
      const both = {
        ...trade,
        status: 'accepted' as const,
        traderTwoAccepted: true,
        startDate: '2026-06-05',
        endDate: '2026-07-03',
      };
      act(() => {
        store.dispatch(
          onlytomeReceived({
            type: 'AcceptTrade',
            request: { tradeId: trade.id },
            response: { trade: asSeenBy(both, meAsTrader), status: statusOf(both) },
          }),
        );
      });
      const summary = screen.getByRole('region', { name: 'Swap summary' });
      expect(summary).toHaveTextContent(/Blake Rivera’s acceptance(BR)?Accepted/);
      expect(summary).toHaveTextContent('Start dateJune 05, 2026');
      expect(summary).toHaveTextContent('End dateJuly 03, 2026');
      expect(screen.getByText('Accepted', { selector: 'header span' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Delete swap' })).not.toBeInTheDocument();
    });

    it('DeleteTrade from the other side says the swap was deleted', async () => {
      const trade = pendingTrade();
      const { store } = renderDetails(trade);
      await screen.findByRole('heading', { name: 'Song swap with Blake Rivera' });
      act(() => {
        store.dispatch(
          onlytomeReceived({
            type: 'DeleteTrade',
            request: { tradeId: trade.id },
            response: { success: true, tradeId: trade.id, reason: null },
          }),
        );
      });
      // Blake was asked (trader two) and it was pending: Blake declined it.
      expect(screen.getByText('Blake Rivera declined this song swap')).toBeInTheDocument();
      expect(screen.getByText('They gave no reason.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to Song Swaps' })).toHaveAttribute(
        'href',
        '/songswap',
      );
      expect(store.getState().tradesUi.selectedTradeId).toBeNull();
    });

    it('DeleteTrade with a reason shows it to the opener', async () => {
      const trade = pendingTrade();
      const { store } = renderDetails(trade);
      await screen.findByRole('heading', { name: 'Song swap with Blake Rivera' });
      act(() => {
        store.dispatch(
          onlytomeReceived({
            type: 'DeleteTrade',
            request: { tradeId: trade.id, reason: 'Not my <b>genre</b>' },
            response: { success: true, tradeId: trade.id, reason: 'Not my <b>genre</b>' },
          }),
        );
      });
      expect(screen.getByText('Blake Rivera declined this song swap')).toBeInTheDocument();
      // Plain text: the markup is shown, never rendered.
      expect(screen.getByTestId('close-reason')).toHaveTextContent(
        'Their reason: “Not my <b>genre</b>”',
      );
    });

    it('a scheduled swap deleted by the other side says deleted, not declined', async () => {
      const trade = pendingTrade({ status: 'scheduled' });
      const { store } = renderDetails(trade);
      await screen.findByRole('heading', { name: 'Song swap with Blake Rivera' });
      act(() => {
        store.dispatch(
          onlytomeReceived({
            type: 'DeleteTrade',
            request: { tradeId: trade.id },
            response: { success: true, tradeId: trade.id, reason: 'Plans changed' },
          }),
        );
      });
      expect(screen.getByText('Blake Rivera deleted this song swap')).toBeInTheDocument();
      expect(screen.getByTestId('close-reason')).toHaveTextContent('Their reason: “Plans changed”');
    });

    it('AddSongToPlaylist and AcceptOrRejectSong on my song show where and how it stands', async () => {
      const trade = pendingTrade({ traderOneAccepted: true });
      const tradeSong = mySongOf(trade);
      const { store } = renderDetails(trade);
      expect(await screen.findByRole('button', { name: 'You accepted' })).toBeDisabled();
      // The server cleared both acceptances with the approval of a pending swap's song.
      const answered = asSeenBy({ ...trade, traderOneAccepted: false }, meAsTrader);
      const onSong = (song: TradeSong) => ({ tradeId: trade.id, tradeSongId: song.id });
      const push = (type: 'AcceptOrRejectSong' | 'AddSongToPlaylist', song: TradeSong) =>
        act(() => {
          const response = { trade: answered, tradeSong: song };
          store.dispatch(
            onlytomeReceived(
              type === 'AcceptOrRejectSong'
                ? { type, request: { ...onSong(song), approved: 1 }, response }
                : { type, request: { ...onSong(song), playlistId: 'p1', position: 1 }, response },
            ),
          );
        });

      push('AcceptOrRejectSong', { ...tradeSong, approved: 1 });
      expect(songCard('Midnight Avenue')).toHaveTextContent('Approved by Blake Rivera');
      expect(screen.getByRole('button', { name: 'Accept swap' })).toBeEnabled();
      expect(screen.getByRole('region', { name: 'Swap summary' })).toHaveTextContent(
        'Your acceptanceNot yet',
      );

      push('AddSongToPlaylist', {
        ...tradeSong,
        approved: 1,
        PlaylistSongs: [
          buildPlacement({ playlistName: 'Sunday Chill', PlaylistPosition: { position: 0 } }),
        ],
      });
      expect(songCard('Midnight Avenue')).toHaveTextContent(
        'Blake Rivera placed it in Sunday Chill, position 1',
      );
    });
  });
});
