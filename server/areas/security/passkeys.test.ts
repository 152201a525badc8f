import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys, webauthnChallenges } from '../../db/schema.js';
import {
  createTestApp,
  latestMailTo,
  post,
  sessionCookieFrom,
  signedInUser,
  type TestApp,
} from '../../test/harness.js';
import {
  addPasskey,
  browserAt,
  passkeySigninOptions,
  signInWithPasskey,
} from '../../test/passkeys.js';
import { assertPasskey, createPasskey } from '../../test/softAuthenticator.js';
import { enableTotp, pendingSignin, reauthenticate, totpAt } from '../../test/twoFactor.js';
import { relyingParty } from './relyingParty.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (cookie: string) => post(t.app, '/api/security/passkeys', {}, { cookie });
const me = (cookie: string) => t.app.inject({ url: '/api/', headers: { cookie } });

describe('the relying party', () => {
  it('is the public origin, and passkeys need a host name (browsers refuse an IP as RP ID)', () => {
    expect(relyingParty({ appOrigin: 'http://localhost:3400' })).toEqual({
      id: 'localhost',
      origin: 'http://localhost:3400',
      available: true,
    });
    expect(relyingParty({ appOrigin: 'https://curator.example' }).id).toBe('curator.example');
    expect(relyingParty({ appOrigin: 'http://127.0.0.1:3000' }).available).toBe(false);
    expect(relyingParty({ appOrigin: 'http://[::1]:3000' }).available).toBe(false);
  });
});

describe('adding, renaming and removing passkeys', () => {
  it('adds a discoverable passkey from the registration ceremony, lists it and mails', async () => {
    const user = await signedInUser(t);
    await reauthenticate(t, user.cookie);
    const begun = await post(
      t.app,
      '/api/security/passkey/register/options',
      {},
      {
        cookie: user.cookie,
      },
    );
    const { options } = begun.json();
    expect(options.rp).toEqual({ id: '127.0.0.1', name: 'Curator' });
    expect(options.authenticatorSelection.residentKey).toBe('required');
    expect(options.user.name).toBe(user.email);

    const { response } = createPasskey(options, browserAt(t));
    const added = await post(
      t.app,
      '/api/security/passkey/register',
      { response, name: 'Work laptop' },
      { cookie: user.cookie },
    );
    expect(added.statusCode).toBe(200);
    expect(added.json().passkey).toMatchObject({ name: 'Work laptop', lastUsedAt: null });
    expect((await list(user.cookie)).json()).toEqual({
      available: false,
      passkeys: [added.json().passkey],
    });
    const mail = await latestMailTo(t, user.email);
    expect(mail?.subject).toBe('A passkey was added to your Curator account');
    expect(mail?.text).toContain('"Work laptop"');

    // The registration's challenge was used up: the same answer does not add it again.
    const again = await post(
      t.app,
      '/api/security/passkey/register',
      { response },
      {
        cookie: user.cookie,
      },
    );
    expect(again.statusCode).toBe(400);
    // The next options exclude it, so the authenticator is not registered twice.
    const next = await post(
      t.app,
      '/api/security/passkey/register/options',
      {},
      {
        cookie: user.cookie,
      },
    );
    expect(next.json().options.excludeCredentials).toEqual([
      { id: response.id, type: 'public-key', transports: ['internal'] },
    ]);
  });

  it('refuses an attestation made for another origin or RP ID', async () => {
    const user = await signedInUser(t);
    await reauthenticate(t, user.cookie);
    for (const ceremony of [
      { origin: 'https://evil.example' },
      { origin: t.config.appOrigin, rpId: 'evil.example' },
    ]) {
      const begun = await post(
        t.app,
        '/api/security/passkey/register/options',
        {},
        {
          cookie: user.cookie,
        },
      );
      const { response } = createPasskey(begun.json().options, ceremony);
      const refused = await post(
        t.app,
        '/api/security/passkey/register',
        { response },
        {
          cookie: user.cookie,
        },
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields.response).toBeDefined();
    }
    expect((await list(user.cookie)).json().passkeys).toEqual([]);
  });

  it('names a passkey after the device when no name is given, renames and removes it with a mail', async () => {
    const user = await signedInUser(t);
    await reauthenticate(t, user.cookie);
    const begun = await post(
      t.app,
      '/api/security/passkey/register/options',
      {},
      {
        cookie: user.cookie,
      },
    );
    const { response } = createPasskey(begun.json().options, browserAt(t));
    const added = await post(
      t.app,
      '/api/security/passkey/register',
      { response },
      {
        cookie: user.cookie,
        headers: {
          'user-agent':
            'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
        },
      },
    );
    const { id, name } = added.json().passkey;
    expect(name).toBe('Chrome 140 on Linux');

    const renamed = await post(
      t.app,
      '/api/security/passkey/rename',
      { id, name: '  Phone  ' },
      { cookie: user.cookie },
    );
    expect(renamed.json().passkey.name).toBe('Phone');
    const blank = await post(
      t.app,
      '/api/security/passkey/rename',
      { id, name: ' ' },
      {
        cookie: user.cookie,
      },
    );
    expect(blank.statusCode).toBe(400);

    const removed = await post(
      t.app,
      '/api/security/passkey/remove',
      { id },
      {
        cookie: user.cookie,
      },
    );
    expect(removed.statusCode).toBe(200);
    expect((await list(user.cookie)).json().passkeys).toEqual([]);
    expect((await latestMailTo(t, user.email))?.subject).toBe(
      'A passkey was removed from your Curator account',
    );
    const twice = await post(
      t.app,
      '/api/security/passkey/remove',
      { id },
      {
        cookie: user.cookie,
      },
    );
    expect(twice.statusCode).toBe(404);
  });
});

describe('password-less sign-in with a passkey', () => {
  it('signs in without an address or password, and records the use', async () => {
    const user = await signedInUser(t);
    const { passkey } = await addPasskey(t, user.cookie);
    const options = await passkeySigninOptions(t);
    expect(options.allowCredentials).toBeUndefined();
    expect(options.userVerification).toBe('required');

    const signedIn = await signInWithPasskey(t, passkey);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(user.id);
    const cookie = sessionCookieFrom(signedIn)!;
    expect((await me(cookie)).json().user.id).toBe(user.id);
    const [listed] = (await list(cookie)).json().passkeys;
    expect(listed.lastUsedAt).toBe(t.clock.now().toISOString());
  });

  it('takes each challenge once: a replayed assertion, or a new one over a used challenge, is refused', async () => {
    const user = await signedInUser(t);
    const { passkey } = await addPasskey(t, user.cookie);
    const options = await passkeySigninOptions(t);
    const response = assertPasskey(passkey, options, browserAt(t));
    const first = await post(t.app, '/api/security/passkey/signin', { response });
    expect(first.statusCode).toBe(200);
    const replayed = await post(t.app, '/api/security/passkey/signin', { response });
    expect(replayed.statusCode).toBe(400);
    expect(sessionCookieFrom(replayed)).toBeUndefined();
    const resigned = assertPasskey(passkey, options, browserAt(t));
    expect(
      (await post(t.app, '/api/security/passkey/signin', { response: resigned })).statusCode,
    ).toBe(400);
  });

  it('refuses a challenge after its few minutes', async () => {
    const user = await signedInUser(t);
    const { passkey } = await addPasskey(t, user.cookie);
    const options = await passkeySigninOptions(t);
    t.clock.advance(6 * 60 * 1000);
    const response = assertPasskey(passkey, options, browserAt(t));
    expect((await post(t.app, '/api/security/passkey/signin', { response })).statusCode).toBe(400);
  });

  it('refuses an assertion for another origin or RP ID, and spends its challenge', async () => {
    const user = await signedInUser(t);
    const { passkey } = await addPasskey(t, user.cookie);
    const wrongOrigin = await signInWithPasskey(t, passkey, {
      ceremony: { origin: 'https://evil.example' },
    });
    expect(wrongOrigin.statusCode).toBe(400);
    const wrongRp = await signInWithPasskey(t, passkey, { ceremony: { rpId: 'evil.example' } });
    expect(wrongRp.statusCode).toBe(400);
    expect(
      await t.context.db
        .select()
        .from(webauthnChallenges)
        .where(eq(webauthnChallenges.purpose, 'signin')),
    ).toEqual([]);
    expect((await signInWithPasskey(t, passkey)).statusCode).toBe(200);
  });

  it('refuses a signature counter that did not grow (a cloned authenticator)', async () => {
    const user = await signedInUser(t);
    const { passkey, id } = await addPasskey(t, user.cookie);
    expect((await signInWithPasskey(t, passkey, { ceremony: { counter: 5 } })).statusCode).toBe(
      200,
    );
    const [row] = await t.context.db.select().from(passkeys).where(eq(passkeys.id, id));
    expect(row?.counter).toBe(5);
    expect((await signInWithPasskey(t, passkey, { ceremony: { counter: 5 } })).statusCode).toBe(
      400,
    );
    expect((await signInWithPasskey(t, passkey, { ceremony: { counter: 3 } })).statusCode).toBe(
      400,
    );
    expect((await signInWithPasskey(t, passkey, { ceremony: { counter: 6 } })).statusCode).toBe(
      200,
    );
  });

  it('asks for user verification without a password, and refuses a removed passkey', async () => {
    const user = await signedInUser(t);
    const { passkey, id } = await addPasskey(t, user.cookie);
    const unverified = await signInWithPasskey(t, passkey, { ceremony: { userVerified: false } });
    expect(unverified.statusCode).toBe(400);
    await post(t.app, '/api/security/passkey/remove', { id }, { cookie: user.cookie });
    expect((await signInWithPasskey(t, passkey)).statusCode).toBe(400);
  });
});

describe('a passkey as the second step', () => {
  it('is offered next to TOTP and finishes the pending sign-in', async () => {
    const user = await signedInUser(t);
    const { secret } = await enableTotp(t, user.cookie);
    const { passkey } = await addPasskey(t, user.cookie);
    const first = await post(t.app, '/api/auth/signin', {
      email: user.email,
      password: user.password,
    });
    const { pendingToken, methods } = first.json().secondFactor;
    expect(methods).toEqual(['totp', 'passkey']);

    const options = await passkeySigninOptions(t, pendingToken);
    expect(options.allowCredentials).toHaveLength(1);
    const response = assertPasskey(passkey, options, { ...browserAt(t), userVerified: false });
    const done = await post(t.app, '/api/security/passkey/signin', { response });
    expect(done.statusCode).toBe(200);
    expect(done.json().user.id).toBe(user.id);
    expect(sessionCookieFrom(done)).toBeDefined();
    // The pending sign-in is used up.
    const spent = await post(t.app, '/api/security/signin/second', {
      pendingToken,
      code: await totpAt(t, secret),
    });
    expect(spent.statusCode).toBe(401);
  });

  it("refuses another user's passkey for the pending sign-in", async () => {
    const owner = await signedInUser(t);
    await enableTotp(t, owner.cookie);
    await addPasskey(t, owner.cookie);
    const stranger = await signedInUser(t);
    const { passkey: strangers } = await addPasskey(t, stranger.cookie);
    const pendingToken = await pendingSignin(t, owner);
    const refused = await signInWithPasskey(t, strangers, { pendingToken });
    expect(refused.statusCode).toBe(400);
    expect(sessionCookieFrom(refused)).toBeUndefined();
  });

  it('answers 401 for a pending sign-in that is unknown or expired', async () => {
    const begun = await post(t.app, '/api/security/passkey/signin/options', {
      pendingToken: 'x'.repeat(43),
    });
    expect(begun.statusCode).toBe(401);
  });
});

describe('rate limit', () => {
  it('slows down passkey sign-in per IP like the TOTP step (20 sign-ins, two calls each)', async () => {
    const ip = '203.0.113.77';
    for (let call = 0; call < 40; call += 1) {
      const begun = await post(
        t.app,
        '/api/security/passkey/signin/options',
        { pendingToken: null },
        { ip },
      );
      expect(begun.statusCode).toBe(200);
    }
    const limited = await post(
      t.app,
      '/api/security/passkey/signin/options',
      { pendingToken: null },
      { ip },
    );
    expect(limited.statusCode).toBe(429);
    const elsewhere = await post(t.app, '/api/security/passkey/signin/options', {
      pendingToken: null,
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});
