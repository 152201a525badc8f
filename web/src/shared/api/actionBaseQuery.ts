import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
import { takePrefetched } from './entryPrefetch';

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
 * RTK Query's base query for the product's API: RTK Query's own fetchBaseQuery, to this origin
 * with the session cookie, the input as JSON (an upload's FormData as it is), the answer parsed,
 * failing with TIMEOUT_ERROR after `timeoutMs`. Its errors are the shapes displayError.ts reads.
 * The first start-up call and the first screen's first reads take the answers the entry asked
 * for (entryPrefetch.ts).
 */
export function actionBaseQuery(
  timeoutMs: number,
): BaseQueryFn<ActionRequest, unknown, FetchBaseQueryError, object, ActionMeta> {
  return fetchBaseQuery({
    // Absolute, so that a Request can be made outside a page too (tests, the server's render).
    baseUrl: globalThis.location?.origin ?? '',
    credentials: 'include',
    timeout: timeoutMs,
    prepareHeaders: (headers) => {
      headers.set('accept', 'application/json');
      return headers;
    },
    // fetchBaseQuery hands fetch a Request it made.
    fetchFn: async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const prefetched = await takePrefetched({
        method: request.method,
        path: new URL(request.url).pathname,
        body: request.headers.get('content-type')?.startsWith('application/json')
          ? await request.clone().text()
          : undefined,
      });
      return prefetched ?? fetch(request);
    },
  }) as BaseQueryFn<ActionRequest, unknown, FetchBaseQueryError, object, ActionMeta>;
}
