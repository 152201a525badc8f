import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SpotifyApiError, SpotifyGrantRevokedError } from './errors.js';
import {
  linkedAccount,
  memoryTokenStore,
  startClientHarness,
  type ClientHarness,
} from '../../test/spotifyClientHarness.js';

let harness: ClientHarness;
beforeEach(async () => {
  harness = await startClientHarness();
});
afterEach(async () => {
  await harness.close();
});

const REDIRECT = 'http://127.0.0.1:3000/spotify/callback';
const SCOPES = [
  'playlist-read-private',
  'playlist-read-collaborative',
  'playlist-modify-public',
  'playlist-modify-private',
  'user-read-private',
];

describe('linking an account (authorization code flow)', () => {
  it('renders the consent page, redirects with code and state, and the code works once', async () => {
    const url = harness.client.authorizeUrl({
      redirectUri: REDIRECT,
      state: 'state-123',
      scopes: SCOPES,
      showDialog: true,
    });
    expect(new URL(url).searchParams.get('show_dialog')).toBe('true');

    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const name of [
      'Mara Velden',
      'Theo Okafor',
      'JuneBug Radio',
      'Lena Kowalczyk',
      'Sol Ortega',
    ])
      expect(html).toContain(name);
    const consentId = /name="consent_id" value="([^"]+)"/.exec(html)?.[1];
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];

    const choice = await fetch(action!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ consent_id: consentId!, user_id: 'theo.okafor' }),
      redirect: 'manual',
    });
    expect(choice.status).toBe(303);
    const back = new URL(choice.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('state-123');
    const code = back.searchParams.get('code')!;

    const tokens = await harness.client.exchangeCode(code, REDIRECT);
    expect(tokens.scope?.split(' ').sort()).toEqual([...SCOPES].sort());
    expect(tokens.expiresAt.getTime()).toBeGreaterThan(Date.now() + 3500 * 1000);
    const me = await harness.client.forAccount(memoryTokenStore(tokens)).me();
    expect(me).toMatchObject({
      id: 'theo.okafor',
      displayName: 'Theo Okafor',
      country: null,
      product: null,
    });

    const again = harness.client.exchangeCode(code, REDIRECT);
    await expect(again).rejects.toBeInstanceOf(SpotifyApiError);
    await expect(again).rejects.toMatchObject({ status: 400, reason: 'invalid_grant' });
  });

  it('refuses a code sent back with another redirect URI', async () => {
    const page = await (
      await fetch(
        harness.client.authorizeUrl({ redirectUri: REDIRECT, state: 's', scopes: SCOPES }),
      )
    ).text();
    const consentId = /name="consent_id" value="([^"]+)"/.exec(page)![1]!;
    const choice = await fetch(`${harness.standIn.accountsBaseUrl}/authorize/decision`, {
      method: 'POST',
      body: new URLSearchParams({ consent_id: consentId, user_id: 'mara.velden' }),
      redirect: 'manual',
    });
    const code = new URL(choice.headers.get('location')!).searchParams.get('code')!;
    await expect(
      harness.client.exchangeCode(code, 'http://127.0.0.1:3000/elsewhere'),
    ).rejects.toMatchObject({ reason: 'invalid_grant' });
  });
});

describe('tokens of a linked account', () => {
  it('refreshes on a 401 and keeps the refresh token Spotify did not replace', async () => {
    const store = linkedAccount(harness, 'mara.velden');
    const { accessToken, refreshToken } = store.current;
    const api = harness.client.forAccount(store);
    await api.me();
    // The stand-in's clock runs past the token's hour; ours still thinks it is fresh.
    harness.standInClock.advance(2 * 60 * 60 * 1000);
    const me = await api.me();
    expect(me.id).toBe('mara.velden');
    expect(store.saved).toHaveLength(1);
    expect(store.saved[0]!.accessToken).not.toBe(accessToken);
    expect(store.saved[0]!.refreshToken).toBe(refreshToken);
    expect(store.saved[0]!.scope).toContain('playlist-modify-public');
    await api.me();
    expect(store.saved).toHaveLength(1);
  });

  it('refreshes ahead of expiry, once for concurrent callers', async () => {
    const store = linkedAccount(harness, 'sol.ortega');
    store.current = { ...store.current, expiresAt: new Date(Date.now() + 10_000) };
    const api = harness.client.forAccount(store);
    const [a, b] = await Promise.all([api.me(), api.me()]);
    expect([a.id, b.id]).toEqual(['sol.ortega', 'sol.ortega']);
    expect(store.saved).toHaveLength(1);
    const tokenCalls = harness.requests.filter((request) => request.url.endsWith('/api/token'));
    expect(tokenCalls).toHaveLength(1);
  });

  it('marks the account for re-authorisation when the grant was revoked', async () => {
    const store = linkedAccount(harness, 'junebugradio');
    const api = harness.client.forAccount(store);
    harness.standIn.control.revokeUser('junebugradio');
    const call = api.myPlaylists();
    await expect(call).rejects.toBeInstanceOf(SpotifyGrantRevokedError);
    expect(store.regrants).toEqual(['Refresh token revoked']);
    expect(store.saved).toHaveLength(0);
  });

  it('throws SpotifyGrantRevokedError for an unknown refresh token', async () => {
    await expect(harness.client.refreshAccessToken('AQ-not-a-token')).rejects.toMatchObject({
      name: 'SpotifyGrantRevokedError',
      reason: 'Invalid refresh token',
    });
  });
});
