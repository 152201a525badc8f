import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

/** Demo mode: the app mounts the local Spotify itself, at /_spotify. */
let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'curator-demo-spotify-'));
  t = await createTestApp({ SPOTIFY_CLIENT_ID: '', SPOTIFY_CLIENT_SECRET: '', DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const authorize = (clientId: string, redirectUri: string) =>
  t.app.inject({
    url: `/_spotify/accounts/authorize?${new URLSearchParams({
      client_id: clientId,
      response_type: 'token',
      redirect_uri: redirectUri,
      state: 's',
    })}`,
  });

describe("the demo's local Spotify", () => {
  it('knows only the app as a client and sends the browser back only to its callback', async () => {
    const callback = `${t.config.appOrigin}/spotify/callback`;
    const ours = await authorize(t.config.spotify.clientId, callback);
    expect(ours.statusCode).toBe(302);
    expect(ours.headers.location).toMatch(new RegExp(`^${callback}\\?`));

    const elsewhere = await authorize(t.config.spotify.clientId, 'https://evil.example/phish');
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.headers.location).toBeUndefined();
    expect((await authorize('someone-else', 'https://evil.example/phish')).statusCode).toBe(400);
  });
});
