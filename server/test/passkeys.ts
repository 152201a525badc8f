import { expect } from 'vitest';
import { post, type TestApp } from './harness.js';
import { reauthenticate } from './twoFactor.js';
import {
  assertPasskey,
  createPasskey,
  type Ceremony,
  type SoftPasskey,
} from './softAuthenticator.js';

/** The browser's view of the test app: its origin, which is the relying party. */
export const browserAt = (t: TestApp): Ceremony => ({ origin: t.config.appOrigin });

/** Adds a passkey for a signed-in user through the two registration calls (re-authenticated first). */
export async function addPasskey(
  t: TestApp,
  cookie: string,
  name?: string,
): Promise<{ passkey: SoftPasskey; id: string }> {
  await reauthenticate(t, cookie);
  const begun = await post(t.app, '/api/security/passkey/register/options', {}, { cookie });
  expect(begun.statusCode).toBe(200);
  const { passkey, response } = createPasskey(begun.json().options, browserAt(t));
  const finished = await post(
    t.app,
    '/api/security/passkey/register',
    { response, ...(name ? { name } : {}) },
    { cookie },
  );
  expect(finished.statusCode).toBe(200);
  return { passkey, id: finished.json().passkey.id as string };
}

/** Request options for signing in with a passkey (the second step when a token is given). */
export async function passkeySigninOptions(t: TestApp, pendingToken?: string) {
  const begun = await post(t.app, '/api/security/passkey/signin/options', {
    pendingToken: pendingToken ?? null,
  });
  expect(begun.statusCode).toBe(200);
  return begun.json().options;
}

/** Signs in with the passkey; answers the finishing response (200 with a session, or not). */
export async function signInWithPasskey(
  t: TestApp,
  passkey: SoftPasskey,
  options: { pendingToken?: string; ceremony?: Partial<Ceremony> & { counter?: number } } = {},
) {
  const requestOptions = await passkeySigninOptions(t, options.pendingToken);
  const response = assertPasskey(passkey, requestOptions, {
    ...browserAt(t),
    ...options.ceremony,
  });
  return post(t.app, '/api/security/passkey/signin', { response });
}
