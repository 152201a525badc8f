import {
  configureStore,
  createListenerMiddleware,
  isRejectedWithValue,
  type ListenerMiddlewareInstance,
  type Middleware,
} from '@reduxjs/toolkit';
import { setAutoFreeze } from 'immer';
import { authApi } from '../features/auth/authApi';
import { endSession } from '../features/auth/endSession';
import type { ServerFetch } from '../shared/api/actionBaseQuery';
import { api } from '../shared/api/baseApi';
import { toDisplayError } from '../shared/api/displayError';
import { rootReducer, type RootState } from './rootReducer';

export type { RootState } from './rootReducer';

type Listener = ListenerMiddlewareInstance;

const errorCodeOf = (payload: unknown) =>
  toDisplayError(payload as Parameters<typeof toDisplayError>[0])?.code;

/**
 * Any call answered UNAUTHENTICATED while we believe we are signed in means the session is
 * gone (expired, or ended by a password reset elsewhere): forget it, and the guard sends
 * the user to sign in with a redirect back.
 */
function listenForLostSession(listener: Listener) {
  listener.startListening({
    predicate: (action, state) =>
      isRejectedWithValue(action) &&
      (state as RootState).auth.isAuthenticated &&
      errorCodeOf(action.payload) === 'UNAUTHENTICATED',
    effect: (_action, { dispatch }) => endSession(dispatch, 'expired'),
  });
}

/**
 * A call answered SPOTIFY_REAUTHORIZE: the server has just marked a linked account as needing
 * re-authorisation. The user is read again at once, so the accounts' flags (and with them the
 * shell's warning or the forced redirect to /spotify) are current without waiting for the
 * periodic refresh.
 */
function listenForRevokedSpotifyGrant(listener: Listener) {
  listener.startListening({
    predicate: (action, state) =>
      isRejectedWithValue(action) &&
      (state as RootState).auth.isAuthenticated &&
      errorCodeOf(action.payload) === 'SPOTIFY_REAUTHORIZE',
    effect: async (_action, { dispatch, cancelActiveListeners, delay }) => {
      // Several calls failing together ask once.
      cancelActiveListeners();
      await delay(50);
      await dispatch(
        authApi.endpoints.startup.initiate(undefined, { subscribe: false, forceRefetch: true }),
      );
    },
  });
}

// Immer freezes every object a reducer stores, walking each answer RTK Query keeps: a
// playlist of 300 tracks is thousands of objects, frozen in the task that shows it. Freezing
// only catches code that mutates the state, so it stays on where that code runs under watch
// (development and the tests) and is off in the production build (docs/decisions.md, "Immer's
// freezing only in development").
setAutoFreeze(import.meta.env.DEV);

/**
 * A store made on the server to render one page keeps every answer it read until the page is
 * written. RTK Query drops an answer nothing subscribes to once its keepUnusedDataFor has
 * passed (0 s for the live Spotify reads a screen starts unsubscribed): dropped during the
 * render, it was on the page but not in the page's data, so the browser rendered the screen
 * without it, React's hydration failed and the whole page was rendered afresh.
 */
function keepingEveryAnswer(onServer: boolean): Middleware<object, RootState> {
  return () => (next) => (action) =>
    onServer && api.internalActions.removeQueryResult.match(action) ? action : next(action);
}

/**
 * Makes the store; tests pass the state they start from. A store made on the server to render
 * one page is given the server's fetch for its queries (ServerFetch).
 */
export function makeStore(preloadedState?: Partial<RootState>, server?: ServerFetch) {
  // The one listener middleware: the rules above, and the realtime pushes that cache entries
  // follow while they exist (shared/api/whileCached.ts adds those with addListener).
  const listener = createListenerMiddleware();
  listenForLostSession(listener);
  listenForRevokedSpotifyGrant(listener);
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware(server ? { thunk: { extraArgument: server } } : undefined)
        .prepend(keepingEveryAnswer(server !== undefined), listener.middleware)
        .concat(api.middleware),
    // RTK Query's cache updates (updateQueryData, how realtime pushes are applied) would
    // otherwise tell subscribers on the next animation frame; a push shows the moment it is
    // applied, like every other change. React batches the renders all the same.
    enhancers: (getDefaultEnhancers) => getDefaultEnhancers({ autoBatch: false }),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
