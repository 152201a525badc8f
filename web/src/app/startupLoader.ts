import { redirect, type LoaderFunctionArgs } from 'react-router';
import { authApi } from '../features/auth/authApi';
import { selectAuth, startupLoaded } from '../features/auth/authSlice';
import { guestOnlyRouteDecision, protectedRouteDecision } from '../features/auth/guardRules';
import { toDisplayError, type DisplayError } from '../shared/api/displayError';
import type { AppStore } from './store';

export interface StartupLoaderData {
  /** Set when GET /api/ failed, so nobody knows yet whether a user is signed in. */
  startupError: DisplayError | null;
}

/** The one start-up read of each store; the guards' loaders, run beside the root's, wait for it. */
const startups = new WeakMap<AppStore, Promise<StartupLoaderData>>();

/** Asks GET /api/ who is signed in, once per store, and puts the answer where the app reads it. */
export function startupOf(store: AppStore): Promise<StartupLoaderData> {
  let startup = startups.get(store);
  if (!startup) {
    startup = store
      .dispatch(
        authApi.endpoints.startup.initiate(undefined, { subscribe: false, forceRefetch: true }),
      )
      .then((result) => {
        if (!result.data) return { startupError: toDisplayError(result.error) };
        // Also done by the endpoint itself; repeated here so the state is set before rendering.
        store.dispatch(startupLoaded(result.data));
        return { startupError: null };
      });
    startups.set(store, startup);
  }
  return startup;
}

/**
 * The root route's loader: who is signed in is known before any route renders, so the guard
 * never decides on a half-loaded state.
 */
export function createStartupLoader(store: AppStore) {
  return () => startupOf(store);
}

/**
 * The loader of the signed-in routes' guard: a visitor, or a curator the guard sends elsewhere,
 * is redirected before anything renders (on the server, an HTTP redirect). The layout keeps the
 * same rule for changes after the page is open (signing out, a session that ends).
 */
export function createProtectedLoader(store: AppStore) {
  return async ({ request }: LoaderFunctionArgs) => {
    // Unknown who is signed in (GET /api/ failed): the root layout says so, nobody is sent on.
    if ((await startupOf(store)).startupError) return null;
    const auth = selectAuth(store.getState());
    const decision = protectedRouteDecision(auth, new URL(request.url));
    if (decision.kind === 'redirect') throw redirect(decision.to);
    return null;
  };
}

/** The loader of the guest-only routes (/signin, /signup): a signed-in curator goes on. */
export function createGuestOnlyLoader(store: AppStore) {
  return async ({ request }: LoaderFunctionArgs) => {
    if ((await startupOf(store)).startupError) return null;
    const decision = guestOnlyRouteDecision(selectAuth(store.getState()), new URL(request.url));
    if (decision.kind === 'redirect') throw redirect(decision.to);
    return null;
  };
}
