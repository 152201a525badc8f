import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curator, dayFromNow } from '../test/curators.js';
import { createTestApp, type TestApp } from '../test/harness.js';

// A built client as web/vite.config.ts writes it: hashed assets with .br and .gz copies.
const script = `console.log(${JSON.stringify('curator '.repeat(400))});\n`;
// Over 1 KiB, as every page is, so it goes out compressed to a browser that accepts it.
const html = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root">${'<p>Loading</p>'.repeat(100)}</div></body></html>`;
let webRoot: string;
let t: TestApp;

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'curator-web-'));
  mkdirSync(join(webRoot, 'assets'));
  const asset = join(webRoot, 'assets', 'index-Ab12Cd34.js');
  writeFileSync(asset, script);
  writeFileSync(`${asset}.br`, brotliCompressSync(script));
  writeFileSync(`${asset}.gz`, gzipSync(script));
  writeFileSync(join(webRoot, 'index.html'), html);
  t = await createTestApp({}, { webRoot });
});
afterAll(async () => {
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const getAsset = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/assets/index-Ab12Cd34.js',
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('the built client', () => {
  it('sends a hashed script brotli-compressed, cached for a year as immutable', async () => {
    const response = await getAsset('gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy to a browser without brotli, and the plain file to one without either', async () => {
    const gzipped = await getAsset('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);

    const plain = await getAsset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers index.html for a screen, never cached without asking again', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/playlists' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(html);
  });

  it('compresses a page for a browser that accepts it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/playlists',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(html);
  });

  it('answers a missing asset with 404, not index.html', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/gone-00000000.js' });
    expect(response.statusCode).toBe(404);
  });
});

describe('API answers', () => {
  it('compresses JSON above 1 KiB for a client that accepts it, and leaves small ones alone', async () => {
    const c = await curator(t, { spotify: false, plan: 'pro' });
    for (let index = 0; index < 10; index += 1) {
      const added = await c.call('songs/upcoming-release', {
        title: `Northern Lights ${index}`,
        artists: ['Mara Velden', 'Theo Okafor'],
        releaseDate: dayFromNow(t, 30),
      });
      expect(added.statusCode, added.body).toBe(200);
    }
    const asked = (encoding: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/songs/catalog',
        headers: {
          'content-type': 'application/json',
          cookie: c.cookie,
          'accept-encoding': encoding,
        },
        payload: '{}',
      });
    const large = await asked('gzip, br');
    expect(large.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(large.rawPayload).toString());
    expect(body.songs).toHaveLength(10);

    const tiny = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.json()).toEqual({ status: 'ok' });
  });
});
