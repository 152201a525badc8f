import type { BaseQueryFn, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { apiRequestInit } from './apiRequestInit';
import { takePrefetched } from './entryPrefetch';

/** A request to the product's API: an action's POST with its input, or a GET. */
export interface ActionRequest {
  url: string;
  method?: 'GET' | 'POST';
  /** Sent as JSON; a FormData (an upload) as it is, its type set by the browser. */
  body?: unknown;
}

/**
 * What an answered call carries besides its answer: the response, read. A new object for every
 * answer, so a lifecycle can tell one answer from another by it (messengerApi.ts keys the first
 * page of conversations on it).
 */
export interface ActionMeta {
  response: Response;
}

/**
 * RTK Query's base query for the product's API: the request goes to this origin with the
 * session cookie, its input as JSON, and the answer is read once and parsed, failing after
 * `timeoutMs`. The first start-up call and the first screen's first reads take the answers the
 * entry asked for (entryPrefetch.ts).
 *
 * In place of RTK Query's fetchBaseQuery, which made two Request objects of its own for every
 * call besides the one fetch makes (in Chromium here a Request with a JSON body and a signal
 * takes about 56 µs to build, its body a stream), and cloned every response to read its body
 * twice (as JSON, and as text for its meta). Here fetch gets the URL and its options, and the
 * body is read once: on a signed-in page's start, where the presence and the screen ask eight
 * or so reads in a few tasks, that work is gone from them. The errors have fetchBaseQuery's
 * shapes (displayError.ts reads them): `{ status, data }` for an answer outside 2xx,
 * FETCH_ERROR when no answer came, TIMEOUT_ERROR after `timeoutMs`, PARSING_ERROR for an answer
 * that is not JSON.
 */
export function actionBaseQuery(
  timeoutMs: number,
): BaseQueryFn<ActionRequest, unknown, FetchBaseQueryError, object, ActionMeta> {
  return async ({ url, method = 'GET', body }, { signal }) => {
    const upload = body instanceof FormData ? body : undefined;
    const json = body === undefined || upload ? undefined : JSON.stringify(body);
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      response =
        (await takePrefetched({ method, path: url, body: json })) ??
        (await fetch(
          url,
          apiRequestInit(method, upload ?? json, AbortSignal.any([signal, timeout])),
        ));
      text = await response.text();
    } catch (error) {
      return {
        error: {
          status: timeout.aborted && !signal.aborted ? 'TIMEOUT_ERROR' : 'FETCH_ERROR',
          error: String(error),
        },
      };
    }
    const meta: ActionMeta = { response };
    let data: unknown;
    try {
      data = text === '' ? null : JSON.parse(text);
    } catch (error) {
      return {
        error: {
          status: 'PARSING_ERROR',
          originalStatus: response.status,
          data: text,
          error: String(error),
        },
        meta,
      };
    }
    return response.ok ? { data, meta } : { error: { status: response.status, data }, meta };
  };
}
