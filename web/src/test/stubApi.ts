import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  path: string;
  /** The parsed JSON body (an upload's text), or undefined when none was sent. */
  body: unknown;
  contentType: string | null;
}

export interface StubResponse {
  status?: number;
  body: unknown;
}

/**
 * Answers for "METHOD /path"; a function sees the request body, and may answer later (a
 * promise), to hold a request in flight.
 */
export type StubRoutes = Record<
  string,
  StubResponse | ((body: unknown) => StubResponse | Promise<StubResponse>)
>;

/**
 * Replaces fetch at the network boundary: answers requests from `routes` as JSON and records
 * every call. Unknown paths answer 404 with an API error body, like the server.
 */
export function stubApi(routes: StubRoutes) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request
        ? input
        : new Request(new URL(String(input), window.location.href), init);
    const url = new URL(request.url);
    const text = await request.text();
    // JSON bodies parsed; an upload (multipart/form-data) kept as its text.
    const isJson = request.headers.get('content-type')?.includes('json') ?? false;
    const body: unknown = text ? (isJson ? JSON.parse(text) : text) : undefined;
    calls.push({
      method: request.method,
      path: url.pathname,
      body,
      contentType: request.headers.get('content-type'),
    });
    const route = routes[`${request.method} ${url.pathname}`];
    const answer: StubResponse = route
      ? typeof route === 'function'
        ? await route(body)
        : route
      : {
          status: 404,
          body: { error: { code: 'NOT_FOUND', message: `No stub for ${url.pathname}` } },
        };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (path: string) => calls.filter((call) => call.path === path),
  };
}

export const signedOutStartup: StubResponse = { body: { user: null, meta: null } };
