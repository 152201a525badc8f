import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys, userTotp, users } from '../../db/schema.js';
import { REAUTHENTICATION_WINDOW_MS } from '../../identity/index.js';
import {
  createTestApp,
  latestMailTo,
  linkSecretIn,
  post,
  signInAs,
  signedInUser,
  type TestApp,
} from '../../test/harness.js';
import { addPasskey, browserAt } from '../../test/passkeys.js';
import { assertPasskey, createPasskey } from '../../test/softAuthenticator.js';
import { enableTotp, reauthenticate, totpAt } from '../../test/twoFactor.js';
import { UNDO_LINK_DAYS } from './undo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (cookie: string) => t.app.inject({ url: '/api/', headers: { cookie } });
const call = (cookie: string, action: string, body: object = {}) =>
  post(t.app, `/api/${action}`, body, { cookie });
const uniqueEmail = (label: string) =>
  `${label}.${Math.random().toString(36).slice(2, 10)}@example.test`;

async function userRow(id: string) {
  const [row] = await t.context.db.select().from(users).where(eq(users.id, id));
  return row;
}

function expectReauthenticationRequired(response: Awaited<ReturnType<typeof call>>) {
  expect(response.statusCode).toBe(403);
  expect(response.json().error.code).toBe('REAUTHENTICATION_REQUIRED');
}

/** The secret of the undo link a mail carries (/onboarding/undo/{code}). */
function undoSecretIn(text: string | null | undefined): string {
  const match = /\/onboarding\/undo\/([A-Za-z0-9_-]+)/.exec(text ?? '');
  if (!match?.[1]) throw new Error(`no undo link in mail: ${text}`);
  return match[1];
}
const undo = (code: string) => post(t.app, '/api/security/undo', { code });

/** Every security change a stolen session could make, each as a session would try it. */
async function securityChanges(user: { cookie: string; email: string }) {
  const setup = await call(user.cookie, 'security/totp/setup');
  const options = await call(user.cookie, 'security/passkey/register/options');
  const register = await call(user.cookie, 'security/passkey/register', {
    // An attestation over a challenge the server never handed out: the guard answers first.
    response: createPasskey(
      {
        challenge: 'bm90LWEtbGl2ZS1jaGFsbGVuZ2U',
        rp: { id: '127.0.0.1', name: 'Curator' },
        user: { id: 'dXNlcg', name: user.email, displayName: user.email },
      } as Parameters<typeof createPasskey>[0],
      browserAt(t),
    ).response,
  });
  const enable = await call(user.cookie, 'security/totp/enable', { code: '123456' });
  const email = await call(user.cookie, 'auth/email/change', { email: uniqueEmail('thief') });
  const others = await call(user.cookie, 'security/sessions/end/others');
  const remove = await call(user.cookie, 'auth/removeaccount');
  return { setup, options, register, enable, email, others, remove };
}

describe('re-authentication before security changes', () => {
  it('refuses every security change to a session cookie alone, and changes nothing', async () => {
    const user = await signedInUser(t);
    const otherDevice = await signInAs(t, user);
    const answers = await securityChanges(user);
    for (const answer of Object.values(answers)) expectReauthenticationRequired(answer);
    expect(answers.setup.json().error.details).toEqual({ windowMinutes: 10 });

    expect(await t.context.db.select().from(userTotp).where(eq(userTotp.userId, user.id))).toEqual(
      [],
    );
    expect((await userRow(user.id))?.email).toBe(user.email);
    expect((await me(otherDevice)).json().user.id).toBe(user.id);
  });

  it('lets the session make them for ten minutes after the password, and not after', async () => {
    const user = await signedInUser(t);
    const otherDevice = await signInAs(t, user);
    const proved = await call(user.cookie, 'security/reauthenticate', { password: user.password });
    expect(proved.json()).toEqual({
      success: true,
      until: new Date(t.clock.now().getTime() + REAUTHENTICATION_WINDOW_MS).toISOString(),
    });

    t.clock.advance(REAUTHENTICATION_WINDOW_MS - 1000);
    expect((await call(user.cookie, 'security/totp/setup')).statusCode).toBe(200);
    const options = await call(user.cookie, 'security/passkey/register/options');
    expect(options.statusCode).toBe(200);
    const { response } = createPasskey(options.json().options, browserAt(t));
    expect((await call(user.cookie, 'security/passkey/register', { response })).statusCode).toBe(
      200,
    );
    expect(
      (await call(user.cookie, 'auth/email/change', { email: uniqueEmail('moved') })).statusCode,
    ).toBe(200);
    expect((await call(user.cookie, 'security/sessions/end/others')).json()).toEqual({
      success: true,
      ended: 1,
    });
    expect((await me(otherDevice)).json().user).toBeNull();

    t.clock.advance(2000);
    const late = await securityChanges(user);
    for (const answer of Object.values(late)) expectReauthenticationRequired(answer);
    expect(await userRow(user.id)).toBeDefined();

    // Within a new window the account can be removed without typing the password again.
    await reauthenticate(t, user.cookie);
    expect((await call(user.cookie, 'auth/removeaccount')).statusCode).toBe(200);
    expect(await userRow(user.id)).toBeUndefined();
  });

  it('opens the window of this session only', async () => {
    const user = await signedInUser(t);
    const otherDevice = await signInAs(t, user);
    await reauthenticate(t, user.cookie);
    expectReauthenticationRequired(await call(otherDevice, 'security/totp/setup'));
    expect((await call(user.cookie, 'security/totp/setup')).statusCode).toBe(200);
  });

  it('refuses a wrong password and opens nothing', async () => {
    const user = await signedInUser(t);
    const wrong = await call(user.cookie, 'security/reauthenticate', { password: 'not-it-at-all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.password).toBeDefined();
    expectReauthenticationRequired(await call(user.cookie, 'security/totp/setup'));
    const both = await call(user.cookie, 'security/reauthenticate', {
      password: user.password,
      code: '123456',
    });
    expect(both.statusCode).toBe(400);
  });

  it('takes a current app code with TOTP on, once, and no code without it', async () => {
    const user = await signedInUser(t);
    const withoutTotp = await call(user.cookie, 'security/reauthenticate', { code: '123456' });
    expect(withoutTotp.statusCode).toBe(400);

    const { secret } = await enableTotp(t, user.cookie);
    t.clock.advance(REAUTHENTICATION_WINDOW_MS + 1000);
    expectReauthenticationRequired(await call(user.cookie, 'security/passkey/register/options'));
    const code = await totpAt(t, secret);
    const proved = await call(user.cookie, 'security/reauthenticate', { code });
    expect(proved.statusCode).toBe(200);
    expect((await call(user.cookie, 'security/passkey/register/options')).statusCode).toBe(200);
    const replayed = await call(user.cookie, 'security/reauthenticate', { code });
    expect(replayed.statusCode).toBe(400);
  });

  it('takes one of the user’s passkeys, over a challenge of its own', async () => {
    const user = await signedInUser(t);
    const { passkey } = await addPasskey(t, user.cookie, 'Laptop');
    t.clock.advance(REAUTHENTICATION_WINDOW_MS + 1000);
    const begun = await call(user.cookie, 'security/reauthenticate/passkey/options');
    expect(begun.json().options.userVerification).toBe('required');
    const response = assertPasskey(passkey, begun.json().options, browserAt(t));
    expect(
      (await call(user.cookie, 'security/reauthenticate', { passkey: response })).statusCode,
    ).toBe(200);
    expect((await call(user.cookie, 'security/totp/setup')).statusCode).toBe(200);
    // The challenge is spent, and another user's session cannot use the assertion.
    const stranger = await signedInUser(t);
    const aimed = await call(stranger.cookie, 'security/reauthenticate', { passkey: response });
    expect(aimed.statusCode).toBe(400);
    expectReauthenticationRequired(await call(stranger.cookie, 'security/totp/setup'));
  });
});

describe('the mailed undo link', () => {
  it('turns off the two-factor sign-in just turned on and signs every session out, once', async () => {
    const user = await signedInUser(t);
    const owner = await signInAs(t, user);
    await enableTotp(t, user.cookie);
    const mail = await latestMailTo(t, user.email);
    expect(mail?.subject).toBe('Two-factor sign-in is on for your Curator account');
    expect(mail?.text).toContain('This was not me: undo it');
    const code = undoSecretIn(mail?.text);

    expect((await undo(code)).json()).toEqual({ success: true });
    expect((await me(user.cookie)).json().user).toBeNull();
    expect((await me(owner)).json().user).toBeNull();
    // Signing in asks for the password only again.
    const signin = await post(t.app, '/api/auth/signin', {
      email: user.email,
      password: user.password,
    });
    expect(signin.json().user.id).toBe(user.id);
    expect((await undo(code)).json().error.code).toBe('INVALID_LINK');
  });

  it('removes the passkey just added, and only that one', async () => {
    const user = await signedInUser(t);
    const kept = await addPasskey(t, user.cookie, 'Mine');
    const added = await addPasskey(t, user.cookie, 'Not mine');
    const mail = await latestMailTo(t, user.email);
    expect(mail?.text).toContain('"Not mine"');
    expect((await undo(undoSecretIn(mail?.text))).statusCode).toBe(200);
    const left = await t.context.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(left.map((row) => row.id)).toEqual([kept.id]);
    expect(left.map((row) => row.id)).not.toContain(added.id);
    expect((await me(user.cookie)).json().user).toBeNull();
  });

  it('cancels an e-mail change, or puts the address back once it was done', async () => {
    const user = await signedInUser(t);
    await reauthenticate(t, user.cookie);
    const thief = uniqueEmail('thief');
    await call(user.cookie, 'auth/email/change', { email: thief });
    const asked = await latestMailTo(t, user.email);
    expect(asked?.subject).toBe('A new e-mail address was asked for your Curator account');
    expect(asked?.text).toContain(thief);
    const confirmCode = linkSecretIn(
      (await latestMailTo(t, thief))?.text ?? '',
      'onboarding/email',
    );
    expect((await post(t.app, '/api/auth/email/confirm', { code: confirmCode })).statusCode).toBe(
      200,
    );
    expect((await userRow(user.id))?.email).toBe(thief);
    const done = await latestMailTo(t, user.email);
    expect(done?.subject).toBe('Your Curator e-mail address was changed');

    expect((await undo(undoSecretIn(done?.text))).statusCode).toBe(200);
    expect((await userRow(user.id))?.email).toBe(user.email);
    expect((await me(user.cookie)).json().user).toBeNull();

    // Undone before it was confirmed, the confirmation link no longer works.
    const again = await signInAs(t, user);
    await reauthenticate(t, again);
    const other = uniqueEmail('thief2');
    await call(again, 'auth/email/change', { email: other });
    const pending = await latestMailTo(t, user.email);
    const code = linkSecretIn((await latestMailTo(t, other))?.text ?? '', 'onboarding/email');
    expect((await undo(undoSecretIn(pending?.text))).statusCode).toBe(200);
    expect((await post(t.app, '/api/auth/email/confirm', { code })).statusCode).toBe(400);
    expect((await userRow(user.id))?.email).toBe(user.email);
  });

  it('signs out the session that ended the others', async () => {
    const user = await signedInUser(t);
    await signInAs(t, user);
    await reauthenticate(t, user.cookie);
    await call(user.cookie, 'security/sessions/end/others');
    const mail = await latestMailTo(t, user.email);
    expect(mail?.subject).toBe('Your other Curator sessions were signed out');
    expect((await undo(undoSecretIn(mail?.text))).statusCode).toBe(200);
    expect((await me(user.cookie)).json().user).toBeNull();
  });

  it('expires', async () => {
    const user = await signedInUser(t);
    await enableTotp(t, user.cookie);
    const code = undoSecretIn((await latestMailTo(t, user.email))?.text);
    t.clock.advance(UNDO_LINK_DAYS * 24 * 60 * 60 * 1000 + 1000);
    expect((await undo(code)).json().error.code).toBe('INVALID_LINK');
    const [totp] = await t.context.db.select().from(userTotp).where(eq(userTotp.userId, user.id));
    expect(totp?.enabledAt).not.toBeNull();
  });
});

describe('auth/removeaccount password guesses', () => {
  it('count against the reauth limit per user: 429 after 10 tries', async () => {
    const user = await signedInUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await call(user.cookie, 'auth/removeaccount', { password: `guess-${i}` });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Even the right password waits now; the account stays.
    const right = await call(user.cookie, 'auth/removeaccount', { password: user.password });
    expect(right.statusCode).toBe(429);
    expect(await userRow(user.id)).toBeDefined();
  });

  it('share that limit with password/change: once it refuses, removeaccount refuses too', async () => {
    const user = await signedInUser(t);
    for (let i = 0; i < 10; i += 1) {
      await call(user.cookie, 'auth/password/change', {
        currentPassword: `guess-${i}`,
        newPassword: 'copper-meadow-lantern-88',
      });
    }
    const refused = await call(user.cookie, 'auth/removeaccount', { password: 'guess-again' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.details.retryAfterSeconds).toBeGreaterThan(0);
  });
});
