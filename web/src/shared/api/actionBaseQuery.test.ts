// @vitest-environment node
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { actionBaseQuery, type ActionRequest } from './actionBaseQuery';

const TIMEOUT_MS = 10_000;

function call(
  request: ActionRequest,
  signal = new AbortController().signal,
  timeoutMs = TIMEOUT_MS,
) {
  return actionBaseQuery(timeoutMs)(request, { signal } as BaseQueryApi, {});
}

/** Stubs fetch with `answer`; returns the mock to read what was sent. */
function answerWith(answer: (request: Request) => Promise<Response>) {
  const fetchMock = vi.fn(answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// The page's address, which a browser has and Node has not: the API is this origin's.
beforeEach(() => {
  vi.stubGlobal('location', new URL('http://curator.test/'));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('actionBaseQuery', () => {
  it('sends an action’s input as JSON with the session cookie and answers the parsed answer', async () => {
    const fetchMock = answerWith(async () => json({ playlists: [] }));
    const result = await call({
      url: '/api/playlists/all',
      method: 'POST',
      body: { cursor: 'c1' },
    });
    expect(result).toMatchObject({ data: { playlists: [] } });
    const [sent] = fetchMock.mock.calls[0]!;
    expect(new URL(sent.url).pathname).toBe('/api/playlists/all');
    expect(sent.method).toBe('POST');
    expect(sent.credentials).toBe('include');
    expect(await sent.text()).toBe('{"cursor":"c1"}');
    expect(sent.headers.get('content-type')).toBe('application/json');
  });

  it('sends a GET without a body or a content type, and an empty answer as null', async () => {
    const fetchMock = answerWith(async () => new Response('', { status: 200 }));
    expect(await call({ url: '/api/' })).toMatchObject({ data: null });
    const [sent] = fetchMock.mock.calls[0]!;
    expect(sent.method).toBe('GET');
    expect(sent.body).toBeNull();
    expect(sent.headers.has('content-type')).toBe(false);
  });

  it('sends an upload as the FormData it is, its type set by fetch', async () => {
    const fetchMock = answerWith(async () => json({ id: 'p1' }));
    const form = new FormData();
    form.append('picture', new Blob(['png']), 'me.png');
    await call({ url: '/api/auth/profile-picture', method: 'POST', body: form });
    const [sent] = fetchMock.mock.calls[0]!;
    expect(sent.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(await sent.text()).toContain('png');
  });

  it('answers an answer outside 2xx as an error with its status and body', async () => {
    const body = { error: { code: 'CONFLICT', message: 'Already there.' } };
    answerWith(async () => json(body, 409));
    expect(await call({ url: '/api/songs/add', method: 'POST', body: {} })).toMatchObject({
      error: { status: 409, data: body },
    });
  });

  it('answers an answer that is not JSON as a PARSING_ERROR with its status and text', async () => {
    answerWith(async () => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    expect(await call({ url: '/api/', method: 'GET' })).toMatchObject({
      error: { status: 'PARSING_ERROR', originalStatus: 502, data: '<h1>Bad gateway</h1>' },
    });
  });

  it('gives every answer a meta of its own, by which a lifecycle tells answers apart', async () => {
    answerWith(async () => json({}));
    const first = await call({ url: '/api/' });
    const second = await call({ url: '/api/' });
    expect(first.meta).toBeDefined();
    expect(first.meta).not.toBe(second.meta);
  });

  it('answers no answer as a FETCH_ERROR', async () => {
    answerWith(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await call({ url: '/api/' })).toMatchObject({
      error: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' },
    });
  });

  /** A server that never answers: the request ends only when its signal aborts, as fetch does. */
  const neverAnswers = (request: Request) =>
    new Promise<Response>((_resolve, reject) => {
      const signal = request.signal;
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason));
    });

  it('gives up after its timeout with a TIMEOUT_ERROR', async () => {
    answerWith(neverAnswers);
    const result = await call({ url: '/api/' }, new AbortController().signal, 5);
    expect(result).toMatchObject({ error: { status: 'TIMEOUT_ERROR' } });
  });

  it('ends when RTK Query aborts the call, as a FETCH_ERROR, not a timeout', async () => {
    answerWith(neverAnswers);
    const aborted = new AbortController();
    const result = call({ url: '/api/' }, aborted.signal);
    aborted.abort();
    expect(await result).toMatchObject({ error: { status: 'FETCH_ERROR' } });
  });

  it('asks through the store’s server fetch when it has one, the browser’s fetch untouched', async () => {
    const browserFetch = answerWith(async () => json({ from: 'browser' }));
    const serverFetch = vi.fn(async (_input: RequestInfo | URL) => json({ from: 'server' }));
    const result = await actionBaseQuery(TIMEOUT_MS)(
      { url: '/api/playlists/all', method: 'POST', body: {} },
      { signal: new AbortController().signal, extra: { serverFetch } } as BaseQueryApi,
      {},
    );
    expect(result).toMatchObject({ data: { from: 'server' } });
    expect(browserFetch).not.toHaveBeenCalled();
    const sent = serverFetch.mock.calls[0]![0] as Request;
    expect(new URL(sent.url).pathname).toBe('/api/playlists/all');
  });
});
