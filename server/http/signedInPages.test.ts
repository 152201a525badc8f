import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_IN_RENDERER } from '../../common/build/prerenderedScreens.js';
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
  return { html: '<h1>Welcome, ' + escaped + ' (' + path + ', ' + startup.meta.trial.daysLeft + ' days; ' + reads + ')</h1>', title: 'Page · Curator' };
}
`;
let build: string;
let t: TestApp;

beforeAll(async () => {
  build = mkdtempSync(join(tmpdir(), 'curator-build-'));
  mkdirSync(join(build, 'web'));
  mkdirSync(join(build, SIGNED_IN_RENDERER.folder));
  writeFileSync(join(build, 'web', 'index.html'), indexHtml);
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
});
