import type { BaseQueryFn, FetchBaseQueryError } from '@reduxjs/toolkit/query';
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
    const upload = body instanceof FormData;
    const json = body === undefined || upload ? undefined : JSON.stringify(body);
    const timeout = abortAfter(timeoutMs, signal);
    const failed = (error: unknown): { error: FetchBaseQueryError } => ({
      error: {
        status: timeout.signal.aborted && !signal.aborted ? 'TIMEOUT_ERROR' : 'FETCH_ERROR',
        error: String(error),
      },
    });
    try {
      let response: Response;
      let text: string;
      try {
        response =
          (await takePrefetched({ method, path: url, body: json })) ??
          (await fetch(url, {
            method,
            credentials: 'include',
            signal: timeout.signal,
            headers:
              json === undefined
                ? { accept: 'application/json' }
                : { accept: 'application/json', 'content-type': 'application/json' },
            body: upload ? (body as FormData) : json,
          }));
        text = await response.text();
      } catch (error) {
        return failed(error);
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
    } finally {
      timeout.clear();
    }
  };
}

/**
 * A signal aborted after `ms` (with a TimeoutError, as AbortSignal.timeout does) or when `outer`
 * is (RTK Query aborting the call); `clear` stops the clock once the answer is read.
 */
function abortAfter(ms: number, outer: AbortSignal): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The request timed out', 'TimeoutError')),
    ms,
  );
  const onAbort = () => controller.abort(outer.reason);
  if (outer.aborted) onAbort();
  else outer.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer);
      outer.removeEventListener('abort', onAbort);
    },
  };
}
