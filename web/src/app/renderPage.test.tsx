import { afterEach, describe, expect, it } from 'vitest';
import { buildTrade, CASEY, tradesAnswer } from '../features/songswap/tradeFixtures';
import { buildMeta, buildUser } from '../test/fixtures';
import { ACCOUNT_ID, buildManaged, buildPlaylist, buildTrack } from '../test/playlistFixtures';
import { stubApi } from '../test/stubApi';
import { PAGE_DATA_ID, readPageData } from './pageData';
import { renderPage } from './renderPage';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

/** The page the server renders for `path` (renderPage), put into this document as sent. */
async function pageAsSent(path: string): Promise<HTMLElement> {
  window.history.replaceState(null, '', path);
  const page = await renderPage(new Request(new URL(path, window.location.href)), (input, init) =>
    fetch(input, init),
  );
  if (page instanceof Response)
    throw new Error(`${path} redirects to ${page.headers.get('location')}`);
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = page.html;
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = PAGE_DATA_ID;
  data.textContent = page.dataJson;
  document.body.replaceChildren(root, data);
  return root;
}

describe('a page rendered on the server', () => {
  it('carries the store’s state after the screen’s reads, which the browser reads back', async () => {
    const api = stubApi({
      startup: { body: { user: buildUser(), meta: buildMeta() } },
      'trades/all': {
        body: tradesAnswer(
          { pending: [buildTrade({ id: 'swap-1', status: 'pending' }, { trader: CASEY })] },
          { pending: null, scheduled: null, accepted: null },
        ),
      },
    });
    const root = await pageAsSent('/songswap');
    // React's hydration of it is held by the end-to-end tests (e2e/firstLoad.spec.ts): the
    // server's and the browser's renderers do not share one test's React.
    expect(root.querySelector('main')).not.toBeNull();
    expect(root.textContent).toContain(CASEY.name);
    expect(api.callsTo('startup')).toHaveLength(1);
    expect(api.callsTo('trades/all')).toHaveLength(1);
    const page = readPageData(document);
    expect(page?.state.auth.user?.id).toBe(buildUser().id);
    expect(page?.state.tradesUi.openSwapsCarried).toBe(true);
    expect(Object.keys(page?.state.api.queries ?? {})).toHaveLength(2);
  });

  it('writes every part of a page in place, with no script to swap a part in', async () => {
    // A playlist's tabs and tracks load on their own (lazyNearViewport), each behind a Suspense
    // boundary; React would write a large one as its fallback and an inline script, which the
    // CSP does not run.
    const items = Array.from({ length: 300 }, (_, position) => ({
      position,
      addedAt: null,
      track: buildTrack(`track${position}`, { name: `Song number ${position + 1}` }),
    }));
    stubApi({
      startup: { body: { user: buildUser(), meta: buildMeta() } },
      'playlists/playlist': {
        body: {
          playlist: buildPlaylist('longdrive', { name: 'Long Drive', tracksTotal: 300 }),
          items,
          duplicates: { exact: [], possible: [] },
        },
      },
      'playlists/info': { body: { playlistsInfo: { longdrive: buildManaged('longdrive') } } },
      'playlists/all': {
        body: { playlists: [], limits: { playlists: 40, locksPerPlaylist: 999, managed: 1 } },
      },
      'playlists/insights': {
        body: { points: [], followersAverage30: null, followersKnown: true },
      },
    });
    const root = await pageAsSent(`/playlists/${ACCOUNT_ID}/longdrive`);
    expect(root.querySelector('table caption')?.textContent).toBe(
      'Tracks of Long Drive, in playlist order',
    );
    expect(root.querySelector('[role="tablist"]')).not.toBeNull();
    expect(root.querySelector('script, template')).toBeNull();
    expect(root.textContent).not.toContain('Loading the tracks');
  });

  it('redirects a visitor from a signed-in page to sign in', async () => {
    stubApi({ startup: { body: { user: null, meta: buildMeta() } } });
    const page = await renderPage(new Request('http://curator.test/songswap'), (input, init) =>
      fetch(input, init),
    );
    expect(page).toBeInstanceOf(Response);
    expect((page as Response).status).toBe(302);
    expect((page as Response).headers.get('location')).toMatch(/^\/signin/);
  });

  it('carries no `</script>` a name could hold', async () => {
    stubApi({
      startup: { body: { user: buildUser({ name: '</script><b>' }), meta: buildMeta() } },
    });
    const page = await renderPage(new Request('http://curator.test/'), (input, init) =>
      fetch(input, init),
    );
    expect(page).not.toBeInstanceOf(Response);
    expect((page as { dataJson: string }).dataJson).not.toContain('<');
  });
});
