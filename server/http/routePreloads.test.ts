import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoutePreloads } from '../../common/build/routePreloads.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { withRootContent } from './prerenderedScreens.js';
import { indexPages, pagesFor } from './routePreloads.js';

// A built client as web/vite.config.ts writes it, with its route-preloads.json.
const html = `<!doctype html>
<html>
  <head>
    <title>Curator</title>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
  </head>
  <body><div id="root"><div role="status">Loading…</div></div></body>
</html>`;
const preloads: RoutePreloads = {
  app: ['/assets/start-b2.js', '/assets/baseApi-c3.js'],
  routes: {
    '/': ['/assets/HomeScreen-d4.js'],
    '/signin': ['/assets/SignInScreen-e5.js', '/assets/AuthCard-f6.js'],
    '/playlists': ['/assets/PlaylistsScreen-g7.js', '/assets/EmptyState-h8.js'],
    '/playlists/:accountId/:playlistId': [
      '/assets/PlaylistDetailsScreen-i9.js',
      '/assets/EmptyState-h8.js',
    ],
  },
};
const preloaded = (body: string) =>
  [
    ...body.matchAll(/<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g),
  ].map((m) => m[1]);

const webRoots: string[] = [];
function webRoot(routePreloads?: string, prerendered?: string): string {
  const root = mkdtempSync(join(tmpdir(), 'curator-web-'));
  webRoots.push(root);
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'index-a1.js'), 'export {};\n');
  writeFileSync(join(root, 'index.html'), html);
  if (routePreloads !== undefined) writeFileSync(join(root, 'route-preloads.json'), routePreloads);
  if (prerendered !== undefined) writeFileSync(join(root, 'prerendered.json'), prerendered);
  return root;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { webRoot: webRoot(JSON.stringify(preloads)) });
});
afterAll(async () => {
  await t?.close();
  for (const root of webRoots) rmSync(root, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('index.html with route preloads', () => {
  it("preloads a playlist's screen and the app chunk, not another screen", async () => {
    const response = await get('/playlists/acc-1/pl-2?tab=tracks');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(preloaded(response.body)).toEqual([
      '/assets/start-b2.js',
      '/assets/baseApi-c3.js',
      '/assets/PlaylistDetailsScreen-i9.js',
      '/assets/EmptyState-h8.js',
    ]);
    expect(response.body).not.toContain('PlaylistsScreen');
    expect(response.body).toMatch(
      /<script type="module"[^\n]+\n( {4}<link [^\n]+\n){4} {2}<\/head>/,
    );
  });

  it('preloads only the sign-in screen on /signin, no signed-in screen', async () => {
    const response = await get('/signin');
    expect(preloaded(response.body)).toEqual([
      '/assets/start-b2.js',
      '/assets/baseApi-c3.js',
      '/assets/SignInScreen-e5.js',
      '/assets/AuthCard-f6.js',
    ]);
  });

  it('preloads the app chunk alone for a path no route matches', async () => {
    const response = await get('/no/such/page');
    expect(response.statusCode).toBe(200);
    expect(preloaded(response.body)).toEqual(['/assets/start-b2.js', '/assets/baseApi-c3.js']);
  });

  it('answers HEAD on a page as GET would, without the body (link checkers, monitors)', async () => {
    const page = await get('/playlists');
    const head = await t.app.inject({ method: 'HEAD', url: '/playlists' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(page.body)));
    expect(head.body).toBe('');
  });

  it('still answers 404 for unknown API paths and missing assets', async () => {
    for (const url of ['/api/nothing-here', '/api', '/assets/gone-00000000.js']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('modulepreload');
    }
  });
});

describe('without route preloads', () => {
  it('serves index.html as it is when the build wrote no route-preloads.json', async () => {
    const plain = await createTestApp({}, { webRoot: webRoot() });
    try {
      const response = await plain.app.inject({ method: 'GET', url: '/playlists' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(html);
    } finally {
      await plain.close();
    }
  });

  it('serves index.html as it is, with a warning, when the file is not what the build writes', () => {
    const warnings: string[] = [];
    const page = indexPages(webRoot('{"app": "nope"}'), html, (m) => warnings.push(m));
    expect(page('/signin')).toBe(html);
    expect(warnings).toEqual([expect.stringContaining('route-preloads.json is unreadable')]);
  });

  it('refuses a URL that would break out of the href', () => {
    const root = webRoot(JSON.stringify({ app: ['/assets/a.js"><script>'], routes: {} }));
    const warnings: string[] = [];
    expect(indexPages(root, html, (m) => warnings.push(m))('/')).toBe(html);
    expect(warnings).toHaveLength(1);
  });

  it('leaves an index.html without a head alone', () => {
    expect(pagesFor('<p>hi</p>', preloads)('/signin')).toBe('<p>hi</p>');
  });
});

describe('prerendered screens', () => {
  const signInMarkup = '<main><h1>Sign in</h1><form><input id="e" type="email"></form></main>';
  const prerendered = JSON.stringify({
    '/signin': { html: signInMarkup, title: 'Sign in · Curator' },
  });

  it('sends /signin with its screen in the root instead of the boot screen, its title, and no preloads', async () => {
    const app = await createTestApp(
      {},
      { webRoot: webRoot(JSON.stringify(preloads), prerendered) },
    );
    try {
      const response = await app.app.inject({ method: 'GET', url: '/signin' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain(`<div id="root" data-prerendered>${signInMarkup}</div>`);
      expect(response.body).not.toContain('Loading…');
      expect(response.body).toContain('<title>Sign in · Curator</title>');
      expect(response.body).not.toContain('<title>Curator</title>');
      // Its first view needs no script: the app's chunks wait for the first paint.
      expect(preloaded(response.body)).toEqual([]);
      expect(response.body).toContain(
        '<script type="module" crossorigin src="/assets/index-a1.js">',
      );

      // With a query (a redirect target, a notice) the screen may differ: the boot screen.
      const withQuery = await app.app.inject({
        method: 'GET',
        url: '/signin?redirect=%2Fsongswap',
      });
      expect(withQuery.body).not.toContain('data-prerendered');
      expect(withQuery.body).toContain('Loading…');
      expect(withQuery.body).toContain('<title>Curator</title>');
      expect(preloaded(withQuery.body)).toContain('/assets/SignInScreen-e5.js');

      // A path the file lacks (a file from an older build) keeps the boot screen.
      const signUp = await app.app.inject({ method: 'GET', url: '/signup' });
      expect(signUp.body).not.toContain('data-prerendered');
      expect(signUp.body).toContain('Loading…');
    } finally {
      await app.close();
    }
  });

  it('keeps the boot screen, with a warning, when the file is not what the build writes', () => {
    const warnings: string[] = [];
    const root = webRoot(undefined, JSON.stringify({ '/signin': '<p>markup without a title</p>' }));
    expect(indexPages(root, html, (m) => warnings.push(m))('/signin')).toBe(html);
    expect(warnings).toEqual([expect.stringContaining('prerendered.json is unreadable')]);
  });

  it('takes only the paths the build prerenders, not another page', () => {
    const warnings: string[] = [];
    const root = webRoot(
      undefined,
      JSON.stringify({ '/playlists': { html: '<p>stale</p>', title: 'Playlists · Curator' } }),
    );
    expect(indexPages(root, html, (m) => warnings.push(m))('/playlists')).toBe(html);
    expect(warnings).toHaveLength(1);
  });

  it('leaves an index.html without the root element alone', () => {
    const page = '<head><title>Curator</title></head><body><p>hi</p></body>';
    expect(withRootContent(page, { html: '<p>screen</p>', title: 'Screen · Curator' })).toBe(page);
  });

  it('writes the title as text', () => {
    const page = withRootContent(html, { html: '<p>x</p>', title: 'Terms & <Conditions>' });
    expect(page).toContain('<title>Terms &amp; &lt;Conditions&gt;</title>');
  });
});
