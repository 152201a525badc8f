/**
 * How the entry asks its API (entryPrefetch.ts): to this origin with the session cookie, the input as JSON (a FormData, an upload, as it
 * is, its type set by the browser), ending when `signal` aborts.
 */
export function apiRequestInit(
  method: string,
  body: string | FormData | undefined,
  signal: AbortSignal,
): RequestInit {
  return {
    method,
    credentials: 'include',
    signal,
    headers:
      typeof body === 'string'
        ? { accept: 'application/json', 'content-type': 'application/json' }
        : { accept: 'application/json' },
    body,
  };
}
