import { authApi } from '../features/auth/authApi';
import { startupLoaded } from '../features/auth/authSlice';
import { toDisplayError, type DisplayError } from '../shared/api/displayError';
import { yieldToBrowser } from '../shared/lib/yieldToBrowser';
import type { AppStore } from './store';

export interface StartupLoaderData {
  /** Set when GET /api/ failed, so nobody knows yet whether a user is signed in. */
  startupError: DisplayError | null;
}

/**
 * The root route's loader: asks GET /api/ who is signed in before any route renders, so the
 * guard never decides on a half-loaded state.
 */
export function createStartupLoader(store: AppStore) {
  return async (): Promise<StartupLoaderData> => {
    // In a task of its own: the router calls its loaders in the task that creates it.
    await yieldToBrowser();
    const result = await store.dispatch(
      authApi.endpoints.startup.initiate(undefined, { subscribe: false, forceRefetch: true }),
    );
    if (result.data) {
      // Also done by the endpoint itself; repeated here so the state is set before rendering.
      store.dispatch(startupLoaded(result.data));
      return { startupError: null };
    }
    return { startupError: toDisplayError(result.error) };
  };
}
