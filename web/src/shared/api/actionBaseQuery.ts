import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';

/** A request to the product's API: an action's POST with its input, or a GET. */
export interface ActionRequest {
  url: string;
  method?: 'GET' | 'POST';
  /** Sent as JSON; a FormData (an upload) as it is, its type set by the browser. */
  body?: unknown;
}

/**
 * What an answered call carries besides its answer: fetchBaseQuery's request and response, a
 * new object for every answer, so a lifecycle can tell one answer from another by it
 * (messengerApi.ts keys the first page of conversations on it).
 */
export type ActionMeta = FetchBaseQueryMeta;

/**
 * What a store made on the server for one page gives its queries (its thunks' extra argument):
 * the fetch that answers the product's API inside the server, as the page's caller.
 */
export interface ServerFetch {
  serverFetch: typeof fetch;
}

/** The origin of requests made on the server: only their path reaches the API. */
const SERVER_ORIGIN = 'http://curator.server';

/**
 * RTK Query's base query for the product's API: RTK Query's own fetchBaseQuery, to this origin
 * with the session cookie, the input as JSON (an upload's FormData as it is), the answer parsed,
 * failing with TIMEOUT_ERROR after `timeoutMs`. Its errors are the shapes displayError.ts reads.
 * A store made on the server to render a page (its extra argument a ServerFetch) asks through
 * the server's own fetch instead.
 */
export function actionBaseQuery(
  timeoutMs: number,
): BaseQueryFn<ActionRequest, unknown, FetchBaseQueryError, object, ActionMeta> {
  const options = (baseUrl: string, fetchFn?: typeof fetch) =>
    fetchBaseQuery({
      baseUrl,
      credentials: 'include',
      timeout: timeoutMs,
      prepareHeaders: (headers) => {
        headers.set('accept', 'application/json');
        return headers;
      },
      ...(fetchFn ? { fetchFn } : {}),
    }) as BaseQueryFn<ActionRequest, unknown, FetchBaseQueryError, object, ActionMeta>;
  // Absolute, so that a Request can be made outside a page too (tests).
  const inBrowser = options(globalThis.location?.origin ?? '');
  const onServer = new WeakMap<typeof fetch, ReturnType<typeof options>>();
  return (request, api, extraOptions) => {
    const serverFetch = (api.extra as Partial<ServerFetch> | undefined)?.serverFetch;
    if (!serverFetch) return inBrowser(request, api, extraOptions);
    let query = onServer.get(serverFetch);
    if (!query) onServer.set(serverFetch, (query = options(SERVER_ORIGIN, serverFetch)));
    return query(request, api, extraOptions);
  };
}
