import { configureStore, createListenerMiddleware, isRejectedWithValue } from '@reduxjs/toolkit';
import { authApi } from '../features/auth/authApi';
import { endSession } from '../features/auth/endSession';
import { listenForMessengerEvents } from '../features/messenger/messengerListener';
import { api } from '../shared/api/baseApi';
import { toDisplayError } from '../shared/api/displayError';
import { rootReducer, type RootState } from './rootReducer';

export type { RootState } from './rootReducer';

/**
 * Any call answered UNAUTHENTICATED while we believe we are signed in means the session is
 * gone (expired, or ended by a password reset elsewhere): forget it, and the guard sends
 * the user to sign in with a redirect back.
 */
function listenForLostSession() {
  const listener = createListenerMiddleware();
  listener.startListening({
    predicate: (action, state) =>
      isRejectedWithValue(action) &&
      (state as RootState).auth.isAuthenticated &&
      toDisplayError(action.payload as Parameters<typeof toDisplayError>[0])?.code ===
        'UNAUTHENTICATED',
    effect: (_action, { dispatch }) => endSession(dispatch, 'expired'),
  });
  return listener.middleware;
}

/**
 * A call answered SPOTIFY_REAUTHORIZE: the server has just marked a linked account as needing
 * re-authorisation. The user is read again at once, so the accounts' flags (and with them the
 * shell's warning or the forced redirect to /spotify) are current without waiting for the
 * periodic refresh.
 */
function listenForRevokedSpotifyGrant() {
  const listener = createListenerMiddleware();
  listener.startListening({
    predicate: (action, state) =>
      isRejectedWithValue(action) &&
      (state as RootState).auth.isAuthenticated &&
      toDisplayError(action.payload as Parameters<typeof toDisplayError>[0])?.code ===
        'SPOTIFY_REAUTHORIZE',
    effect: async (_action, { dispatch, cancelActiveListeners, delay }) => {
      // Several calls failing together ask once.
      cancelActiveListeners();
      await delay(50);
      await dispatch(
        authApi.endpoints.startup.initiate(undefined, { subscribe: false, forceRefetch: true }),
      );
    },
  });
  return listener.middleware;
}

/** Makes the store; tests pass the state they start from. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware()
        .prepend(listenForLostSession(), listenForRevokedSpotifyGrant())
        // Realtime events (onlytome by type, reconnects) that features answer with calls.
        .concat(api.middleware, listenForMessengerEvents()),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
