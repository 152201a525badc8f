import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../shared/lib/browserNavigation';
import {
  buildMeta,
  buildStreamingAccount,
  buildUser,
  signedInAuthState,
} from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';
import { renderScreen } from '../../test/renderScreen';
import { stubApi } from '../../test/stubApi';
import { SpotifyScreen } from './SpotifyScreen';

const healthy = buildStreamingAccount({
  id: '6f1c1f4e-7c47-4d3c-9a53-0d2b1b0c0a01',
  imageUrl: '/_spotify/images/mara.svg',
});
const stale = buildStreamingAccount({
  id: '6f1c1f4e-7c47-4d3c-9a53-0d2b1b0c0a02',
  displayName: 'Theo Okafor',
  email: 'Theo Okafor',
  spotifyUserId: 'theo.okafor',
  regrant: true,
});

describe('/spotify', () => {
  it('lists the accounts with their status, and the plan limit', () => {
    renderScreen(<SpotifyScreen />, {
      path: '/spotify',
      state: signedInAuthState(buildUser({ accounts: [healthy, stale] })),
    });
    const rows = within(screen.getByRole('list', { name: 'Linked Spotify accounts' })).getAllByRole(
      'listitem',
    );
    expect(rows[0]).toHaveTextContent('Mara Velden');
    expect(rows[0]).toHaveTextContent('Spotify user id: mara.velden');
    expect(rows[0]).toHaveTextContent('Connected');
    expect(rows[1]).toHaveTextContent('Needs re-authorisation');
    expect(
      within(rows[1]!).getByRole('button', { name: 'Re-authorise Theo Okafor' }),
    ).toBeVisible();
    expect(within(rows[0]!).queryByRole('button', { name: /Re-authorise/ })).toBeNull();
    // A running trial has the Pro limits: 3 accounts.
    expect(screen.getByText('2 of 3').closest('p')).toHaveTextContent(
      '2 of 3 Spotify accounts linked · Trial (Pro limits) plan',
    );
  });

  it('re-authorises and connects another account through Spotify', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    renderScreen(<SpotifyScreen />, {
      path: '/spotify',
      state: signedInAuthState(buildUser({ accounts: [healthy, stale] })),
    });
    const input = userEvent.setup();
    await input.click(screen.getByRole('button', { name: 'Re-authorise Theo Okafor' }));
    await input.click(screen.getByRole('button', { name: 'Connect another account' }));
    expect(assign.mock.calls).toEqual([
      ['/api/auth/spotify/authorize'],
      ['/api/auth/spotify/authorize'],
    ]);
  });

  it('offers no further account at the plan limit', () => {
    renderScreen(<SpotifyScreen />, {
      path: '/spotify',
      state: signedInAuthState(buildUser({ accounts: [healthy], customer: { plan: 'free' } })),
    });
    expect(screen.getByRole('button', { name: 'Connect another account' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/account/upgrade',
    );
  });

  it('unlinks after confirmation and forgets the account', async () => {
    const api = stubApi({
      'auth/spotify/removeaccount': { body: { success: true, accountId: stale.id } },
    });
    const { store } = renderScreen(<SpotifyScreen />, {
      path: '/spotify',
      state: signedInAuthState(buildUser({ accounts: [healthy, stale] })),
    });
    const input = userEvent.setup();
    await input.click(screen.getByRole('button', { name: 'Unlink Theo Okafor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink Theo Okafor?' });
    await input.click(within(dialog).getByRole('button', { name: 'Unlink' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('auth/spotify/removeaccount')[0]?.body).toEqual({ accountId: stale.id });
    expect(store.getState().auth.user?.accounts).toEqual([healthy]);
    expect(screen.queryByText('Theo Okafor')).not.toBeInTheDocument();
  });
});

describe('the forced redirect and the re-authorisation warning', () => {
  it('sends a user whose every account needs re-authorisation to /spotify', async () => {
    stubApi({
      startup: { body: { user: buildUser({ accounts: [stale] }), meta: buildMeta() } },
    });
    const { router } = renderApp('/playlists');
    expect(
      await screen.findByRole('heading', { name: 'Spotify accounts', level: 1 }),
    ).toBeVisible();
    expect(currentPath(router)).toBe('/spotify');
    expect(screen.getByText('Spotify needs your permission again')).toBeInTheDocument();
  });

  it('reads the user again when Spotify refuses a revoked grant, and so lands on /spotify', async () => {
    let user = buildUser({ accounts: [healthy] });
    const api = stubApi({
      startup: () => ({ body: { user, meta: buildMeta() } }),
      'playlists/info': { body: { playlistsInfo: {} } },
      'playlists/all': {
        body: { playlists: [], limits: { playlists: 40, locksPerPlaylist: 999, managed: 0 } },
      },
      'playlists/playlists': () => {
        user = buildUser({ accounts: [{ ...healthy, regrant: true }] });
        return {
          status: 409,
          body: {
            error: {
              code: 'SPOTIFY_REAUTHORIZE',
              message: 'Spotify no longer accepts this account’s authorisation.',
            },
          },
        };
      },
    });
    const { router } = renderApp('/playlists');
    expect(
      await screen.findByRole('heading', { name: 'Spotify accounts', level: 1 }),
    ).toBeVisible();
    expect(currentPath(router)).toBe('/spotify');
    // Read once at start and again after the refusal; a screen's read that fails again more than
    // the listener's 50 ms apart (the route's loader, then the screen's own subscription) may
    // ask once more, so only "again" is held here.
    expect(api.callsTo('startup').length).toBeGreaterThanOrEqual(2);
  });

  it('only warns, with a link to /spotify, when some accounts still work', async () => {
    stubApi({
      startup: { body: { user: buildUser({ accounts: [healthy, stale] }), meta: buildMeta() } },
    });
    const { router } = renderApp('/catalog');
    await screen.findByRole('heading', { name: 'Song Catalog' });
    expect(currentPath(router)).toBe('/catalog');
    // The shell's notices load just after the first paint.
    expect(
      await screen.findByText(/One of your Spotify accounts needs to be authorised again/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Re-authorise on Spotify accounts' })).toHaveAttribute(
      'href',
      '/spotify',
    );
  });
});
