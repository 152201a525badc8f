import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endSession } from '../features/auth/endSession';
import { buildConversation } from '../features/messenger/messengerFixtures';
import {
  dropPrefetched,
  PREFETCH_FRESH_MS,
  prefetchAnswer,
  prefetchStartup,
  prefetchWhenSignedIn,
  takeCarriedAnswers,
  takePrefetched,
} from '../shared/api/entryPrefetch';
import { buildTrade, CASEY, tradesAnswer } from '../features/songswap/tradeFixtures';
import { buildMeta, buildStreamingAccount, buildUser } from '../test/fixtures';
import { ACCOUNT_ID, buildManaged, buildPlaylist } from '../test/playlistFixtures';
import { renderApp } from '../test/renderApp';
import { stubApi, type StubRoutes } from '../test/stubApi';
import {
  CARRIED_ANSWERS_ID,
  SIGNED_IN_ACCOUNT_READS,
  SIGNED_IN_RENDERED_SCREENS,
} from '../../../common/build/prerenderedScreens';
import { firstScreenReads } from './firstScreenReads';

const request = (path: string, method = 'GET', body?: unknown) => ({
  method,
  path,
  body: body === undefined ? undefined : JSON.stringify(body),
});

afterEach(() => {
  // Whatever a test prefetched and did not take is not left for the next one.
  dropPrefetched();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** What main.tsx asks before the app runs, for a page opened at `path`. */
function openedByAddress(path: string) {
  const address = new URL(path, window.location.href);
  prefetchStartup(20_000);
  prefetchWhenSignedIn(firstScreenReads(address.pathname, address.search), 20_000);
  return renderApp(path);
}

describe('the start-up call asked by the entry', () => {
  it('answers the app’s first GET /api/, so the server is asked once', async () => {
    const api = stubApi({
      startup: { body: { user: buildUser({ name: 'Ada Lovelace' }), meta: buildMeta() } },
    });

    openedByAddress('/');

    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    expect(api.callsTo('startup')).toHaveLength(1);
  });

  it('takes the answers a page rendered for the curator carries, without asking the server', async () => {
    const carried = document.createElement('script');
    carried.type = 'application/json';
    carried.id = CARRIED_ANSWERS_ID;
    carried.textContent = JSON.stringify([
      {
        method: 'GET',
        path: '/api/',
        answer: { user: buildUser({ name: 'Mara </script> Velden' }), meta: buildMeta() },
      },
    ]);
    document.body.append(carried);
    const api = stubApi({
      startup: { body: { user: buildUser({ name: 'Asked Again' }), meta: buildMeta() } },
    });

    takeCarriedAnswers();
    openedByAddress('/');

    await screen.findByRole('heading', { name: 'Welcome, Mara </script> Velden' });
    expect(api.callsTo('startup')).toHaveLength(0);
    expect(document.getElementById(CARRIED_ANSWERS_ID)).toBeNull();
  });

  it('reports its failure as the app’s own start-up call would', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );

    openedByAddress('/');

    expect(
      await screen.findByRole('heading', { name: 'Curator could not start' }),
    ).toBeInTheDocument();
  });
});

describe('an answer asked by the entry', () => {
  const read = { accountId: ACCOUNT_ID, playlistId: 'list1' };
  const answered = {
    playlist: buildPlaylist('list1'),
    items: [],
    duplicates: { exact: [], possible: [] },
  };

  it('is taken once, by a request of the same method, path and body (in any key order)', async () => {
    stubApi({ 'playlists/playlist': { body: answered } });
    prefetchAnswer({ method: 'POST', path: '/api/playlists/playlist', body: read }, 20_000);

    expect(await takePrefetched(request('/api/playlists/playlist'))).toBeUndefined();
    expect(
      await takePrefetched(
        request('/api/playlists/playlist', 'POST', { ...read, playlistId: 'list2' }),
      ),
    ).toBeUndefined();
    expect(await takePrefetched(request('/api/playlists/all', 'POST', read))).toBeUndefined();
    const answer = await takePrefetched(
      request('/api/playlists/playlist', 'POST', { playlistId: 'list1', accountId: ACCOUNT_ID }),
    );
    expect(await answer!.json()).toEqual(answered);
    expect(await takePrefetched(request('/api/playlists/playlist', 'POST', read))).toBeUndefined();
  });

  it('is not taken once it is no longer fresh: the app asks the server again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    stubApi({ startup: { body: { user: null, meta: null } } });
    prefetchStartup(20_000);

    vi.setSystemTime(Date.now() + PREFETCH_FRESH_MS + 1);

    expect(await takePrefetched(request('/api/'))).toBeUndefined();
  });

  it('is not taken when it found no session: asked before a sign-in, the request after it goes to the server', async () => {
    stubApi({
      'trades/all': {
        status: 401,
        body: { error: { code: 'UNAUTHENTICATED', message: 'Sign in first.' } },
      },
    });
    prefetchAnswer(
      { method: 'POST', path: '/api/trades/all', body: { statuses: ['pending'] } },
      20_000,
    );

    expect(
      await takePrefetched(request('/api/trades/all', 'POST', { statuses: ['pending'] })),
    ).toBeUndefined();
  });

  it('is forgotten when the session ends, so no later user is given it', async () => {
    stubApi({
      'playlists/all': {
        body: { playlists: [], limits: { playlists: 2, locksPerPlaylist: 0, managed: 0 } },
      },
    });
    prefetchAnswer({ method: 'POST', path: '/api/playlists/all' }, 20_000);

    endSession(vi.fn(), 'signedOut');

    expect(await takePrefetched(request('/api/playlists/all', 'POST'))).toBeUndefined();
  });
});

describe('the first screen’s reads asked by the entry (firstScreenReads)', () => {
  const account = buildStreamingAccount();
  const playlist = buildPlaylist('nightdrive', { name: 'Late Night Drive' }, account.id);
  const limits = { playlists: 40, locksPerPlaylist: 999, managed: 1 };
  const routes: StubRoutes = {
    startup: { body: { user: buildUser({ accounts: [account] }), meta: buildMeta() } },
    'playlists/playlist': {
      body: { playlist, items: [], duplicates: { exact: [], possible: [] } },
    },
    'playlists/info': {
      body: { playlistsInfo: { nightdrive: buildManaged('nightdrive') } },
    },
    'playlists/all': { body: { playlists: [], limits } },
    'playlists/playlists': { body: { playlists: [playlist] } },
    'playlists/insights': {
      body: { points: [], followersAverage30: null, followersKnown: true },
    },
  };

  it('are the requests a playlist’s page makes, so each is asked once', async () => {
    const api = stubApi(routes);

    openedByAddress(`/playlists/${account.id}/nightdrive`);

    await screen.findByRole('heading', { name: 'Late Night Drive', level: 1 });
    expect(api.callsTo('playlists/playlist')).toHaveLength(1);
    expect(api.callsTo('playlists/playlist')[0]?.body).toEqual({
      accountId: account.id,
      playlistId: 'nightdrive',
    });
    expect(api.callsTo('playlists/info')).toHaveLength(1);
    expect(api.callsTo('playlists/all')).toHaveLength(1);
  });

  it('are not asked for a signed-out visitor: nothing is called before the guard sends them to sign in', async () => {
    const api = stubApi({ ...routes, startup: { body: { user: null, meta: null } } });

    const { router } = openedByAddress(`/playlists/${account.id}/nightdrive`);

    await screen.findByRole('heading', { name: 'Sign in to Curator' });
    expect(router.state.location.pathname).toBe('/signin');
    expect(api.calls.map(({ path }) => path)).toEqual(['/api/']);
  });

  it('are the requests Playlists makes, so each is asked once', async () => {
    const api = stubApi(routes);

    openedByAddress('/playlists');

    expect(await screen.findByRole('link', { name: 'Late Night Drive' })).toBeVisible();
    expect(api.callsTo('playlists/info')).toHaveLength(1);
    expect(api.callsTo('playlists/all')).toHaveLength(1);
  });

  it('are, with the account reads, what Playlists asks: a page carrying them asks none again', async () => {
    const api = stubApi(routes);
    const reads = [
      ...SIGNED_IN_RENDERED_SCREENS['/playlists']!,
      SIGNED_IN_ACCOUNT_READS['/playlists']!(account.id),
    ];
    const carried = document.createElement('script');
    carried.type = 'application/json';
    carried.id = CARRIED_ANSWERS_ID;
    carried.textContent = JSON.stringify(
      await Promise.all(
        [{ method: 'GET', path: '/api/' }, ...reads].map(async (read) => ({
          ...read,
          answer: await (
            await fetch(read.path, {
              method: read.method,
              headers: { 'content-type': 'application/json' },
              body: 'body' in read ? JSON.stringify(read.body) : undefined,
            })
          ).json(),
        })),
      ),
    );
    document.body.append(carried);
    const asked = api.calls.length;

    takeCarriedAnswers();
    openedByAddress('/playlists');

    expect(await screen.findByRole('link', { name: 'Late Night Drive' })).toBeVisible();
    // (The shell's own reads, the badge's and the presence's, are asked as on any page.)
    const carriedPaths = new Set(['/api/', ...reads.map(({ path }) => path)]);
    expect(api.calls.slice(asked).filter(({ path }) => carriedPaths.has(path))).toEqual([]);
  });

  it('are the request Messenger makes, so the conversations are asked once', async () => {
    const api = stubApi({
      ...routes,
      'messenger/conversations': {
        body: {
          conversations: [
            buildConversation({
              otherUser: { id: 'blake-id', name: 'Blake Rivera', userProfilePicture: null },
            }),
          ],
          nextCursor: null,
          conversationsWithUnreadCount: 0,
        },
      },
    });

    openedByAddress('/messenger');

    expect(await screen.findByText('Blake Rivera')).toBeVisible();
    expect(api.callsTo('messenger/conversations')).toHaveLength(1);
  });

  it('are the request Song Swaps makes, so the open swaps are asked once', async () => {
    const pending = buildTrade({ id: 'swap-1', status: 'pending' }, { trader: CASEY });
    const api = stubApi({
      ...routes,
      'trades/all': {
        body: tradesAnswer(
          { pending: [pending], scheduled: [], accepted: [] },
          { pending: null, scheduled: null, accepted: null },
        ),
      },
    });

    // The entry asks it, and the screen's own request takes that answer.
    expect(firstScreenReads('/songswap')).toHaveLength(1);
    openedByAddress('/songswap');

    expect(await screen.findByRole('tab', { name: 'Pending 1' })).toBeVisible();
    expect(screen.getByRole('link', { name: CASEY.name })).toBeVisible();
    expect(api.callsTo('trades/all')).toHaveLength(1);
  });

  it('are what a page rendered on the server reads for its screen, so the app takes them', () => {
    for (const [path, reads] of Object.entries(SIGNED_IN_RENDERED_SCREENS))
      expect(firstScreenReads(path)).toEqual(reads);
  });

  it('are none for Messenger starting a conversation: its list is read after that', () => {
    expect(firstScreenReads('/messenger', '?with=blake-id')).toEqual([]);
    expect(firstScreenReads('/messenger', '')).toHaveLength(1);
    expect(firstScreenReads('/messenger', '?')).toHaveLength(1);
  });

  it('are none for a screen whose first reads its address does not decide', () => {
    expect(firstScreenReads('/songswap/swap-1')).toEqual([]);
    expect(firstScreenReads('/')).toEqual([]);
    expect(firstScreenReads('/playlists/a/b/c')).toEqual([]);
    expect(firstScreenReads('/playlists/%E0%A4%A/x')).toEqual([]);
  });
});
