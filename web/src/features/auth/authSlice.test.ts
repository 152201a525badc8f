// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { buildMeta, buildStreamingAccount, buildUser } from '../../test/fixtures';
import {
  accountRemoved,
  authSlice,
  initialAuthState,
  profilePictureChanged,
  profileUpdated,
  sessionExpired,
  signedIn,
  signedOut,
  startupLoaded,
  streamingAccountLinked,
  streamingAccountRemoved,
  type AuthState,
} from './authSlice';

const reduce = authSlice.reducer;

function signedInState(user = buildUser(), meta = buildMeta()): AuthState {
  return { isAuthenticated: true, signedOut: false, user, meta };
}

describe('auth reducer', () => {
  it('starts signed out, not deliberately', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual({
      isAuthenticated: false,
      signedOut: false,
      user: null,
      meta: null,
    });
  });

  describe('startupLoaded (GET /api/)', () => {
    it('signs in when the server knows the user', () => {
      const user = buildUser();
      const meta = buildMeta();
      expect(reduce(initialAuthState, startupLoaded({ user, meta }))).toEqual({
        isAuthenticated: true,
        signedOut: false,
        user,
        meta,
      });
    });

    it('is signed out when the server answers user null', () => {
      expect(reduce(signedInState(), startupLoaded({ user: null, meta: null }))).toEqual(
        initialAuthState,
      );
    });

    it('remembers a deliberate sign-out while the answer is user null', () => {
      const state = reduce(initialAuthState, signedOut());
      expect(reduce(state, startupLoaded({ user: null, meta: null })).signedOut).toBe(true);
    });
  });

  it('sign-in sets authenticated with user and meta and clears signedOut', () => {
    const user = buildUser();
    const meta = buildMeta({ daysLeft: 3 });
    const afterSignOut = reduce(signedInState(), signedOut());
    expect(reduce(afterSignOut, signedIn({ user, meta }))).toEqual({
      isAuthenticated: true,
      signedOut: false,
      user,
      meta,
    });
  });

  it('sign-out clears everything and records the deliberate sign-out', () => {
    expect(reduce(signedInState(), signedOut())).toEqual({
      isAuthenticated: false,
      signedOut: true,
      user: null,
      meta: null,
    });
  });

  it('account removal clears everything like a deliberate sign-out', () => {
    expect(reduce(signedInState(), accountRemoved())).toEqual({
      isAuthenticated: false,
      signedOut: true,
      user: null,
      meta: null,
    });
  });

  it('an expired session clears everything without counting as a deliberate sign-out', () => {
    expect(reduce(signedInState(), sessionExpired())).toEqual(initialAuthState);
  });

  it('removing a streaming account removes only that account', () => {
    const user = buildUser({
      accounts: [
        buildStreamingAccount({ id: 'acc-1', email: 'one@example.com' }),
        buildStreamingAccount({ id: 'acc-2', email: 'two@example.com', regrant: true }),
      ],
    });
    const state = reduce(signedInState(user), streamingAccountRemoved('acc-1'));
    expect(state.user?.accounts).toEqual([
      buildStreamingAccount({ id: 'acc-2', email: 'two@example.com', regrant: true }),
    ]);
  });

  it('linking an account adds it, and linking it again replaces it (regrant cleared)', () => {
    const healthy = buildStreamingAccount({ id: 'acc-1' });
    const stale = buildStreamingAccount({
      id: 'acc-2',
      spotifyUserId: 'theo.okafor',
      regrant: true,
    });
    let state = reduce(
      signedInState(buildUser({ accounts: [healthy] })),
      streamingAccountLinked(stale),
    );
    expect(state.user?.accounts).toEqual([healthy, stale]);
    state = reduce(state, streamingAccountLinked({ ...stale, regrant: false }));
    expect(state.user?.accounts).toEqual([healthy, { ...stale, regrant: false }]);
  });

  it('a picture change sets the picture id', () => {
    const state = reduce(signedInState(), profilePictureChanged('picture-9'));
    expect(state.user?.userProfilePicture).toBe('picture-9');
  });

  it('a profile update merges name, description, network, notifications and online status', () => {
    const state = reduce(
      signedInState(),
      profileUpdated({
        name: 'Ada L.',
        description: 'Jazz',
        network: 'Blue Note fans',
        notifications: { messages: false },
        showOnlineStatus: false,
      }),
    );
    expect(state.user?.name).toBe('Ada L.');
    expect(state.user?.profile).toEqual({
      description: 'Jazz',
      network: 'Blue Note fans',
      notifications: { swaps: true, messages: false, friendRequests: true },
      showOnlineStatus: false,
    });
  });

  it('a profile update leaves fields it does not name untouched', () => {
    const before = signedInState();
    const state = reduce(before, profileUpdated({ network: 'New network' }));
    expect(state.user?.name).toBe(before.user?.name);
    expect(state.user?.profile.description).toBe(before.user?.profile.description);
    expect(state.user?.profile.notifications).toEqual(before.user?.profile.notifications);
    expect(state.user?.profile.network).toBe('New network');
    expect(state.user?.profile.showOnlineStatus).toBe(before.user?.profile.showOnlineStatus);
  });

  it('user changes are ignored while nobody is signed in', () => {
    expect(reduce(initialAuthState, profileUpdated({ name: 'X' }))).toEqual(initialAuthState);
    expect(reduce(initialAuthState, profilePictureChanged('p'))).toEqual(initialAuthState);
    expect(reduce(initialAuthState, streamingAccountRemoved('a'))).toEqual(initialAuthState);
  });
});

describe('ending a session in the real store', () => {
  it('clears the other slices but keeps the feature flags', () => {
    const store = makeStore({
      auth: signedInState(),
      app: {
        ui: {
          tradesTableScrollPosition: 420,
          upgradeModalOpen: true,
          upgradeModalReason: null,
          visitOverlay: 'welcome',
        },
        featureFlags: {
          discovery: true,
          messenger: false,
          payments: true,
          trackRemovaleDate: true,
          popularityScore: false,
          tradeHistory: true,
          prerelease: true,
        },
      },
    });
    store.dispatch(signedOut());
    const state = store.getState();
    expect(state.auth).toEqual({ ...initialAuthState, signedOut: true });
    expect(state.app.ui).toEqual({
      tradesTableScrollPosition: 0,
      upgradeModalOpen: false,
      upgradeModalReason: null,
      visitOverlay: null,
    });
    expect(state.app.featureFlags.messenger).toBe(false);
    expect(state.app.featureFlags.trackRemovaleDate).toBe(true);
  });
});
