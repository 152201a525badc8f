import type { AppContext } from '../../appContext.js';

/** How long another curator's playlist is served from memory before Spotify is read again. */
export const OTHERS_PLAYLIST_TTL_MS = 60_000;
/** Entries kept per app; the oldest go first beyond it. */
const MAX_ENTRIES = 1_000;

interface Entry<Value> {
  value: Value;
  expiresAt: number;
}

/** One cache per app (tests run several apps in one process). */
const caches = new WeakMap<AppContext, Map<string, Entry<unknown>>>();

/**
 * Other curators' views of a playlist, read through its owner's Spotify token, come from this
 * instance's memory for a minute (docs/abuse-limits.md): viewers cannot drive the owner's
 * Spotify calls. `key` names the managed playlist (its row id); whether it is still visible
 * is checked before, on every view.
 */
export async function cachedForOthers<Value>(
  context: AppContext,
  key: string,
  read: () => Promise<Value>,
): Promise<Value> {
  let cache = caches.get(context);
  if (!cache) {
    cache = new Map();
    caches.set(context, cache);
  }
  const now = context.clock.now().getTime();
  const hit = cache.get(key);
  if (hit && hit.expiresAt > now) return hit.value as Value;
  const value = await read();
  cache.delete(key);
  cache.set(key, { value, expiresAt: now + OTHERS_PLAYLIST_TTL_MS });
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return value;
}
