import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PITCH_MAX } from '../../../../common/api/trades/limits.js';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../../common/api/user.js';
import { makeStore } from '../../app/store';
import { onlytomeReceived, realtimeReconnected } from '../../shared/realtime/realtimeSlice';
import { initialAppState } from '../../shared/state/appSlice';
import type { FeatureFlags } from '../../shared/state/featureFlags';
import { buildMeta, buildUser, signedInAuthState } from '../../test/fixtures';
import { planLimitError } from '../../test/playlistFixtures';
import { renderScreen } from '../../test/renderScreen';
import { stubApi, type StubResponse, type StubRoute, type StubRoutes } from '../../test/stubApi';
import { buildCatalogAnswer, buildSong, buildUpcomingSong } from '../catalog/catalogFixtures';
import { SongSwapsScreen } from './SongSwapsScreen';
import { listedTradeOf } from './tradeMirror';
import {
  asSeenBy,
  BLAKE,
  buildTrade,
  CASEY,
  ME,
  mySong,
  theirSong,
  tradesAnswer,
} from './tradeFixtures';
import { tradesApi } from './tradesApi';
import { initialTradesUiState, type TradesUiState } from './tradesUiSlice';
import type { Trade } from './tradeTypes';

const pendingWithBlake = buildTrade(
  { createdAt: '2026-06-03T10:00:00.000Z', traderOneAccepted: true, periodDays: 28 },
  { mine: [mySong(), mySong()], theirs: [theirSong()] },
);
const pendingWithCasey = buildTrade(
  { createdAt: '2026-06-01T10:00:00.000Z', requestedStartDate: '2026-07-01' },
  { trader: CASEY, theirs: [theirSong({}, CASEY.id)] },
);
const scheduled = buildTrade({
  status: 'scheduled',
  traderOneAccepted: true,
  traderTwoAccepted: true,
  startDate: '2026-07-10',
  endDate: '2026-07-24',
});
const running = buildTrade(
  {
    status: 'accepted',
    traderOneAccepted: true,
    traderTwoAccepted: true,
    startDate: '2026-05-01',
    endDate: '2026-05-29',
    periodDays: 28,
    streams: 12_400,
  },
  { trader: CASEY },
);
const finished = buildTrade({
  status: 'completed',
  startDate: '2026-01-01',
  endDate: '2026-01-15',
});

function signedIn(
  { user = {}, flags = {} }: { user?: Partial<User>; flags?: Partial<FeatureFlags> } = {},
  tradesUi?: TradesUiState,
) {
  return {
    ...signedInAuthState(buildUser(user), buildMeta()),
    app: { ...initialAppState, featureFlags: { ...initialAppState.featureFlags, ...flags } },
    ...(tradesUi ? { tradesUi } : {}),
  };
}

/** trades/all answering the asked buckets from these trades. */
function allRoute(trades: Trade[]) {
  return ({ statuses }: { statuses: Trade['status'][] }): StubResponse<'trades/all'> => ({
    body: tradesAnswer(
      Object.fromEntries(
        statuses.map((status) => [status, trades.filter((trade) => trade.status === status)]),
      ),
      Object.fromEntries(statuses.map((status) => [status, null])),
    ),
  });
}

function renderList(routes: StubRoutes, state = signedIn(), store = makeStore(state)) {
  const api = stubApi(routes);
  const view = renderScreen(<SongSwapsScreen />, { path: '/songswap', store, strict: true });
  return { api, ...view, input: userEvent.setup() };
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('Song Swaps list', () => {
  it('loads the buckets once and shows them as tabs with counts, newest first', async () => {
    const { api } = renderList({
      'trades/all': allRoute([pendingWithCasey, scheduled, running, pendingWithBlake]),
    });
    expect(screen.getByRole('heading', { name: 'Song Swaps' })).toBeInTheDocument();
    expect(await screen.findByRole('table')).toBeInTheDocument();

    expect(api.callsTo('trades/all').map((call) => call.body)).toEqual([
      { statuses: ['pending', 'scheduled', 'accepted'] },
    ]);
    expect(tabNames()).toEqual(['Pending 2', 'Scheduled 1', 'Accepted 1']);
    expect(screen.getByRole('tab', { name: 'Pending 2' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Pending 2');

    const [first, second] = rows();
    expect(within(first!).getByRole('link', { name: 'Blake Rivera' })).toHaveAttribute(
      'href',
      `/songswap/${pendingWithBlake.id}`,
    );
    expect(first).toHaveTextContent('Yours: 2');
    expect(first).toHaveTextContent('Theirs: 1');
    expect(first).toHaveTextContent('28 days');
    expect(first).toHaveTextContent('Waiting for Blake Rivera');
    expect(first).toHaveTextContent('Opened June 03, 2026');
    expect(first).toHaveTextContent('Starts when both accept');
    expect(first).toHaveTextContent('Not reported');
    expect(second).toHaveTextContent('Casey Moreno');
    expect(second).toHaveTextContent('Starts July 01, 2026');
  });

  it('pages a long bucket with "Load more swaps", from the bucket’s cursor, until its end', async () => {
    const olderPending = buildTrade({ createdAt: '2026-05-01T10:00:00.000Z' });
    const { api, input } = renderList({
      'trades/all': (body) => {
        const { statuses, cursor } = body as { statuses: Trade['status'][]; cursor?: string };
        if (cursor === 'after-casey')
          return {
            body: tradesAnswer({ pending: [olderPending] }, { pending: null }),
          };
        return {
          body: tradesAnswer(
            Object.fromEntries(
              statuses.map((status) => [
                status,
                [pendingWithBlake, pendingWithCasey, scheduled].filter((t) => t.status === status),
              ]),
            ),
            Object.fromEntries(
              statuses.map((status) => [status, status === 'pending' ? 'after-casey' : null]),
            ),
          ),
        };
      },
    });
    await screen.findByRole('table');
    expect(rows()).toHaveLength(2);

    await input.click(screen.getByRole('button', { name: 'Load more swaps' }));

    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[2]).toHaveTextContent('Opened May 01, 2026');
    expect(api.callsTo('trades/all').map((call) => call.body)).toEqual([
      { statuses: ['pending', 'scheduled', 'accepted'] },
      { statuses: ['pending'], cursor: 'after-casey' },
    ]);
    expect(screen.queryByRole('button', { name: 'Load more swaps' })).not.toBeInTheDocument();
    // Another bucket listed to its end has no button.
    await input.click(screen.getByRole('tab', { name: /^Scheduled/ }));
    expect(screen.queryByRole('button', { name: 'Load more swaps' })).not.toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    const { input } = renderList({
      'trades/all': allRoute([pendingWithBlake, scheduled, running]),
    });
    await screen.findByRole('table');
    screen.getByRole('tab', { name: 'Pending 1' }).focus();

    // Moving focus selects; the selection goes through the address (the tab parameter).
    const selected = (name: string) =>
      waitFor(() =>
        expect(screen.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true'),
      );
    await input.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Scheduled 1' })).toHaveFocus();
    await selected('Scheduled 1');
    expect(rows()[0]).toHaveTextContent('From July 10, 2026');
    expect(rows()[0]).toHaveTextContent('to July 24, 2026');

    await input.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Accepted 1' })).toHaveFocus();
    await selected('Accepted 1');
    expect(rows()[0]).toHaveTextContent('12,400');
    await input.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Pending 1' })).toHaveFocus();
    await selected('Pending 1');
    await input.keyboard('{ArrowLeft}');
    await selected('Accepted 1');
    expect(screen.getAllByRole('tab').filter((tab) => tab.tabIndex === 0)).toHaveLength(1);
  });

  it('the completed toggle (showCompletedTrades) loads and shows the completed bucket', async () => {
    const { api, input, store } = renderList({
      'trades/all': allRoute([pendingWithBlake, finished]),
    });
    await screen.findByRole('table');
    expect(screen.queryByRole('tab', { name: /Completed/ })).not.toBeInTheDocument();

    await input.click(screen.getByRole('switch', { name: 'Show completed swaps' }));
    expect(store.getState().tradesUi.showCompletedTrades).toBe(true);
    await input.click(await screen.findByRole('tab', { name: 'Completed 1' }));
    expect(rows()[0]).toHaveTextContent('From January 01, 2026');
    expect(api.callsTo('trades/all').map((call) => call.body)).toEqual([
      { statuses: ['pending', 'scheduled', 'accepted'] },
      { statuses: ['completed'] },
    ]);
  });

  it('has no trade history without the tradeHistory flag', async () => {
    renderList(
      { 'trades/all': allRoute([pendingWithBlake]) },
      signedIn(
        { flags: { tradeHistory: false } },
        { ...initialTradesUiState, showCompletedTrades: true },
      ),
    );
    await screen.findByRole('table');
    expect(screen.queryByRole('switch', { name: 'Show completed swaps' })).not.toBeInTheDocument();
    expect(tabNames()).toEqual(['Pending 1', 'Scheduled 0', 'Accepted 0']);
  });

  it('filters by curator, song and performance', async () => {
    const { input } = renderList({
      'trades/all': allRoute([pendingWithBlake, pendingWithCasey, running]),
    });
    await screen.findByRole('table');
    expect(rows()).toHaveLength(2);

    await input.selectOptions(screen.getByLabelText('Curator'), 'Casey Moreno');
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('Casey Moreno');
    expect(tabNames()).toEqual(['Pending 1', 'Scheduled 0', 'Accepted 1']);

    await input.selectOptions(screen.getByLabelText('Performance'), 'With streams reported');
    expect(tabNames()).toEqual(['Pending 0', 'Scheduled 0', 'Accepted 1']);
    expect(screen.getByText('No swaps match the filters')).toBeInTheDocument();
    await input.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(rows()).toHaveLength(2);

    const blakeSong = pendingWithBlake.TradeSongs[2]!.Song;
    await input.selectOptions(
      screen.getByLabelText('Song'),
      `${blakeSong.title} — ${blakeSong.artists.join(', ')}`,
    );
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('Blake Rivera');
  });

  it('shows the empty state, and the error with a retry', async () => {
    let fail = true;
    const { input } = renderList({
      'trades/all': (body) =>
        fail
          ? { status: 503, body: { error: { code: 'INTERNAL', message: 'Down for now.' } } }
          : allRoute([])(body),
    });
    expect(await screen.findByText('Your song swaps could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Down for now.')).toBeInTheDocument();
    fail = false;
    await input.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No song swaps yet')).toBeInTheDocument();
  });

  it('coming back within the area keeps the lists, the tab of the saved selection and its row', async () => {
    const state = signedIn({}, { ...initialTradesUiState, selectedTradeId: running.id });
    state.app = { ...state.app, ui: { ...state.app.ui, tradesTableScrollPosition: 240 } };
    // The open swaps' buckets as trades/all answered them before the swap was opened.
    const store = makeStore(state);
    await store.dispatch(
      tradesApi.util.upsertQueryData(
        'trades',
        { statuses: ['pending', 'scheduled', 'accepted'] },
        {
          pending: [listedTradeOf(pendingWithBlake)],
          scheduled: [],
          accepted: [listedTradeOf(running)],
        },
      ),
    );
    const { api } = renderList({}, state, store);
    const table = await screen.findByRole('table');
    expect(screen.getByTestId('trades-table-scroller').scrollTop).toBe(240);
    expect(screen.getByRole('tab', { name: 'Accepted 1' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(table).getAllByRole('row')[1]).toHaveAttribute('aria-current', 'true');
    expect(api.calls).toEqual([]);
  });

  it('opening a swap from the list saves the selection and the scroll position', async () => {
    const { input, store, router } = renderList({
      'trades/all': allRoute([pendingWithBlake, pendingWithCasey]),
    });
    await screen.findByRole('table');
    const scroller = screen.getByTestId('trades-table-scroller');
    scroller.scrollTop = 120;
    fireEvent.scroll(scroller);
    expect(store.getState().app.ui.tradesTableScrollPosition).toBe(120);

    await input.click(screen.getByRole('link', { name: 'Casey Moreno' }));
    expect(store.getState().tradesUi.selectedTradeId).toBe(pendingWithCasey.id);
    expect(router.state.location.pathname).toBe(`/songswap/${pendingWithCasey.id}`);
  });

  it('reads the buckets shown again once the realtime channel is back (changes may be missed)', async () => {
    const { api, store } = renderList({
      'trades/all': allRoute([pendingWithBlake, running]),
    });
    await screen.findByRole('table');
    act(() => {
      store.dispatch(realtimeReconnected());
    });
    await waitFor(() => expect(api.callsTo('trades/all')).toHaveLength(2));
    expect(api.callsTo('trades/all')[1]!.body).toEqual({
      statuses: ['pending', 'scheduled', 'accepted'],
    });
    expect(await screen.findByRole('tab', { name: 'Accepted 1' })).toBeInTheDocument();
  });

  it('a swap opened by the other side appears live, as its recipient sees it', async () => {
    const { store } = renderList({ 'trades/all': allRoute([pendingWithCasey]) });
    await screen.findByRole('table');
    const opened = buildTrade(
      { createdAt: '2026-06-20T10:00:00.000Z' },
      { mine: [mySong()], theirs: [theirSong(), theirSong(), theirSong()], meFirst: false },
    );
    act(() => {
      store.dispatch(
        onlytomeReceived({
          type: 'OpenTrade',
          request: { traderId: ME, periodDays: 14, songIds: [] },
          response: { trade: opened },
        }),
      );
    });
    expect(screen.getByRole('tab', { name: 'Pending 2' })).toBeInTheDocument();
    expect(rows()[0]).toHaveTextContent('Blake Rivera');
    expect(rows()[0]).toHaveTextContent('Yours: 1');
    expect(rows()[0]).toHaveTextContent('Theirs: 3');
  });

  it('a swap that arrives in its sender’s presentation is mirrored and read again for the name', async () => {
    const opened = buildTrade({}, { mine: [mySong()], theirs: [theirSong(), theirSong()] });
    const { api, store } = renderList({
      'trades/all': allRoute([]),
      'trades/trade': { body: { trade: opened } },
    });
    await screen.findByText('No song swaps yet');
    act(() => {
      store.dispatch(
        onlytomeReceived({
          type: 'OpenTrade',
          request: { traderId: ME, periodDays: 14, songIds: [] },
          response: { trade: asSeenBy(opened, { id: ME, name: 'Ada', userProfilePicture: null }) },
        }),
      );
    });
    expect(rows()[0]).toHaveTextContent('Yours: 1');
    expect(rows()[0]).toHaveTextContent('Theirs: 2');
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Blake Rivera'));
    expect(api.callsTo('trades/trade').map((call) => call.body)).toEqual([{ tradeId: opened.id }]);
  });
});

describe('Open a swap', () => {
  const myTrack = buildSong({ title: 'Midnight Avenue', artists: ['Ada Lovelace'] });
  const myRelease = buildUpcomingSong('2026-12-01', {}, 'Northern Lights');
  const theirTrack = buildSong({ title: 'Harbour Lights', artists: ['Blake Rivera'] });
  const potential = { ...BLAKE, visiblePlaylists: 2, catalogSongs: 1 };

  function openRoutes(
    openAnswer: StubRoute<'trades/open'> = { body: { trade: buildTrade() } },
  ): StubRoutes {
    return {
      'trades/all': allRoute([]),
      'trades/potential-traders': { body: { traders: [potential] } },
      'songs/catalog': { body: buildCatalogAnswer([myRelease, myTrack]) },
      'songs/trader/catalog': { body: { songs: [theirTrack], nextCursor: null } },
      'trades/open': openAnswer,
    };
  }

  it('sends the curator, a period of the plan, the start date and the songs of both sides', async () => {
    const opened = buildTrade({ periodDays: 28 }, { mine: [mySong()] });
    const { api, input } = renderList(
      openRoutes({ body: { trade: opened } }),
      signedIn({ user: { customer: { plan: 'free' } } }),
    );
    await screen.findByText('No song swaps yet');
    await input.click(screen.getByRole('button', { name: 'Open a swap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open a song swap' });

    // The free plan's periods only.
    const periods = within(within(dialog).getByRole('group', { name: /Period/ })).getAllByRole(
      'radio',
    );
    expect(periods.map((radio) => radio.parentElement!.textContent)).toEqual([
      '7 days',
      '14 days',
      '28 days',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Open swap' })).toBeDisabled();

    await input.click(await within(dialog).findByRole('radio', { name: /Blake Rivera/ }));
    await input.click(within(dialog).getByRole('radio', { name: '28 days' }));
    fireEvent.change(within(dialog).getByLabelText('Start date (optional)'), {
      target: { value: '2026-07-01' },
    });
    await input.click(
      await within(dialog).findByRole('checkbox', { name: 'Midnight Avenue by Ada Lovelace' }),
    );
    await input.click(
      await within(dialog).findByRole('checkbox', { name: 'Harbour Lights by Blake Rivera' }),
    );
    // Pre-release songs are listed (flag on) but the free plan cannot swap them.
    expect(
      within(dialog).getByRole('checkbox', { name: 'Northern Lights by Mara Velden' }),
    ).toBeDisabled();
    expect(within(dialog).getByText(/Pre-release swaps come with the Pro/)).toBeInTheDocument();

    await input.click(within(dialog).getByRole('button', { name: 'Open swap' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Open a song swap' })).not.toBeInTheDocument(),
    );
    expect(api.callsTo('trades/open').map((call) => call.body)).toEqual([
      {
        traderId: BLAKE.id,
        periodDays: 28,
        startDate: '2026-07-01',
        songIds: [myTrack.id, theirTrack.id],
      },
    ]);
    expect(api.callsTo('songs/trader/catalog')[0]!.body).toEqual({ userId: BLAKE.id });
    expect(screen.getByText(/Swap opened with Blake Rivera/)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pending 1' })).toHaveAttribute('aria-selected', 'true');
    expect(rows()[0]).toHaveTextContent('Blake Rivera');
  });

  it('sends the pitch, trimmed, and shows it under the partner in the pending list', async () => {
    const opened = buildTrade({ pitch: 'Your gym list needs this song.' }, { mine: [mySong()] });
    const { api, input } = renderList(openRoutes({ body: { trade: opened } }));
    await screen.findByText('No song swaps yet');
    await input.click(screen.getByRole('button', { name: 'Open a swap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open a song swap' });
    await input.click(await within(dialog).findByRole('radio', { name: /Blake Rivera/ }));
    const pitch = within(dialog).getByLabelText('Pitch (optional)');
    expect(pitch).toHaveAttribute('maxLength', String(PITCH_MAX));
    await input.type(pitch, '  Your gym list needs this song.  ');
    expect(
      within(dialog).getByText(/Blake Rivera sees it at the top of the swap/),
    ).toHaveTextContent(`34/${PITCH_MAX} characters`);
    await input.click(within(dialog).getByRole('button', { name: 'Open swap' }));
    await waitFor(() => expect(api.callsTo('trades/open')).toHaveLength(1));
    expect(api.callsTo('trades/open')[0]!.body).toMatchObject({
      traderId: BLAKE.id,
      pitch: 'Your gym list needs this song.',
    });
    expect(await screen.findByText('“Your gym list needs this song.”')).toBeInTheDocument();
  });

  it('opens as a dialog from its button and gives the focus back to it when cancelled, each time', async () => {
    const { input } = renderList(openRoutes());
    await screen.findByText('No song swaps yet');
    const button = screen.getByRole('button', { name: 'Open a swap' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    for (let time = 0; time < 2; time += 1) {
      await input.click(button);
      expect(button).toHaveAttribute('aria-expanded', 'true');
      const dialog = await screen.findByRole('dialog', { name: 'Open a song swap' });
      await input.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(button).toHaveFocus();
    }
  });

  it('sends no pitch when it is left empty or blank', async () => {
    const { api, input } = renderList(openRoutes());
    await screen.findByText('No song swaps yet');
    await input.click(screen.getByRole('button', { name: 'Open a swap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open a song swap' });
    await input.click(await within(dialog).findByRole('radio', { name: /Blake Rivera/ }));
    await input.type(within(dialog).getByLabelText('Pitch (optional)'), '   ');
    await input.click(within(dialog).getByRole('button', { name: 'Open swap' }));
    await waitFor(() => expect(api.callsTo('trades/open')).toHaveLength(1));
    expect(api.callsTo('trades/open')[0]!.body).not.toHaveProperty('pitch');
  });

  it('offers the longer periods on pro (a running trial) and lets pre-release songs be chosen', async () => {
    const { input } = renderList(openRoutes());
    await screen.findByText('No song swaps yet');
    await input.click(screen.getByRole('button', { name: 'Open a swap' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(within(dialog).getByRole('group', { name: /Period/ }))
        .getAllByRole('radio')
        .map((radio) => radio.parentElement!.textContent),
    ).toEqual(['7 days', '14 days', '28 days', '56 days', '180 days', '360 days']);
    expect(within(dialog).getByRole('radio', { name: '14 days' })).toBeChecked();
    expect(
      await within(dialog).findByRole('checkbox', { name: 'Northern Lights by Mara Velden' }),
    ).toBeEnabled();
  });

  it('hides pre-release songs without the prerelease flag', async () => {
    const { input } = renderList(openRoutes(), signedIn({ flags: { prerelease: false } }));
    await screen.findByText('No song swaps yet');
    await input.click(screen.getByRole('button', { name: 'Open a swap' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('checkbox', { name: 'Midnight Avenue by Ada Lovelace' });
    expect(
      within(dialog).queryByRole('checkbox', { name: /Northern Lights/ }),
    ).not.toBeInTheDocument();
  });

  it("shows the chosen curator's visible playlists with their health labels", async () => {
    const { input } = renderList({
      ...openRoutes(),
      'users/public/profile': {
        body: {
          profile: {
            id: BLAKE.id,
            name: BLAKE.name,
            pictureUrl: '',
            description: '',
            network: '',
            relation: 'none',
            friendsCount: 0,
            playlists: [
              {
                spotifyId: 'p1',
                name: 'Focus Flow',
                imageUrl: null,
                followers: 860,
                tracks: 45,
                health: {
                  label: 'suspicious',
                  evidence: ['+300 followers on 16 Nov, 40 times its usual daily change'],
                  assessedOn: '2026-12-06',
                },
              },
            ],
            swapRecord: {
              swapsCompleted: 0,
              placementsChecked: 0,
              placementsHonoured: 0,
              honouredShare: null,
            },
            fit: null,
          },
        },
      },
    });
    await screen.findByText('No song swaps yet');
    await input.click(screen.getByRole('button', { name: 'Open a swap' }));
    const dialog = await screen.findByRole('dialog');
    await input.click(await within(dialog).findByRole('radio', { name: /Blake Rivera/ }));
    const section = await within(dialog).findByRole('region', {
      name: `${BLAKE.name}’s playlists`,
    });
    expect(within(section).getByText('Suspicious')).toBeInTheDocument();
    expect(
      within(section).getByRole('list', { name: 'Why Focus Flow is Suspicious' }),
    ).toHaveTextContent('+300 followers on 16 Nov, 40 times its usual daily change');
  });

  it('shows a PLAN_LIMIT answer with the way to the plans', async () => {
    const { input } = renderList(openRoutes(planLimitError('openSwaps', 2)));
    await screen.findByText('No song swaps yet');
    await input.click(screen.getByRole('button', { name: 'Open a swap' }));
    const dialog = await screen.findByRole('dialog');
    await input.click(await within(dialog).findByRole('radio', { name: /Blake Rivera/ }));
    await input.click(within(dialog).getByRole('button', { name: 'Open swap' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Plan limit reached');
    expect(alert).toHaveTextContent('Your Free plan allows 2 open song swaps, and you have 2.');
    expect(within(alert).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/account/upgrade',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
