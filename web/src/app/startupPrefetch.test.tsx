import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMeta, buildUser } from '../test/fixtures';
import { renderApp } from '../test/renderApp';
import { stubApi } from '../test/stubApi';
import { prefetchStartup, takePrefetchedStartup } from '../shared/api/startupPrefetch';

const request = (path: string, method = 'GET') =>
  new Request(new URL(path, window.location.href), { method });

afterEach(() => {
  // Whatever a test prefetched and did not take is not left for the next one.
  takePrefetchedStartup(request('/api/'));
  vi.unstubAllGlobals();
});

describe('the start-up call asked by the entry', () => {
  it('answers the app’s first GET /api/, so the server is asked once', async () => {
    const api = stubApi({
      'GET /api/': { body: { user: buildUser({ name: 'Ada Lovelace' }), meta: buildMeta() } },
    });
    prefetchStartup(20_000);

    renderApp('/');

    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    expect(api.callsTo('/api/')).toHaveLength(1);
  });

  it('is taken once, and only by a GET of /api/', async () => {
    stubApi({ 'GET /api/': { body: { user: null, meta: null } } });
    prefetchStartup(20_000);

    expect(takePrefetchedStartup(request('/api/', 'POST'))).toBeUndefined();
    expect(takePrefetchedStartup(request('/api/playlists/all'))).toBeUndefined();
    const answer = takePrefetchedStartup(request('/api/'));
    expect(await (await answer!).json()).toEqual({ user: null, meta: null });
    expect(takePrefetchedStartup(request('/api/'))).toBeUndefined();
  });

  it('reports its failure as the app’s own start-up call would', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    prefetchStartup(20_000);

    renderApp('/');

    expect(
      await screen.findByRole('heading', { name: 'Curator could not start' }),
    ).toBeInTheDocument();
  });
});
