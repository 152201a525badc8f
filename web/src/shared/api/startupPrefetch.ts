import { STARTUP_PATH } from '../../../../common/api/app/startupPath.js';

/**
 * The start-up call, asked by the entry as soon as it runs (main.tsx), while the app's
 * JavaScript still loads, instead of after it: the first screen waits for one of the two, not
 * for both in turn (docs/ARCHITECTURE.md, "First load"). The API's first GET of STARTUP_PATH
 * takes the answer (baseApi.ts); every later one asks the server.
 */
let prefetched: Promise<Response> | undefined;

/** Starts GET /api/ as the app's own request would (cookies included), failing after `timeoutMs`. */
export function prefetchStartup(timeoutMs: number): void {
  prefetched = fetch(STARTUP_PATH, {
    credentials: 'include',
    signal: AbortSignal.timeout(timeoutMs),
  });
  // A failure is the app's to report when it takes the answer; until then it is not unhandled.
  prefetched.catch(() => {});
}

/** The prefetched answer for `request` when it is the first GET of STARTUP_PATH, once. */
export function takePrefetchedStartup(request: Request): Promise<Response> | undefined {
  if (!prefetched || request.method !== 'GET') return undefined;
  if (new URL(request.url, window.location.href).pathname !== STARTUP_PATH) return undefined;
  const answer = prefetched;
  prefetched = undefined;
  return answer;
}
