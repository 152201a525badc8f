import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_IN_RENDERER } from '../../common/build/prerenderedScreens.js';
import { ROUTE_PRELOADS_FILE } from '../../common/build/routePreloads.js';
import {
  buildUser,
  createTestApp,
  post,
  signedInUser,
  signInAs,
  type TestApp,
} from '../test/harness.js';
import { linkSpotify } from '../test/spotifyLinking.js';
import { PAGE_READS_BUDGET_MS } from './signedInPages.js';

// A built client (dist/web) and, beside it, a signed-in screens' renderer (dist/web-render)
// that writes what it was given: the real one is the app's code, checked in
// web/src/prerender/renderSignedIn.test.tsx and by e2e/auth.spec.ts.
const indexHtml =
  '<!doctype html><html><head><title>Curator</title></head><body><div id="root"><p>Loading</p></div>\n</body></html>';
const renderer = `
export async function renderSignedIn(path, startup, answers) {
  if (startup.user.name === 'Broken Renderer') throw new Error('render failed');
  if (startup.user.name === 'Sent Elsewhere') return null;
  const escaped = startup.user.name.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const reads = answers.map((read) => read.path + ' ' + JSON.stringify(read.answer)).join('; ');
  if (path.startsWith('/playlists/')) {
    const playlist = answers.find((read) => read.path === '/api/playlists/playlist');
    const screen = playlist ? '<h1>' + playlist.answer.playlist.info.name + '</h1>' : '<p>Loading playlist</p>';
    return { html: '<header>Shell of ' + escaped + '</header><main id="main-content" tabindex="-1">' + screen + '</main>', title: 'Playlist · Curator' };
  }
  return { html: '<h1>Welcome, ' + escaped + ' (' + path + ', ' + startup.meta.trial.daysLeft + ' days; ' + reads + ')</h1>', title: 'Page · Curator' };
}
`;
// The build's route preloads: the chunks of each route's screen.
const routePreloads = {
  app: ['/assets/app-1.js'],
  routes: {
    '/messenger': ['/assets/MessengerScreen-1.js', '/assets/Avatar-1.js'],
    '/playlists/:accountId/:playlistId': ['/assets/PlaylistDetailsScreen-1.js'],
  },
};
const chunksListed = (body: string) => {
  const block = /<script type="application\/json" id="route-chunks">(.*?)<\/script>/.exec(body);
  return block ? (JSON.parse(block[1]!) as string[]) : null;
};
let build: string;
let t: TestApp;

beforeAll(async () => {
  build = mkdtempSync(join(tmpdir(), 'curator-build-'));
  mkdirSync(join(build, 'web'));
  mkdirSync(join(build, SIGNED_IN_RENDERER.folder));
  writeFileSync(join(build, 'web', 'index.html'), indexHtml);
  writeFileSync(join(build, 'web', ROUTE_PRELOADS_FILE), JSON.stringify(routePreloads));
  writeFileSync(join(build, SIGNED_IN_RENDERER.folder, `${SIGNED_IN_RENDERER.name}.js`), renderer);
  t = await createTestApp({}, { webRoot: join(build, 'web') });
});
afterAll(async () => {
  await t?.close();
  rmSync(build, { recursive: true, force: true });
});

const page = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function namedCurator(name: string) {
  const user = await buildUser(t, { name });
  return { ...user, cookie: await signInAs(t, user) };
}

describe('a signed-in curator’s pages rendered on the server', () => {
  it('comes with their screen rendered from their start-up answer, kept by no cache', async () => {
    const { cookie, name } = await signedInUser(t);
    const response = await page('/', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toContain(
      `<div id="root" data-prerendered><h1>Welcome, ${name} (/, 14 days; )</h1></div>`,
    );
    expect(response.body).toContain('<title>Page · Curator</title>');
    expect(response.body).not.toContain('Loading');
  });

  it('carries the answers it was rendered with, which no text in them can break out of', async () => {
    const { cookie } = await namedCurator('Ada </script><b>Lovelace</b>');
    const body = (await page('/', cookie)).body;
    const carried = /<script type="application\/json" id="carried-answers">(.*?)<\/script>/.exec(
      body,
    );
    expect(carried?.[1]).not.toContain('<');
    const [startup, ...others] = JSON.parse(carried![1]!);
    expect(others).toEqual([]);
    expect(startup.method).toBe('GET');
    expect(startup.path).toBe('/api/');
    expect(startup.answer.user.name).toBe('Ada </script><b>Lovelace</b>');
    expect(startup.answer).toEqual(
      (await t.app.inject({ url: '/api/', headers: { cookie } })).json(),
    );
  });

  it('renders Messenger with the curator’s own conversations read for it, and carries them', async () => {
    const { cookie } = await signedInUser(t);
    const conversations = await t.app.inject({
      method: 'POST',
      url: '/api/messenger/conversations',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{}',
    });
    const response = await page('/messenger', cookie);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toContain(
      `/api/messenger/conversations ${JSON.stringify(conversations.json())})</h1>`,
    );
    const carried = /id="carried-answers">(.*?)<\/script>/.exec(response.body);
    const [, read] = JSON.parse(carried![1]!);
    expect(read).toEqual({
      method: 'POST',
      path: '/api/messenger/conversations',
      body: {},
      answer: conversations.json(),
    });
  });

  it('renders Playlists with each linked account’s playlists read from Spotify, and carries them', async () => {
    const { cookie } = await signedInUser(t);
    const account = await linkSpotify(t, cookie, 'junebugradio');
    const response = await page('/playlists', cookie);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const carried = /id="carried-answers">(.*?)<\/script>/.exec(response.body);
    const [, ...reads] = JSON.parse(carried![1]!);
    expect(reads.map(({ path, body }: { path: string; body: unknown }) => [path, body])).toEqual([
      ['/api/playlists/info', {}],
      ['/api/playlists/all', {}],
      ['/api/playlists/playlists', { accountId: account.id }],
    ]);
    const playlists = await post(
      t.app,
      '/api/playlists/playlists',
      { accountId: account.id },
      { cookie },
    );
    expect(reads[2].answer).toEqual(playlists.json());
    expect(playlists.json().playlists.length).toBeGreaterThan(0);
  });

  it('sends Playlists with the boot screen when Spotify does not answer within the budget', async () => {
    const { cookie } = await signedInUser(t);
    await linkSpotify(t, cookie);
    t.spotify.control.injectFault({
      kind: 'delay',
      delayMs: PAGE_READS_BUDGET_MS + 500,
      pathContains: '/me/playlists',
    });
    const response = await page('/playlists', cookie);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<p>Loading</p>');
    expect(response.body).not.toContain('carried-answers');
  });

  it('lists its screen’s chunks for the entry to preload once painted, none in its head', async () => {
    const { cookie } = await signedInUser(t);
    const messenger = (await page('/messenger', cookie)).body;
    expect(chunksListed(messenger)).toEqual(routePreloads.routes['/messenger']);
    expect(messenger).not.toContain('modulepreload');
    // The home's route has no chunks of its own in this build: it lists none.
    expect(chunksListed((await page('/', cookie)).body)).toBeNull();
  });

  it('is the boot screen for a visitor, a session that ended, another path or a query', async () => {
    const { cookie } = await signedInUser(t);
    for (const [url, given] of [
      ['/', undefined],
      ['/', 'sid=not-a-session'],
      ['/catalog', cookie],
      ['/messenger?with=someone', cookie],
      ['/?tab=1', cookie],
    ] as const) {
      const response = await page(url, given);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root"><p>Loading</p></div>');
    }
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: { cookie, 'content-type': 'application/json' },
      payload: {},
    });
    expect((await page('/', cookie)).body).toContain('<p>Loading</p>');
  });

  it('is the boot screen when the render fails or the route sends elsewhere', async () => {
    for (const name of ['Broken Renderer', 'Sent Elsewhere']) {
      const { cookie } = await namedCurator(name);
      const response = await page('/', cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<p>Loading</p>');
    }
    // And the next curator's page is rendered again.
    const { cookie, name } = await signedInUser(t);
    expect((await page('/', cookie)).body).toContain(`Welcome, ${name}`);
  });

  describe('a playlist’s page, sent in two parts', () => {
    async function curatorWithPlaylist() {
      const { cookie } = await signedInUser(t);
      const account = await linkSpotify(t, cookie, 'junebugradio');
      const listed = await post(
        t.app,
        '/api/playlists/playlists',
        { accountId: account.id },
        { cookie },
      );
      const playlistId: string = listed.json().playlists[0].spotifyId;
      return { cookie, account, playlistId, url: `/playlists/${account.id}/${playlistId}` };
    }
    const carriedOf = (body: string) =>
      JSON.parse(/id="carried-answers">(.*?)<\/script>/.exec(body)![1]!) as {
        path: string;
        body?: unknown;
        answer: unknown;
      }[];

    it('comes with the shell and the screen rendered from the playlist read for it, and carries it', async () => {
      const { cookie, account, playlistId, url } = await curatorWithPlaylist();
      const response = await page(url, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const playlist = await post(
        t.app,
        '/api/playlists/playlist',
        { accountId: account.id, playlistId },
        { cookie },
      );
      expect(response.body).toContain(
        `<main id="main-content" tabindex="-1"><h1>${playlist.json().playlist.info.name}</h1></main>`,
      );
      expect(response.body).not.toContain('Loading');
      const [startup, ...reads] = carriedOf(response.body);
      expect(startup!.path).toBe('/api/');
      expect(reads.map(({ path, body }) => [path, body])).toEqual([
        ['/api/playlists/info', {}],
        ['/api/playlists/all', {}],
        ['/api/playlists/playlist', { accountId: account.id, playlistId }],
      ]);
      expect(reads[2]!.answer).toEqual(playlist.json());
      expect(chunksListed(response.body)).toEqual(
        routePreloads.routes['/playlists/:accountId/:playlistId'],
      );
    });

    it('is compressed as the browser accepts, each part as it comes', async () => {
      const { cookie, url } = await curatorWithPlaylist();
      const plain = (await page(url, cookie)).body;
      for (const [accepted, encoding, decompress] of [
        ['br, gzip', 'br', brotliDecompressSync],
        ['gzip', 'gzip', gunzipSync],
      ] as const) {
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers: { cookie, 'accept-encoding': accepted },
        });
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers.vary).toMatch(/accept-encoding/);
        expect(decompress(response.rawPayload).toString()).toBe(plain);
      }
    });

    it('ends with the screen’s loading state when Spotify does not answer within the budget', async () => {
      const { cookie, playlistId, url } = await curatorWithPlaylist();
      t.spotify.control.injectFault({
        kind: 'delay',
        delayMs: PAGE_READS_BUDGET_MS + 500,
        pathContains: `/playlists/${playlistId}`,
      });
      const response = await page(url, cookie);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.body).toContain(
        '<main id="main-content" tabindex="-1"><p>Loading playlist</p></main>',
      );
      expect(carriedOf(response.body).map(({ path }) => path)).toEqual([
        '/api/',
        '/api/playlists/info',
        '/api/playlists/all',
      ]);
    });

    it('shows a stranger’s playlist to no one: another curator’s account reads nothing', async () => {
      const owner = await curatorWithPlaylist();
      const { cookie } = await signedInUser(t);
      const response = await page(owner.url, cookie);
      expect(response.body).toContain('<p>Loading playlist</p>');
      expect(response.body).not.toContain(owner.playlistId + '"');
      expect(carriedOf(response.body).map(({ path }) => path)).not.toContain(
        '/api/playlists/playlist',
      );
      const anonymous = await page(owner.url);
      expect(anonymous.headers['cache-control']).toBe('no-cache');
      expect(anonymous.body).toContain('<div id="root"><p>Loading</p></div>');
    });

    it('is the boot screen with a query or for a path below it', async () => {
      const { cookie, url } = await curatorWithPlaylist();
      for (const address of [`${url}?tab=history`, `${url}/more`]) {
        const response = await page(address, cookie);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body).toContain('<div id="root"><p>Loading</p></div>');
      }
    });
  });
});
