import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createSpotifyStandIn,
  spotifyStandIn,
  type SpotifyStandIn,
  type SpotifyStandInOptions,
} from './plugin.js';

/** The stand-in's protocol, through a host app that mounts it at /_spotify. */
let clock: number;
let host: FastifyInstance;
let standIn: SpotifyStandIn;

async function mount(options: SpotifyStandInOptions = {}) {
  standIn = createSpotifyStandIn({
    now: () => new Date(clock),
    publicBaseUrl: 'http://demo.test/_spotify',
    ...options,
  });
  host = Fastify({ logger: false });
  host.post('/api/echo', async (request) => ({ body: request.body }));
  await host.register(spotifyStandIn, { prefix: '/_spotify', ...standIn.pluginOptions });
  await host.ready();
}

beforeEach(async () => {
  clock = Date.parse('2026-06-01T12:00:00Z');
  await mount();
});
afterEach(async () => {
  await host.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const tokenFor = (userId: string, scopes?: string[]) =>
  standIn.control.issueTokens(userId, scopes ? { scopes } : {}).accessToken;
const playlistNamed = (name: string) => standIn.control.playlists().find((p) => p.name === name)!;

function form(fields: Record<string, string>) {
  return {
    'content-type': 'application/x-www-form-urlencoded',
    payload: new URLSearchParams(fields).toString(),
  };
}

async function authorizeAs(userId: string, redirectUri = 'http://app.test/spotify/callback') {
  const page = await host.inject({
    url: `/_spotify/accounts/authorize?${new URLSearchParams({ client_id: 'app', response_type: 'code', redirect_uri: redirectUri, state: 's1', scope: 'playlist-read-private' })}`,
  });
  const consentId = /name="consent_id" value="([^"]+)"/.exec(page.body)![1]!;
  const { payload, ...headers } = form({ consent_id: consentId, user_id: userId });
  const decision = await host.inject({
    method: 'POST',
    url: '/_spotify/accounts/authorize/decision',
    headers,
    payload,
  });
  return new URL(decision.headers.location as string).searchParams.get('code')!;
}

async function token(
  fields: Record<string, string>,
  auth = 'Basic ' + Buffer.from('app:secret').toString('base64'),
) {
  const { payload, ...headers } = form(fields);
  return host.inject({
    method: 'POST',
    url: '/_spotify/accounts/api/token',
    headers: { ...headers, authorization: auth },
    payload,
  });
}

describe('accounts service', () => {
  it('accepts client credentials in the body as well as by HTTP Basic', async () => {
    const code = await authorizeAs('sol.ortega');
    const answer = await token(
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'http://app.test/spotify/callback',
        client_id: 'app',
        client_secret: 'x',
      },
      '',
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'playlist-read-private',
    });
  });

  it('lets a code expire after ten minutes', async () => {
    const code = await authorizeAs('sol.ortega');
    clock += 11 * 60 * 1000;
    const answer = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://app.test/spotify/callback',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Authorization code expired',
    });
  });

  it("refuses unknown clients with Spotify's invalid_client when apps are registered", async () => {
    await host.close();
    await mount({ clients: [{ clientId: 'app', clientSecret: 'right' }] });
    const answer = await token({ grant_type: 'refresh_token', refresh_token: 'x' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Invalid client secret',
    });
  });

  it('refreshes without rotating the refresh token, until the user is revoked', async () => {
    const { refreshToken } = standIn.control.issueTokens('lena.kowalczyk', { clientId: 'app' });
    const first = await token({ grant_type: 'refresh_token', refresh_token: refreshToken });
    expect(first.statusCode).toBe(200);
    expect(first.json().refresh_token).toBeUndefined();
    standIn.control.revokeUser('lena.kowalczyk');
    const after = await token({ grant_type: 'refresh_token', refresh_token: refreshToken });
    expect(after.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Refresh token revoked',
    });
  });

  it('sends the browser back with access_denied on Cancel, and refuses a bad redirect URI outright', async () => {
    const page = await host.inject({
      url: '/_spotify/accounts/authorize?client_id=app&response_type=code&redirect_uri=http%3A%2F%2Fapp.test%2Fcb&state=abc',
    });
    const consentId = /name="consent_id" value="([^"]+)"/.exec(page.body)![1]!;
    const { payload, ...headers } = form({ consent_id: consentId, action: 'cancel' });
    const cancel = await host.inject({
      method: 'POST',
      url: '/_spotify/accounts/authorize/decision',
      headers,
      payload,
    });
    expect(cancel.headers.location).toBe('http://app.test/cb?error=access_denied&state=abc');
    const bad = await host.inject({
      url: '/_spotify/accounts/authorize?client_id=app&response_type=code&redirect_uri=javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Invalid redirect URI');
  });
});

describe('demo-mode safety', () => {
  it('redirects a registered client only to a redirect URI it registered (no open redirect)', async () => {
    await host.close();
    await mount({
      clients: [
        {
          clientId: 'app',
          clientSecret: 'right',
          redirectUris: ['http://app.test/spotify/callback'],
        },
      ],
    });
    const elsewhere = await host.inject({
      url: '/_spotify/accounts/authorize?client_id=app&response_type=token&redirect_uri=https%3A%2F%2Fevil.example%2Fphish&state=abc',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.headers.location).toBeUndefined();
    expect(elsewhere.body).toContain('Invalid redirect URI');
    const registered = await host.inject({
      url: '/_spotify/accounts/authorize?client_id=app&response_type=token&redirect_uri=http%3A%2F%2Fapp.test%2Fspotify%2Fcallback&state=abc',
    });
    expect(registered.statusCode).toBe(302);
    expect(registered.headers.location).toMatch(/^http:\/\/app\.test\/spotify\/callback\?/);
  });

  it('refuses cross-site form posts and foreign origins on the control API', async () => {
    const formPost = await host.inject({
      method: 'POST',
      url: '/_spotify/_control/revoke',
      ...form({ userId: 'lena.kowalczyk' }),
    });
    expect(formPost.statusCode).toBe(415);
    const textPost = await host.inject({
      method: 'POST',
      url: '/_spotify/_control/reset',
      headers: { 'content-type': 'text/plain' },
      payload: '{}',
    });
    expect(textPost.statusCode).toBe(415);
    const foreign = await host.inject({
      method: 'POST',
      url: '/_spotify/_control/reset',
      headers: { origin: 'https://evil.example', host: 'demo.test' },
    });
    expect(foreign.statusCode).toBe(403);
    const sameOrigin = await host.inject({
      method: 'POST',
      url: '/_spotify/_control/revoke',
      headers: { origin: 'http://demo.test', host: 'demo.test' },
      payload: { userId: 'lena.kowalczyk' },
    });
    expect(sameOrigin.statusCode).toBe(200);
  });
});

describe('Web API', () => {
  it('answers /me without the fields removed in February 2026', async () => {
    const me = await host.inject({
      url: '/_spotify/v1/me',
      headers: bearer(tokenFor('mara.velden')),
    });
    expect(me.json()).toMatchObject({
      id: 'mara.velden',
      display_name: 'Mara Velden',
      type: 'user',
    });
    for (const removed of ['email', 'country', 'product', 'followers', 'explicit_content'])
      expect(me.json()).not.toHaveProperty(removed);
    expect(me.json().images[0].url).toMatch(
      /^http:\/\/demo\.test\/_spotify\/images\/mara\.velden\.svg/,
    );
  });

  it('answers full tracks without popularity and with an ISRC', async () => {
    const id = standIn.control.playlistItems(playlistNamed('Rain on Glass').id)[0]!.trackId;
    const track = (
      await host.inject({
        url: `/_spotify/v1/tracks/${id}`,
        headers: bearer(tokenFor('mara.velden')),
      })
    ).json();
    expect(track).not.toHaveProperty('popularity');
    expect(track).not.toHaveProperty('available_markets');
    expect(track.external_ids.isrc).toMatch(/^[A-Z]{2}/);
    expect(track).toMatchObject({
      id,
      type: 'track',
      uri: `spotify:track:${id}`,
      preview_url: null,
    });
    const art = await host.inject({ url: new URL(track.album.images[0].url).pathname });
    expect(art.headers['content-type']).toContain('image/svg+xml');
    expect(art.body).toContain('<svg');
  });

  it("uses Spotify's 401 messages", async () => {
    const accessToken = tokenFor('mara.velden');
    expect((await host.inject({ url: '/_spotify/v1/me' })).json()).toEqual({
      error: { status: 401, message: 'No token provided' },
    });
    expect(
      (await host.inject({ url: '/_spotify/v1/me', headers: bearer('nope') })).json().error.message,
    ).toBe('Invalid access token');
    clock += 3601 * 1000;
    const expired = await host.inject({ url: '/_spotify/v1/me', headers: bearer(accessToken) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toBe('The access token expired');
  });

  it('shows items only to owners and collaborators, and has retired the /tracks paths', async () => {
    const drive = playlistNamed('Late Night Drive');
    const theo = tokenFor('theo.okafor'); // follows it, does not own it
    const meta = (
      await host.inject({ url: `/_spotify/v1/playlists/${drive.id}`, headers: bearer(theo) })
    ).json();
    expect(meta.items).toEqual({
      href: `http://demo.test/_spotify/v1/playlists/${drive.id}/items`,
      total: 300,
    });
    expect(meta.followers).toEqual({ href: null, total: 12840 });
    expect(
      (
        await host.inject({
          url: `/_spotify/v1/playlists/${drive.id}/items`,
          headers: bearer(theo),
        })
      ).statusCode,
    ).toBe(403);
    const mara = tokenFor('mara.velden');
    const owned = (
      await host.inject({
        url: `/_spotify/v1/playlists/${drive.id}/items?limit=50&offset=250`,
        headers: bearer(mara),
      })
    ).json();
    expect(owned.items).toHaveLength(50);
    expect(owned.next).toBeNull();
    expect(owned.items[0].item).toEqual(owned.items[0].track);
    // The owner's GET /playlists/{id}: `items` is a paging object of the first 100 items, and
    // the deprecated `tracks` has the same shape.
    const full = (
      await host.inject({ url: `/_spotify/v1/playlists/${drive.id}`, headers: bearer(mara) })
    ).json();
    expect(full.items).toMatchObject({
      href: `http://demo.test/_spotify/v1/playlists/${drive.id}/items?offset=0&limit=100`,
      limit: 100,
      offset: 0,
      total: 300,
      next: `http://demo.test/_spotify/v1/playlists/${drive.id}/items?offset=100&limit=100`,
      previous: null,
    });
    expect(full.items.items).toHaveLength(100);
    expect(full.items.items[0]).toMatchObject({ added_at: expect.any(String), is_local: false });
    expect(full.tracks).toEqual(full.items);
    expect(meta.tracks).toEqual(meta.items);
    expect(
      (
        await host.inject({
          url: `/_spotify/v1/playlists/${drive.id}/tracks`,
          headers: bearer(mara),
        })
      ).statusCode,
    ).toBe(403);
    const tooMany = await host.inject({
      url: `/_spotify/v1/playlists/${drive.id}/items?limit=51`,
      headers: bearer(mara),
    });
    expect(tooMany.json()).toEqual({ error: { status: 400, message: 'Invalid limit' } });
  });

  it('lists private and collaborative playlists only with the scopes for them', async () => {
    const names = async (scopes: string[]) =>
      (
        await host.inject({
          url: '/_spotify/v1/me/playlists?limit=50',
          headers: bearer(tokenFor('mara.velden', scopes)),
        })
      )
        .json()
        .items.map((p: { name: string }) => p.name);
    expect(await names([])).not.toContain('Demo Radar');
    expect(await names([])).not.toContain('Road Trip 2026');
    const all = await names(['playlist-read-private', 'playlist-read-collaborative']);
    expect(all).toEqual(
      expect.arrayContaining([
        'Demo Radar',
        'Road Trip 2026',
        'Late Night Drive',
        "Sol's Summer Heat",
      ]),
    );
  });

  it('limits search to 10 per page', async () => {
    const mara = tokenFor('mara.velden');
    const ok = await host.inject({
      url: '/_spotify/v1/search?q=the&type=track&limit=10',
      headers: bearer(mara),
    });
    expect(ok.json().tracks.items.length).toBeLessThanOrEqual(10);
    const tooMany = await host.inject({
      url: '/_spotify/v1/search?q=the&type=track&limit=11',
      headers: bearer(mara),
    });
    expect(tooMany.json()).toEqual({ error: { status: 400, message: 'Invalid limit' } });
    const byDefault = await host.inject({
      url: '/_spotify/v1/search?q=the&type=track',
      headers: bearer(mara),
    });
    expect(byDefault.json().tracks.limit).toBe(5);
  });

  it('finds a track by ISRC, and its single twin with it', async () => {
    const mara = tokenFor('mara.velden');
    const items = standIn.control.playlists().flatMap((p) => standIn.control.playlistItems(p.id));
    const twin = items.find((a) =>
      items.some((b) => b.isrc === a.isrc && b.trackId !== a.trackId),
    )!;
    const found = await host.inject({
      url: `/_spotify/v1/search?q=isrc:${twin.isrc}&type=track`,
      headers: bearer(mara),
    });
    expect(found.json().tracks.total).toBe(2);
  });

  it('refuses removal by position, which Spotify no longer offers', async () => {
    const rain = playlistNamed('Rain on Glass');
    const [first] = standIn.control.playlistItems(rain.id);
    const answer = await host.inject({
      method: 'DELETE',
      url: `/_spotify/v1/playlists/${rain.id}/items`,
      headers: bearer(tokenFor('lena.kowalczyk')),
      payload: { items: [{ uri: first!.uri, positions: [0] }] },
    });
    expect(answer.statusCode).toBe(400);
    expect(standIn.control.playlistItems(rain.id)).toHaveLength(10);
  });
});

describe('control API over HTTP', () => {
  it('injects a 429 with Retry-After for matching paths only', async () => {
    const mara = tokenFor('mara.velden');
    const injected = await host.inject({
      method: 'POST',
      url: '/_spotify/_control/faults',
      payload: { kind: 'rateLimit', retryAfterSeconds: 4, times: 1, pathContains: '/me/playlists' },
    });
    expect(injected.json()).toEqual({ pending: 1 });
    expect((await host.inject({ url: '/_spotify/v1/me', headers: bearer(mara) })).statusCode).toBe(
      200,
    );
    const limited = await host.inject({ url: '/_spotify/v1/me/playlists', headers: bearer(mara) });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('4');
    expect(
      (await host.inject({ url: '/_spotify/v1/me/playlists', headers: bearer(mara) })).statusCode,
    ).toBe(200);
  });

  it('edits a playlist as someone else and resets to the seed', async () => {
    const rain = playlistNamed('Rain on Glass');
    const before = standIn.control.playlistItems(rain.id).map((item) => item.trackId);
    const edit = await host.inject({
      method: 'POST',
      url: '/_spotify/_control/edit',
      payload: { playlistId: rain.id, edit: { kind: 'move', from: 0, to: 9 } },
    });
    expect(edit.json().snapshotId).not.toBe(rain.snapshotId);
    const moved = (
      await host.inject({ url: `/_spotify/_control/playlists/${rain.id}/items` })
    ).json().items;
    expect(moved.map((item: { trackId: string }) => item.trackId)).toEqual([
      ...before.slice(1),
      before[0],
    ]);
    await host.inject({ method: 'POST', url: '/_spotify/_control/reset' });
    expect(standIn.control.playlistItems(rain.id).map((item) => item.trackId)).toEqual(before);
    expect(playlistNamed('Rain on Glass').snapshotId).not.toBe(edit.json().snapshotId);
  });

  it('validates control requests', async () => {
    const bad = await host.inject({
      method: 'POST',
      url: '/_spotify/_control/faults',
      payload: { kind: 'explode' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('mounting', () => {
  it("leaves the host app's own body parsing and 404s alone", async () => {
    const formPost = await host.inject({ method: 'POST', url: '/api/echo', ...form({ a: '1' }) });
    expect(formPost.statusCode).toBe(415);
    const json = await host.inject({ method: 'POST', url: '/api/echo', payload: { a: 1 } });
    expect(json.json()).toEqual({ body: { a: 1 } });
    const hostMissing = await host.inject({ url: '/nothing-here' });
    expect(hostMissing.json()).not.toHaveProperty('error.status');
    expect((await host.inject({ url: '/_spotify/v1/nothing' })).json()).toEqual({
      error: { status: 404, message: 'Service not found' },
    });
  });

  it('keeps edits and grants in its state file across restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spotify-local-'));
    try {
      const statePath = join(dir, 'state.json');
      const first = createSpotifyStandIn({ statePath });
      const rain = first.control.playlists().find((p) => p.name === 'Rain on Glass')!;
      const { snapshotId } = first.control.editAsSomeoneElse(rain.id, {
        kind: 'remove',
        position: 0,
      });
      const { refreshToken } = first.control.issueTokens('lena.kowalczyk');
      first.control.revokeUser('lena.kowalczyk');
      const second = createSpotifyStandIn({ statePath });
      const again = second.control.playlists().find((p) => p.id === rain.id)!;
      expect(again).toMatchObject({ snapshotId, itemCount: 9 });
      expect(second.pluginOptions.core.tokens.refreshTokens.get(refreshToken)?.revoked).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
