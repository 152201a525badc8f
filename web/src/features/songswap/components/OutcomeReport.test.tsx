import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TradeOutcome } from '../../../../../common/api/trades/schemas.js';
import { signedInAuthState } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { stubApi } from '../../../test/stubApi';
import { buildSong } from '../../catalog/catalogFixtures';
import { TradeDetailsScreen } from '../TradeDetailsScreen';
import { BLAKE, buildTrade, ME, mySong, theirSong } from '../tradeFixtures';

const harbour = buildSong({ title: 'Harbour Lights', artists: ['Blake Rivera'] });
const midnight = buildSong({ title: 'Midnight Avenue', artists: ['Ada Lovelace'] });
const trade = buildTrade(
  { status: 'accepted', periodDays: 7, startDate: '2026-06-01T00:00:00.000Z' },
  { theirs: [theirSong({ Song: harbour })], mine: [mySong({ Song: midnight })] },
);
const day = (n: number) => `2026-06-${String(n).padStart(2, '0')}`;

const outcome: TradeOutcome = {
  tradeId: trade.id,
  status: 'accepted',
  startDay: day(1),
  endDay: day(8),
  lastDay: day(7),
  periodDays: 7,
  daysSoFar: 5,
  placements: [
    {
      placementId: 'p1',
      tradeSongId: trade.TradeSongs[1]!.id,
      songName: 'Midnight Avenue',
      ownerId: ME,
      placedById: BLAKE.id,
      playlistName: 'Gym Tempo',
      playlistSpotifyId: 'PlaylistGymTempo0000002',
      position: 3,
      placedDay: day(1),
      removedDay: null,
      daysChecked: 5,
      daysInPlace: 4,
      leftEarly: true,
      honoured: false,
      days: [1, 2, 3, 4, 5].map((n) => ({
        day: day(n),
        inPlace: n < 5,
        inPlaylist: n < 5,
        position: n < 5 ? 3 : null,
      })),
      followers: {
        atStart: 2_000,
        atEnd: 2_150,
        change: 150,
        trendPerDay: 5,
        expectedChange: 20,
        beyondTrend: 130,
        history: [1, 2, 3, 4, 5].map((n) => ({ day: day(n), followers: 2_000 + (n - 1) * 37 })),
      },
    },
  ],
  streams: [
    {
      tradeSongId: trade.TradeSongs[1]!.id,
      songName: 'Midnight Avenue',
      ownerId: ME,
      streams: null,
    },
  ],
  notReported: [{ id: ME, name: 'Ada Lovelace' }],
};

function renderWith(routes: Parameters<typeof stubApi>[0]) {
  stubApi({ 'trades/tradeinfo': { body: { trade } }, ...routes });
  renderScreen(<TradeDetailsScreen />, {
    path: `/songswap/${trade.id}`,
    pattern: '/songswap/:tradeId',
    state: signedInAuthState(),
    strict: true,
  });
}

describe('the swap’s outcome report', () => {
  it('shows each placement’s days in place, followers against trend, a chart and who has not reported', async () => {
    renderWith({ 'trades/outcome': { body: { outcome } } });
    const report = await screen.findByRole('region', { name: 'What this swap earned' });
    const placement = await within(report).findByRole('listitem', {
      name: 'Midnight Avenue in Gym Tempo',
    });
    expect(within(placement).getByText('Left early')).toBeInTheDocument();
    expect(within(placement).getByText('4 of 5 checked')).toBeInTheDocument();
    expect(within(placement).getByText('+5 a day')).toBeInTheDocument();
    expect(within(placement).getByText('+130')).toBeInTheDocument();
    expect(
      within(placement).getByRole('img', { name: /Followers of Gym Tempo around the swap/ }),
    ).toBeInTheDocument();
    expect(within(report).getByText(/Not reported yet by you/)).toBeInTheDocument();
  });

  it('says so when nothing is placed yet', async () => {
    renderWith({ 'trades/outcome': { body: { outcome: { ...outcome, placements: [] } } } });
    expect(
      await screen.findByText(/No song has been placed for this swap yet/),
    ).toBeInTheDocument();
  });

  it('shows an error with a retry when the report cannot be loaded', async () => {
    renderWith({
      'trades/outcome': {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'Something went wrong.' } },
      },
    });
    expect(await screen.findByText('The swap’s outcome could not be loaded')).toBeInTheDocument();
  });
});
