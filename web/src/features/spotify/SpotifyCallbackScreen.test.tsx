import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../shared/lib/browserNavigation';
import {
  buildMeta,
  buildStreamingAccount,
  buildUser,
  signedInAuthState,
} from '../../test/fixtures';
import { renderScreen } from '../../test/renderScreen';
import { stubApi } from '../../test/stubApi';
import { SpotifyCallbackScreen } from './SpotifyCallbackScreen';

const STATE = 'state-0123456789abcdef';
const linked = buildStreamingAccount({
  id: 'acc-new',
  displayName: 'Theo Okafor',
  spotifyUserId: 'theo.okafor',
});
const newcomer = buildUser({ accounts: [] });

function openCallback(query: string) {
  return renderScreen(<SpotifyCallbackScreen />, {
    path: `/spotify/callback?${query}`,
    pattern: '/spotify/callback',
    state: signedInAuthState(newcomer),
    strict: true,
  });
}

describe('/spotify/callback', () => {
  it('completes the link once, even in StrictMode, and reads the user again', async () => {
    const api = stubApi({
      'auth/spotify/callback': { body: { account: linked, relinked: false } },
      startup: { body: { user: buildUser({ accounts: [linked] }), meta: buildMeta() } },
    });
    const { store } = openCallback(`code=the-code&state=${STATE}`);

    expect(screen.getByRole('status')).toHaveTextContent('Connecting your Spotify account…');
    expect(
      await screen.findByRole('heading', { name: 'Connected Theo Okafor' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Playlists' })).toHaveAttribute(
      'href',
      '/playlists',
    );
    expect(api.callsTo('auth/spotify/callback').map((call) => call.body)).toEqual([
      { state: STATE, code: 'the-code' },
    ]);
    expect(store.getState().auth.user?.accounts).toEqual([linked]);
    await waitFor(() => expect(api.callsTo('startup')).toHaveLength(1));
  });

  it('says the person cancelled when Spotify answers access_denied', async () => {
    const api = stubApi({
      'auth/spotify/callback': {
        status: 400,
        body: {
          error: { code: 'SPOTIFY_DENIED', message: 'You cancelled the connection on Spotify.' },
        },
      },
    });
    openCallback(`error=access_denied&state=${STATE}`);
    expect(await screen.findByText('You cancelled the connection')).toBeInTheDocument();
    expect(api.callsTo('auth/spotify/callback')[0]?.body).toEqual({
      state: STATE,
      error: 'access_denied',
    });
    expect(screen.getByRole('button', { name: 'Connect Spotify Account' })).toBeInTheDocument();
  });

  it("explains the plan's account limit and links to the plans", async () => {
    stubApi({
      'auth/spotify/callback': {
        status: 403,
        body: {
          error: {
            code: 'PLAN_LIMIT',
            message: 'Your plan allows 1 Spotify account.',
            details: { limit: 1, current: 1, plan: 'starter', resource: 'spotifyAccounts' },
          },
        },
      },
    });
    openCallback(`code=the-code&state=${STATE}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Plan limit reached');
    expect(alert).toHaveTextContent(
      'Your Starter plan allows 1 linked Spotify account, and you have 1.',
    );
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/account/upgrade',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('shows other failures with a way to try again', async () => {
    stubApi({
      'auth/spotify/callback': {
        status: 502,
        body: { error: { code: 'INTERNAL', message: 'Spotify did not answer. Try again.' } },
      },
    });
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    openCallback(`code=the-code&state=${STATE}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Spotify did not answer. Try again.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(assign).toHaveBeenCalledWith('/api/auth/spotify/authorize');
  });

  it('has nothing to do without a state', () => {
    const api = stubApi({});
    openCallback('');
    expect(screen.getByText('No Spotify connection is in progress')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
