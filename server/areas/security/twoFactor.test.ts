import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  latestMailTo,
  post,
  sessionCookieFrom,
  signedInUser,
  type TestApp,
} from '../../test/harness.js';
import { enableTotp, pendingSignin, reauthenticate, totpAt } from '../../test/twoFactor.js';
import { PENDING_SIGNIN_ATTEMPTS } from './pendingSignins.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const second = (pendingToken: string, code: string) =>
  post(t.app, '/api/security/signin/second', { pendingToken, code });
const status = (cookie: string) => post(t.app, '/api/security/twofactor', {}, { cookie });

describe('TOTP enrolment', () => {
  it('shows a secret and a QR code, turns on with a typed code, answers ten recovery codes and mails', async () => {
    const user = await signedInUser(t);
    await reauthenticate(t, user.cookie);
    const setup = await post(t.app, '/api/security/totp/setup', {}, { cookie: user.cookie });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.json();
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await status(user.cookie)).json()).toEqual({
      totpEnabled: false,
      recoveryCodesLeft: 0,
    });

    const wrong = await post(
      t.app,
      '/api/security/totp/enable',
      { code: '000000' },
      { cookie: user.cookie },
    );
    expect(wrong.statusCode).toBe(400);
    const enabled = await post(
      t.app,
      '/api/security/totp/enable',
      { code: await totpAt(t, secret) },
      { cookie: user.cookie },
    );
    expect(enabled.statusCode).toBe(200);
    const codes: string[] = enabled.json().recoveryCodes;
    expect(new Set(codes).size).toBe(10);
    expect((await status(user.cookie)).json()).toEqual({
      totpEnabled: true,
      recoveryCodesLeft: 10,
    });
    expect((await latestMailTo(t, user.email))?.subject).toBe(
      'Two-factor sign-in is on for your Curator account',
    );
  });
});

describe('sign-in with TOTP', () => {
  it('asks for a second step instead of starting a session, then signs in with the current code', async () => {
    const user = await signedInUser(t);
    const { secret } = await enableTotp(t, user.cookie);
    const first = await post(t.app, '/api/auth/signin', {
      email: user.email,
      password: user.password,
    });
    expect(first.statusCode).toBe(200);
    expect(sessionCookieFrom(first)).toBeUndefined();
    const token = first.json().secondFactor.pendingToken as string;

    const done = await second(token, await totpAt(t, secret));
    expect(done.statusCode).toBe(200);
    expect(done.json().user.id).toBe(user.id);
    expect(sessionCookieFrom(done)).toBeDefined();
    // The pending sign-in is used up.
    expect((await second(token, await totpAt(t, secret))).statusCode).toBe(401);
  });

  it('accepts the code of the step before or after (clock drift) but not two steps away', async () => {
    const user = await signedInUser(t);
    const { secret } = await enableTotp(t, user.cookie);
    // The step before must not be the one spent on enrolment.
    t.clock.advance(30_000);
    expect(
      (await second(await pendingSignin(t, user), await totpAt(t, secret, -60))).statusCode,
    ).toBe(400);
    expect(
      (await second(await pendingSignin(t, user), await totpAt(t, secret, 90))).statusCode,
    ).toBe(400);
    expect(
      (await second(await pendingSignin(t, user), await totpAt(t, secret, -30))).statusCode,
    ).toBe(200);
  });

  it('refuses a code that was already used, within its window', async () => {
    const user = await signedInUser(t);
    const { secret } = await enableTotp(t, user.cookie);
    const code = await totpAt(t, secret);
    expect((await second(await pendingSignin(t, user), code)).statusCode).toBe(200);
    t.clock.advance(10_000);
    expect((await second(await pendingSignin(t, user), code)).statusCode).toBe(400);
    t.clock.advance(30_000);
    expect((await second(await pendingSignin(t, user), await totpAt(t, secret))).statusCode).toBe(
      200,
    );
  });

  it('takes each recovery code once', async () => {
    const user = await signedInUser(t);
    const { recoveryCodes } = await enableTotp(t, user.cookie);
    const [code] = recoveryCodes;
    const used = await second(await pendingSignin(t, user), code!.toUpperCase());
    expect(used.statusCode).toBe(200);
    expect((await second(await pendingSignin(t, user), code!)).statusCode).toBe(400);
    expect((await status(sessionCookieFrom(used)!)).json().recoveryCodesLeft).toBe(9);
  });

  it('gives up a pending sign-in after a few wrong codes, and expires it', async () => {
    const user = await signedInUser(t);
    const { secret } = await enableTotp(t, user.cookie);
    const token = await pendingSignin(t, user);
    for (let i = 0; i < PENDING_SIGNIN_ATTEMPTS; i += 1) {
      expect((await second(token, '000000')).statusCode).toBe(400);
    }
    expect((await second(token, await totpAt(t, secret))).statusCode).toBe(401);

    const later = await pendingSignin(t, user);
    t.clock.advance(6 * 60 * 1000);
    expect((await second(later, await totpAt(t, secret))).statusCode).toBe(401);
  });

  it('rate limits the second step per IP', async () => {
    const token = 'x'.repeat(43);
    const ip = '198.51.100.77';
    let last = 0;
    for (let i = 0; i < 25; i += 1) {
      last = (
        await post(
          t.app,
          '/api/security/signin/second',
          { pendingToken: token, code: '123456' },
          { ip },
        )
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('turning TOTP off', () => {
  it('needs a current code or the password, and mails', async () => {
    const user = await signedInUser(t);
    const { secret } = await enableTotp(t, user.cookie);
    const refused = await post(
      t.app,
      '/api/security/totp/disable',
      { password: 'not-it-at-all' },
      { cookie: user.cookie },
    );
    expect(refused.statusCode).toBe(400);
    const off = await post(
      t.app,
      '/api/security/totp/disable',
      { code: await totpAt(t, secret) },
      { cookie: user.cookie },
    );
    expect(off.statusCode).toBe(200);
    expect((await status(user.cookie)).json()).toEqual({
      totpEnabled: false,
      recoveryCodesLeft: 0,
    });
    expect((await latestMailTo(t, user.email))?.subject).toBe(
      'Two-factor sign-in was turned off for your Curator account',
    );
    const plain = await post(t.app, '/api/auth/signin', {
      email: user.email,
      password: user.password,
    });
    expect(sessionCookieFrom(plain)).toBeDefined();
  });

  it('takes the password instead of a code', async () => {
    const user = await signedInUser(t);
    await enableTotp(t, user.cookie);
    const off = await post(
      t.app,
      '/api/security/totp/disable',
      { password: user.password },
      { cookie: user.cookie },
    );
    expect(off.statusCode).toBe(200);
  });
});
