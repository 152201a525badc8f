import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spotifyAccounts, users } from '../../db/schema.js';
import { createTestApp, post, signedInUser, type TestApp } from '../../test/harness.js';
import { consentRedirect, linkSpotify } from '../../test/spotifyLinking.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = async (cookie: string) =>
  (await t.app.inject({ url: '/api/', headers: { cookie } })).json().user;

describe('GET /api/auth/spotify/authorize', () => {
  it('sends a signed-out browser to sign in, and back to /spotify after', async () => {
    const response = await t.app.inject('/api/auth/spotify/authorize');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/signin?redirect=%2Fspotify');
  });

  it('sends a signed-in browser to the consent page with the scopes, our redirect URI and a state', async () => {
    const user = await signedInUser(t);
    const response = await t.app.inject({
      url: '/api/auth/spotify/authorize',
      headers: { cookie: user.cookie },
    });
    const target = new URL(String(response.headers.location));
    expect(`${target.origin}${target.pathname}`).toBe(`${t.spotify.accountsBaseUrl}/authorize`);
    expect(target.searchParams.get('redirect_uri')).toBe(`${t.config.appOrigin}/spotify/callback`);
    expect(target.searchParams.get('scope')?.split(' ').sort()).toEqual([
      'playlist-modify-private',
      'playlist-modify-public',
      'playlist-read-collaborative',
      'playlist-read-private',
      'user-read-private',
    ]);
    expect(target.searchParams.get('state')?.length).toBeGreaterThanOrEqual(32);
  });
});

describe('auth/spotify/callback', () => {
  it('links the chosen Spotify user, sealing the tokens, and lists it on the user', async () => {
    const user = await signedInUser(t);
    const account = await linkSpotify(t, user.cookie, 'theo.okafor');
    expect(account).toMatchObject({
      spotifyUserId: 'theo.okafor',
      regrant: false,
      email: 'Theo Okafor',
    });
    expect((await me(user.cookie)).accounts).toEqual([
      expect.objectContaining({ id: account.id, regrant: false }),
    ]);

    const [row] = await t.context.db
      .select()
      .from(spotifyAccounts)
      .where(eq(spotifyAccounts.id, account.id));
    const accessToken = t.context.spotify.cipher.decrypt(row!.accessTokenSealed);
    expect(row!.accessTokenSealed).not.toContain(accessToken);
    expect(row!.refreshTokenSealed).not.toContain(
      t.context.spotify.cipher.decrypt(row!.refreshTokenSealed),
    );
    const asSpotify = await fetch(`${t.spotify.apiBaseUrl}/me`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(((await asSpotify.json()) as { id: string }).id).toBe('theo.okafor');
  });

  it('re-authorising the same Spotify user updates the account instead of adding one', async () => {
    const user = await signedInUser(t);
    const first = await linkSpotify(t, user.cookie, 'mara.velden');
    await t.context.db
      .update(spotifyAccounts)
      .set({ regrant: true })
      .where(eq(spotifyAccounts.id, first.id));
    const { code, state } = await consentRedirect(t, user.cookie, 'mara.velden');
    const again = await post(
      t.app,
      '/api/auth/spotify/callback',
      { code, state },
      { cookie: user.cookie },
    );
    expect(again.json()).toMatchObject({
      relinked: true,
      account: { id: first.id, regrant: false },
    });
    expect((await me(user.cookie)).accounts).toHaveLength(1);
  });

  it('refuses a state from another session, and a state used twice', async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const { code, state } = await consentRedirect(t, owner.cookie, 'mara.velden');
    const stolen = await post(
      t.app,
      '/api/auth/spotify/callback',
      { code, state },
      { cookie: stranger.cookie },
    );
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.code).toBe('INVALID_LINK');
    // The stranger's attempt used nothing up: the owner's callback still works, once.
    expect(
      (await post(t.app, '/api/auth/spotify/callback', { code, state }, { cookie: owner.cookie }))
        .statusCode,
    ).toBe(200);
    const replay = await post(
      t.app,
      '/api/auth/spotify/callback',
      { code, state },
      { cookie: owner.cookie },
    );
    expect(replay.json().error.code).toBe('INVALID_LINK');
  });

  it('says so when the user cancels on Spotify', async () => {
    const user = await signedInUser(t);
    const { state, error } = await consentRedirect(t, user.cookie, 'mara.velden', 'cancel');
    expect(error).toBe('access_denied');
    const response = await post(
      t.app,
      '/api/auth/spotify/callback',
      { state, error },
      { cookie: user.cookie },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'SPOTIFY_DENIED',
      message: 'You cancelled the connection on Spotify.',
    });
  });

  it("enforces the plan's account limit (free: 1)", async () => {
    const user = await signedInUser(t);
    await t.context.db.update(users).set({ plan: 'free' }).where(eq(users.id, user.id));
    await linkSpotify(t, user.cookie, 'mara.velden');
    const { code, state } = await consentRedirect(t, user.cookie, 'sol.ortega');
    const response = await post(
      t.app,
      '/api/auth/spotify/callback',
      { code, state },
      { cookie: user.cookie },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({
      code: 'PLAN_LIMIT',
      details: { resource: 'spotifyAccounts', limit: 1, current: 1, plan: 'free' },
    });
  });
});

describe('auth/spotify/account and auth/spotify/removeaccount', () => {
  it('lists and unlinks the caller’s accounts only', async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const account = await linkSpotify(t, owner.cookie, 'lena.kowalczyk');

    const listed = await post(t.app, '/api/auth/spotify/account', {}, { cookie: owner.cookie });
    expect(listed.json().accounts.map((a: { id: string }) => a.id)).toEqual([account.id]);
    expect(
      (await post(t.app, '/api/auth/spotify/account', {}, { cookie: stranger.cookie })).json()
        .accounts,
    ).toEqual([]);

    const foreign = await post(
      t.app,
      '/api/auth/spotify/removeaccount',
      { accountId: account.id },
      { cookie: stranger.cookie },
    );
    expect(foreign.statusCode).toBe(404);
    const removed = await post(
      t.app,
      '/api/auth/spotify/removeaccount',
      { accountId: account.id },
      { cookie: owner.cookie },
    );
    expect(removed.json()).toEqual({ success: true, accountId: account.id });
    expect((await me(owner.cookie)).accounts).toEqual([]);
  });
});

describe('regrant', () => {
  it('marks the account for re-authorisation when Spotify revokes the grant', async () => {
    const user = await signedInUser(t);
    const account = await linkSpotify(t, user.cookie, 'junebugradio');
    t.spotify.control.revokeUser('junebugradio');
    t.clock.advance(2 * 60 * 60 * 1000); // the access token has expired: a refresh is needed
    const response = await post(
      t.app,
      '/api/playlists/playlists',
      { accountId: account.id },
      { cookie: user.cookie },
    );
    t.clock.advance(-2 * 60 * 60 * 1000);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('SPOTIFY_REAUTHORIZE');
    expect((await me(user.cookie)).accounts[0]).toMatchObject({ id: account.id, regrant: true });
  });
});
