import {
  addListener,
  type Dispatch,
  type UnknownAction,
  type UnsubscribeListener,
} from '@reduxjs/toolkit';

/** What onCacheEntryAdded is given that whileCached needs. */
export interface CacheEntryLifecycle {
  dispatch: Dispatch;
  cacheEntryRemoved: Promise<void>;
}

/**
 * Runs `effect` for every action `matches` (a realtime push: shared/realtime/realtimeSlice.ts)
 * for as long as a query's cache entry exists: how an entry follows the server's pushes. Call
 * it from the endpoint's onCacheEntryAdded, as RTK Query's streaming updates do; here the
 * socket's events arrive as actions, so the entry listens to the store. The effect runs as the
 * action is dispatched, so the entry is up to date by the time anyone reads the store. An effect
 * that finds the entry still loading changes nothing (updateCachedData skips it), and the
 * answer on its way has the change. Needs a listener middleware in the store (app/store.ts).
 */
export async function whileCached<A extends UnknownAction>(
  { dispatch, cacheEntryRemoved }: CacheEntryLifecycle,
  matches: (action: unknown) => action is A,
  effect: (action: A) => void,
): Promise<void> {
  // The listener middleware answers addListener with the function that removes it.
  const stop = dispatch(
    addListener({ predicate: matches, effect: (action) => effect(action as A) }),
  ) as unknown as UnsubscribeListener;
  try {
    await cacheEntryRemoved;
  } finally {
    stop();
  }
}
