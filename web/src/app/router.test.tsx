import { act, screen, waitFor, within } from '@testing-library/react';
import { fakeSockets, latestSocket } from '../test/fakeSocket';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildMeta, buildUser } from '../test/fixtures';
import { currentPath, renderApp } from '../test/renderApp';
import { signedOutStartup, stubApi } from '../test/stubApi';
import { DEFAULT_FEATURE_FLAGS } from '../shared/state/featureFlags';
import { initialAppState } from '../shared/state/appSlice';
import { initialTradesUiState } from '../features/songswap/tradesUiSlice';
import { buildTrade, CASEY, tradesAnswer } from '../features/songswap/tradeFixtures';

const user = buildUser();
const meta = buildMeta({ daysLeft: 9 });
const signedInStartup = { body: { user, meta } };

describe('start-up and the guard', () => {
  it('sends a visitor to sign in with the wanted path, and there after signing in', async () => {
    const api = stubApi({
      startup: signedOutStartup,
      'auth/signin': { body: { user, meta } },
    });
    const { router, store } = renderApp('/catalog?sort=new');

    await screen.findByRole('heading', { name: 'Sign in to Curator' });
    expect(currentPath(router)).toBe('/signin?redirect=%2Fcatalog%3Fsort%3Dnew');

    const input = userEvent.setup();
    await input.type(screen.getByLabelText('E-mail'), user.email);
    await input.type(screen.getByLabelText('Password'), 'correct horse');
    await input.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('heading', { name: 'Song Catalog' });
    expect(currentPath(router)).toBe('/catalog?sort=new');
    expect(store.getState().auth).toEqual({
      isAuthenticated: true,
      signedOut: false,
      user,
      meta,
    });
    expect(api.callsTo('startup')).toHaveLength(1);
  });

  it('sends a visitor at the root path to plain /signin', async () => {
    stubApi({ startup: signedOutStartup });
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Sign in to Curator' });
    expect(currentPath(router)).toBe('/signin');
  });

  it('shows Home to a signed-in user, with the trial status', async () => {
    stubApi({ startup: signedInStartup });
    renderApp('/');
    expect(
      await screen.findByRole('heading', { name: `Welcome, ${user.name}` }),
    ).toBeInTheDocument();
    // The shell's trial banner loads just after the first paint.
    expect(await screen.findByText('You have 9 days left in your trial')).toBeInTheDocument();
  });

  it("sends a signed-in user from /signin and /signup to '/'", async () => {
    stubApi({ startup: signedInStartup });
    const { router } = renderApp('/signup');
    await screen.findByRole('heading', { name: `Welcome, ${user.name}` });
    expect(currentPath(router)).toBe('/');
  });

  it('explains when the start-up call fails instead of guessing who is signed in', async () => {
    stubApi({
      startup: { status: 500, body: { error: { code: 'INTERNAL', message: 'Database down' } } },
    });
    renderApp('/playlists');
    expect(
      await screen.findByRole('heading', { name: 'Curator could not start' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Database down')).toBeInTheDocument();
  });

  it("shows React Router's fallback heading for an unmatched route", async () => {
    stubApi({ startup: signedOutStartup });
    renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('404 Not Found')).toBeInTheDocument();
  });

  it('forgets the session and asks to sign in again when a call answers UNAUTHENTICATED', async () => {
    stubApi({
      startup: signedInStartup,
      'auth/profile': {
        status: 401,
        body: { error: { code: 'UNAUTHENTICATED', message: 'Sign in to continue.' } },
      },
    });
    const { router, store } = renderApp('/profile');
    await screen.findByRole('heading', { name: 'Your Profile' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save changes' }));

    await screen.findByRole('heading', { name: 'Sign in to Curator' });
    expect(currentPath(router)).toBe('/signin?redirect=%2Fprofile');
    expect(store.getState().auth.user).toBeNull();
    expect(store.getState().auth.signedOut).toBe(false);
  });
});

describe('the shell', () => {
  it('lists the eight sidebar entries in order and marks the current one', async () => {
    stubApi({ startup: signedInStartup });
    renderApp('/network/profile/u-2');
    await screen.findByRole('heading', { name: 'Curator not found' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Playlists', '/playlists'],
      ['Song Catalog', '/catalog'],
      ['Song Swaps', '/songswap'],
      ['My Network', '/network'],
      ['Discovery', '/discovery'],
      ['Messenger', '/messenger'],
      ['Your Profile', '/profile'],
    ]);
    expect(within(nav).getByRole('link', { name: 'My Network' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('hides Messenger while the messenger flag is off', async () => {
    stubApi({ startup: signedInStartup });
    renderApp('/', {
      app: { ...initialAppState, featureFlags: { ...DEFAULT_FEATURE_FLAGS, messenger: false } },
    });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Messenger' })).not.toBeInTheDocument();
    expect(within(nav).getAllByRole('link')).toHaveLength(7);
  });

  it('shows the Discovery badge from network/requests, live with FriendRequestChanged pushes', async () => {
    stubApi({
      startup: signedInStartup,
      'users/network/requests': {
        body: { requests: [], nextCursor: null, requestsReceived: 2 },
      },
    });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByLabelText('2 friend requests received')).toHaveTextContent('2');
    expect(within(nav).queryByLabelText(/unread messages/)).not.toBeInTheDocument();

    await waitFor(() => expect(fakeSockets.length).toBeGreaterThan(0));
    act(() =>
      latestSocket().serverPushes('onlytome', {
        type: 'FriendRequestChanged',
        request: { userId: 'someone', change: 'sent' },
        response: { relation: 'requestReceived', requestsReceived: 3 },
      }),
    );
    expect(within(nav).getByLabelText('3 friend requests received')).toHaveTextContent('3');
  });

  it('signs out: calls auth/signout without a body, clears all state, goes to /signin', async () => {
    const api = stubApi({
      startup: signedInStartup,
      'auth/signout': { body: { success: true } },
    });
    const { router, store } = renderApp('/songswap', {
      app: {
        ...initialAppState,
        ui: {
          tradesTableScrollPosition: 200,
          upgradeModalOpen: false,
          upgradeModalReason: null,
          visitOverlay: null,
        },
      },
    });
    const input = userEvent.setup();
    await input.click(await screen.findByRole('button', { name: `Account menu for ${user.name}` }));
    await input.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));

    await screen.findByRole('heading', { name: 'Sign in to Curator' });
    expect(currentPath(router)).toBe('/signin');
    const [signout] = api.callsTo('auth/signout');
    expect(signout).toMatchObject({ method: 'POST', body: undefined, contentType: null });
    const state = store.getState();
    expect(state.auth).toEqual({ isAuthenticated: false, signedOut: true, user: null, meta: null });
    expect(state.app.ui.tradesTableScrollPosition).toBe(0);
    expect(state.api.queries).toEqual({});
  });

  it('resets the trades scroll position and selection on leaving the song-swap area only', async () => {
    stubApi({ startup: signedInStartup });
    const { store } = renderApp('/songswap/t-1', {
      app: {
        ...initialAppState,
        ui: {
          tradesTableScrollPosition: 480,
          upgradeModalOpen: false,
          upgradeModalReason: null,
          visitOverlay: null,
        },
      },
      tradesUi: { ...initialTradesUiState, selectedTradeId: 't-1' },
    });
    const input = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: 'Main' });

    await input.click(within(nav).getByRole('link', { name: 'Song Swaps' }));
    await screen.findByRole('heading', { name: 'Song Swaps' });
    expect(store.getState().app.ui.tradesTableScrollPosition).toBe(480);
    expect(store.getState().tradesUi.selectedTradeId).toBe('t-1');

    await input.click(within(nav).getByRole('link', { name: 'Song Catalog' }));
    await screen.findByRole('heading', { name: 'Song Catalog' });
    // The shell resets them in an effect, which may run in a task after the screen's commit.
    await waitFor(() => {
      expect(store.getState().app.ui.tradesTableScrollPosition).toBe(0);
      expect(store.getState().tradesUi.selectedTradeId).toBeNull();
    });
  });

  it('forgets the swap filters on leaving the song-swap area', async () => {
    const withBlake = buildTrade({ createdAt: '2026-06-03T10:00:00.000Z' });
    const withCasey = buildTrade({ createdAt: '2026-06-01T10:00:00.000Z' }, { trader: CASEY });
    stubApi({
      startup: signedInStartup,
      'trades/all': {
        body: tradesAnswer({ pending: [withBlake, withCasey] }, { pending: null }),
      },
    });
    renderApp('/songswap');
    const input = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

    await screen.findByRole('table');
    await input.selectOptions(screen.getByLabelText('Curator'), 'Casey Moreno');
    expect(rows()).toHaveLength(1);

    await input.click(within(nav).getByRole('link', { name: 'Song Catalog' }));
    await screen.findByRole('heading', { name: 'Song Catalog' });
    await input.click(within(nav).getByRole('link', { name: 'Song Swaps' }));

    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByLabelText('Curator')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('shows the crash screen in the content area for ?crash=render and reports it', async () => {
    const api = stubApi({
      startup: signedInStartup,
      'app/log/error': { body: { success: true } },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/?crash=render');
    expect(await screen.findByRole('heading', { name: 'Application Error' })).toBeInTheDocument();
    expect(screen.getByText('Render crash requested with ?crash=render')).toBeInTheDocument();
    // The shell stays usable around the crashed screen.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('app/log/error')).toHaveLength(1));
  });
});

describe('deleting the account', () => {
  it('asks to confirm, then who it is (a wrong password shown), then deletes and signs out', async () => {
    let reauthenticated = false;
    const api = stubApi({
      startup: signedInStartup,
      'auth/removeaccount': () =>
        reauthenticated
          ? { body: { success: true } }
          : {
              status: 403,
              body: {
                error: {
                  code: 'REAUTHENTICATION_REQUIRED',
                  message: 'Confirm it is you before this change: enter your password again.',
                },
              },
            },
      'security/reauthenticate': (input) => {
        if ((input as { password?: string }).password !== 'right password') {
          return {
            status: 400,
            body: {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'The password is incorrect.',
                fields: { password: 'The password is incorrect.' },
              },
            },
          };
        }
        reauthenticated = true;
        return { body: { success: true, until: '2026-12-06T00:10:00.000Z' } };
      },
    });
    const { router, store } = renderApp('/profile/security');
    const input = userEvent.setup();
    await input.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await input.click(within(dialog).getByRole('button', { name: 'Delete account' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await input.type(within(confirm).getByLabelText('Your password'), 'wrong');
    await input.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await within(confirm).findByText('The password is incorrect.')).toBeInTheDocument();

    await input.clear(within(confirm).getByLabelText('Your password'));
    await input.type(within(confirm).getByLabelText('Your password'), 'right password');
    await input.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    expect(
      await screen.findByText('Your account and all of its data have been deleted.'),
    ).toBeInTheDocument();
    expect(currentPath(router)).toBe('/signin');
    expect(store.getState().auth).toEqual({
      isAuthenticated: false,
      signedOut: true,
      user: null,
      meta: null,
    });
    expect(api.callsTo('auth/removeaccount').map((call) => call.body)).toEqual([{}, {}]);
  });
});
