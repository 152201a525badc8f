import { generate } from 'otplib';
import { expect } from 'vitest';
import { post, TEST_PASSWORD, type TestApp } from './harness.js';

/** The TOTP code an authenticator app shows for this secret at the test app's clock. */
export function totpAt(t: TestApp, secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offsetSeconds });
}

/**
 * Re-authenticates a test user's session with the password every test user has, opening its
 * window for security changes (security/reauthenticate).
 */
export async function reauthenticate(
  t: TestApp,
  cookie: string,
  password = TEST_PASSWORD,
): Promise<void> {
  const response = await post(t.app, '/api/security/reauthenticate', { password }, { cookie });
  expect(response.statusCode).toBe(200);
}

/**
 * Turns TOTP on for a signed-in user (re-authenticating first); answers the secret and the
 * recovery codes.
 */
export async function enableTotp(
  t: TestApp,
  cookie: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  await reauthenticate(t, cookie);
  const setup = await post(t.app, '/api/security/totp/setup', {}, { cookie });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enabled = await post(
    t.app,
    '/api/security/totp/enable',
    { code: await totpAt(t, secret) },
    { cookie },
  );
  expect(enabled.statusCode).toBe(200);
  // The next code must come from a later step: the one used here is spent.
  t.clock.advance(30_000);
  return { secret, recoveryCodes: (enabled.json() as { recoveryCodes: string[] }).recoveryCodes };
}

/** Signs in with the password and answers the pending sign-in token of the second step. */
export async function pendingSignin(
  t: TestApp,
  user: { email: string; password: string },
): Promise<string> {
  const response = await post(t.app, '/api/auth/signin', {
    email: user.email,
    password: user.password,
  });
  expect(response.statusCode).toBe(200);
  const body = response.json() as { secondFactor?: { pendingToken: string } };
  if (!body.secondFactor) throw new Error('no second step was asked for');
  return body.secondFactor.pendingToken;
}
