import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initialAppState } from '../../shared/state/appSlice';
import { DEFAULT_FEATURE_FLAGS } from '../../shared/state/featureFlags';
import { signedInAuthState } from '../../test/fixtures';
import { renderScreen } from '../../test/renderScreen';
import { stubApi } from '../../test/stubApi';
import { buildSong } from '../catalog/catalogFixtures';
import { buildCheck, buildPlacement, buildTrade, mySong } from './tradeFixtures';
import { TradeDetailsScreen } from './TradeDetailsScreen';
import type { Trade } from './tradeTypes';

/**
 * The tradeHistory flag (on by default) covers what a swap leaves on record: completed swaps
 * (their list, tested in SongSwapsScreen.test.tsx, and their pages) and the day-by-day
 * placement record. docs/decisions.md, "Trade history is behind its flag".
 */
const placement = buildPlacement({ playlistName: 'Late Night Drive' });
const placedSong = mySong({
  Song: buildSong({ title: 'Midnight Avenue', artists: ['Ada Lovelace'] }),
  approved: 1,
  PlaylistSongs: [placement],
  checks: [
    buildCheck('2026-06-01', 'in place', placement),
    buildCheck('2026-06-02', 'moved', placement),
  ],
});
const running = buildTrade(
  { status: 'accepted', traderOneAccepted: true, traderTwoAccepted: true, startDate: '2026-06-01' },
  { mine: [placedSong] },
);
const completed = buildTrade(
  { status: 'completed', startDate: '2026-01-01', endDate: '2026-01-15' },
  { mine: [placedSong] },
);

function openTrade(trade: Trade, tradeHistory: boolean) {
  stubApi({
    'trades/tradeinfo': { body: { trade } },
    'playlists/all': {
      body: { playlists: [], limits: { playlists: 40, locksPerPlaylist: 999, managed: 0 } },
    },
  });
  renderScreen(<TradeDetailsScreen />, {
    path: `/songswap/${trade.id}`,
    pattern: '/songswap/:tradeId',
    state: {
      ...signedInAuthState(),
      app: { ...initialAppState, featureFlags: { ...DEFAULT_FEATURE_FLAGS, tradeHistory } },
    },
  });
}

const songCard = () => screen.getByRole('listitem', { name: 'Midnight Avenue' });

describe('the tradeHistory flag', () => {
  it('is on by default', () => {
    expect(DEFAULT_FEATURE_FLAGS.tradeHistory).toBe(true);
  });

  it('on: a running swap draws its day-by-day placement record', async () => {
    openTrade(running, true);
    await screen.findByRole('heading', { name: 'Song swap with Blake Rivera' });
    expect(
      within(songCard()).getByRole('img', { name: /^Placement record: 2 days checked/ }),
    ).toBeVisible();
  });

  it('on: a completed swap shows its songs and their record', async () => {
    openTrade(completed, true);
    await screen.findByRole('heading', { name: 'Song swap with Blake Rivera' });
    expect(within(songCard()).getByRole('img', { name: /^Placement record/ })).toBeVisible();
  });

  it('off: a running swap shows where its songs are now, without the day-by-day record', async () => {
    openTrade(running, false);
    await screen.findByRole('heading', { name: 'Song swap with Blake Rivera' });
    expect(songCard()).toHaveTextContent('placed it in Late Night Drive, position 5');
    expect(within(songCard()).queryByRole('img', { name: /Placement record/ })).toBeNull();
    expect(within(songCard()).queryByText(/days? checked/)).toBeNull();
  });

  it('off: a completed swap is history, so its page says so instead of showing it', async () => {
    openTrade(completed, false);
    expect(await screen.findByText('Swap history is not available')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Song swap with Blake Rivera' })).toBeNull();
    expect(screen.queryByText('Midnight Avenue')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Song Swaps' })).toHaveAttribute(
      'href',
      '/songswap',
    );
  });
});
