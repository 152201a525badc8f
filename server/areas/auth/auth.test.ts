import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activityLog, mailOutbox, sessions, users } from '../../db/schema.js';
import {
  TEST_PASSWORD,
  buildUser,
  createTestApp,
  latestMailTo,
  linkSecretIn,
  post,
  sessionCookieFrom,
  signInAs,
  signedInUser,
  type TestApp,
} from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const uniqueEmail = (label: string) =>
  `${label}.${Math.random().toString(36).slice(2, 10)}@example.test`;

async function activityTypes(userId: string) {
  const rows = await t.context.db.select().from(activityLog).where(eq(activityLog.userId, userId));
  return rows.map((row) => row.type);
}

describe('auth/signup and verify/email', () => {
  it('creates an unverified account, mails a link, and verifies it', async () => {
    const email = uniqueEmail('new');
    const signup = await post(t.app, '/api/auth/signup', {
      name: 'Robin',
      email: ` ${email.toUpperCase()} `,
      password: TEST_PASSWORD,
    });
    expect(signup.statusCode).toBe(200);
    expect(signup.json()).toEqual({ success: true });

    const blocked = await post(t.app, '/api/auth/signin', { email, password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('EMAIL_NOT_VERIFIED');

    const mail = await latestMailTo(t, email);
    expect(mail?.subject).toMatch(/verify/i);
    const code = linkSecretIn(mail!.text, 'onboarding/verify');
    const verify = await post(t.app, '/api/auth/verify/email', { code });
    expect(verify.statusCode).toBe(200);

    const again = await post(t.app, '/api/auth/verify/email', { code });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('INVALID_LINK');

    const signin = await post(t.app, '/api/auth/signin', { email, password: TEST_PASSWORD });
    expect(signin.statusCode).toBe(200);
    expect(signin.json().user).toMatchObject({ name: 'Robin', email, customer: { plan: 'trial' } });
    expect(signin.json().meta).toEqual({ trial: { daysLeft: 14, expired: false }, billing: null });
  });

  it('stores the password with argon2id, never as given', async () => {
    const email = uniqueEmail('hash');
    await post(t.app, '/api/auth/signup', { name: 'Hash', email, password: TEST_PASSWORD });
    const [row] = await t.context.db.select().from(users).where(eq(users.email, email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses common passwords and invalid fields with field messages', async () => {
    const common = await post(t.app, '/api/auth/signup', {
      name: 'A',
      email: uniqueEmail('c'),
      password: 'password123',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.fields.password).toMatch(/too common/);

    const invalid = await post(t.app, '/api/auth/signup', {
      name: '',
      email: 'nope',
      password: 'short',
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().error.fields).sort()).toEqual(['email', 'name', 'password']);

    const tooLong = await post(t.app, '/api/auth/signup', {
      name: 'A',
      email: uniqueEmail('l'),
      password: 'x'.repeat(129),
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('rejects an expired verification link', async () => {
    const email = uniqueEmail('expiry');
    await post(t.app, '/api/auth/signup', { name: 'Late', email, password: TEST_PASSWORD });
    const code = linkSecretIn((await latestMailTo(t, email))!.text, 'onboarding/verify');
    t.clock.advance(49 * 60 * 60 * 1000);
    const response = await post(t.app, '/api/auth/verify/email', { code });
    t.clock.advance(-49 * 60 * 60 * 1000);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_LINK');
  });
});

describe('no enumeration', () => {
  it('answers forgot-password before looking the address up, so timing tells nothing', async () => {
    const user = await buildUser(t);
    const database = t.context.db;
    const transaction = database.transaction.bind(database);
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    const spy = vi
      .spyOn(database, 'transaction')
      .mockImplementation(async (...args: Parameters<typeof database.transaction>) => {
        await gate;
        return transaction(...args);
      });
    try {
      // Nothing the request waits for may touch the database: the gate is still closed.
      const known = await post(t.app, '/api/auth/forgot/password', { email: user.email });
      const unknown = await post(t.app, '/api/auth/forgot/password', {
        email: uniqueEmail('nobody'),
      });
      expect([known.statusCode, known.body]).toEqual([200, unknown.body]);
    } finally {
      openGate();
      spy.mockRestore();
    }
    const mail = await latestMailTo(t, user.email);
    expect(mail?.subject).toBe('Reset your Curator password');
  });

  it('answers signup identically for a known and an unknown address, mailing the owner', async () => {
    const existing = await buildUser(t);
    const known = await post(t.app, '/api/auth/signup', {
      name: 'X',
      email: existing.email,
      password: TEST_PASSWORD,
    });
    const unknown = await post(t.app, '/api/auth/signup', {
      name: 'X',
      email: uniqueEmail('u'),
      password: TEST_PASSWORD,
    });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(sessionCookieFrom(known)).toBeUndefined();
    expect((await latestMailTo(t, existing.email))?.subject).toMatch(/already have/);
    // The account is untouched: the owner's password still works.
    await expect(signInAs(t, existing)).resolves.toMatch(/^sid=/);
  });

  it('answers forgot/password identically for a known and an unknown address', async () => {
    const existing = await buildUser(t);
    const unknownEmail = uniqueEmail('ghost');
    const known = await post(t.app, '/api/auth/forgot/password', { email: existing.email });
    const unknown = await post(t.app, '/api/auth/forgot/password', { email: unknownEmail });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(await latestMailTo(t, existing.email)).toBeDefined();
    expect(await latestMailTo(t, unknownEmail)).toBeUndefined();
  });

  it('answers resend/verification identically and mails only unverified accounts', async () => {
    const unverified = await buildUser(t, { verified: false });
    const verified = await buildUser(t);
    const a = await post(t.app, '/api/auth/resend/verification', { email: unverified.email });
    const b = await post(t.app, '/api/auth/resend/verification', { email: verified.email });
    const c = await post(t.app, '/api/auth/resend/verification', { email: uniqueEmail('nobody') });
    expect([a.body, b.body]).toEqual([c.body, c.body]);
    expect((await latestMailTo(t, unverified.email))?.subject).toMatch(/verify/i);
    expect(await latestMailTo(t, verified.email)).toBeUndefined();
  });

  it('answers sign-in failures alike for a wrong password and an unknown address', async () => {
    const user = await buildUser(t);
    const wrong = await post(t.app, '/api/auth/signin', {
      email: user.email,
      password: 'not-the-password-1',
    });
    const unknown = await post(t.app, '/api/auth/signin', {
      email: uniqueEmail('x'),
      password: 'not-the-password-1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
  });
});

describe('sessions', () => {
  it('rotates the session cookie at sign-in and ends the presented session', async () => {
    const user = await buildUser(t);
    const first = await signInAs(t, user);
    const second = await post(
      t.app,
      '/api/auth/signin',
      { email: user.email, password: user.password },
      { cookie: first },
    );
    const rotated = sessionCookieFrom(second);
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(first);
    const old = await t.app.inject({ method: 'GET', url: '/api/', headers: { cookie: first } });
    expect(old.json().user).toBeNull();
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/api/',
      headers: { cookie: rotated! },
    });
    expect(fresh.json().user.id).toBe(user.id);
  });

  it('sets an HttpOnly, SameSite=Lax cookie and stores only a hash of the token', async () => {
    const user = await buildUser(t);
    const response = await post(t.app, '/api/auth/signin', {
      email: user.email,
      password: user.password,
    });
    const cookie = response.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(Buffer.from(cookie!.value, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await t.context.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(cookie!.value);
  });

  it('ends a session after 7 idle days and 30 days after sign-in', async () => {
    const user = await buildUser(t);
    const cookie = await signInAs(t, user);
    const me = () =>
      t.app.inject({ method: 'GET', url: '/api/', headers: { cookie } }).then((r) => r.json().user);
    t.clock.advance(6 * 24 * 60 * 60 * 1000);
    expect(await me()).not.toBeNull();
    for (let week = 0; week < 3; week++) {
      t.clock.advance(6 * 24 * 60 * 60 * 1000);
      expect(await me()).not.toBeNull();
    }
    t.clock.advance(6 * 24 * 60 * 60 * 1000); // 30 days since sign-in
    expect(await me()).toBeNull();
    t.clock.advance(-30 * 24 * 60 * 60 * 1000);

    const idle = await signInAs(t, user);
    t.clock.advance(7 * 24 * 60 * 60 * 1000 + 60_000);
    const afterIdle = await t.app.inject({
      method: 'GET',
      url: '/api/',
      headers: { cookie: idle },
    });
    t.clock.advance(-(7 * 24 * 60 * 60 * 1000 + 60_000));
    expect(afterIdle.json().user).toBeNull();
  });

  it('signs out: the session ends, the cookie is cleared and a logout is logged', async () => {
    const user = await signedInUser(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    const after = await post(t.app, '/api/auth/profile', { name: 'Z' }, { cookie: user.cookie });
    expect(after.statusCode).toBe(401);
    expect(await activityTypes(user.id)).toEqual(expect.arrayContaining(['login', 'logout']));
  });
});

describe('password reset', () => {
  it('sets the new password with the mailed link and ends every session', async () => {
    const user = await buildUser(t);
    const laptop = await signInAs(t, user);
    const phone = await signInAs(t, user);
    await post(t.app, '/api/auth/forgot/password', { email: user.email });
    const link = linkSecretIn((await latestMailTo(t, user.email))!.text, 'password/reset');

    const weak = await post(t.app, '/api/auth/reset/password', { link, password: 'qwertyuiop' });
    expect(weak.statusCode).toBe(400);

    const newPassword = 'amber-crossing-tundra-77';
    const reset = await post(t.app, '/api/auth/reset/password', { link, password: newPassword });
    expect(reset.statusCode).toBe(200);
    for (const cookie of [laptop, phone]) {
      const me = await t.app.inject({ method: 'GET', url: '/api/', headers: { cookie } });
      expect(me.json().user).toBeNull();
    }
    const reused = await post(t.app, '/api/auth/reset/password', {
      link,
      password: 'another-fine-pass-88',
    });
    expect(reused.json().error.code).toBe('INVALID_LINK');
    expect(
      (await post(t.app, '/api/auth/signin', { email: user.email, password: user.password }))
        .statusCode,
    ).toBe(401);
    await expect(signInAs(t, { email: user.email, password: newPassword })).resolves.toMatch(
      /^sid=/,
    );
    expect(await activityTypes(user.id)).toContain('password change');
    const notice = await latestMailTo(t, user.email);
    expect(notice?.subject).toBe('Your Curator password was changed');
    expect(notice?.text).toContain('/forgotpassword');
  });

  it('refuses passwords of one repeated character or that zxcvbn rates too weak', async () => {
    const user = await buildUser(t);
    await post(t.app, '/api/auth/forgot/password', { email: user.email });
    const link = linkSecretIn((await latestMailTo(t, user.email))!.text, 'password/reset');
    const cases: [string, RegExp][] = [
      ['aaaaaaaa', /repeats one character/],
      ['zzzzzzzzzzzzzzzz', /repeats one character/],
      ['1q2w3e4r5t6y', /too (common|easy to guess)/],
      ['michael1987', /too easy to guess/],
      ['asdfghjkl;', /too easy to guess/],
    ];
    for (const [password, message] of cases) {
      const response = await post(t.app, '/api/auth/reset/password', { link, password });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().error.code, password).toBe('VALIDATION_FAILED');
      expect(response.json().error.fields.password, password).toMatch(message);
    }
    const signup = await post(t.app, '/api/auth/signup', {
      name: 'Robin Quill',
      email: uniqueEmail('robinquill'),
      password: 'robinquill2024',
    });
    expect(signup.json().error?.fields.password).toMatch(/too easy to guess/);
  });

  it('refuses an expired reset link', async () => {
    const user = await buildUser(t);
    await post(t.app, '/api/auth/forgot/password', { email: user.email });
    const link = linkSecretIn((await latestMailTo(t, user.email))!.text, 'password/reset');
    t.clock.advance(61 * 60 * 1000);
    const response = await post(t.app, '/api/auth/reset/password', {
      link,
      password: 'amber-crossing-tundra-77',
    });
    t.clock.advance(-61 * 60 * 1000);
    expect(response.json().error.code).toBe('INVALID_LINK');
  });
});

describe('auth/profile', () => {
  it('merges the given fields and keeps the others', async () => {
    const user = await signedInUser(t);
    const first = await post(
      t.app,
      '/api/auth/profile',
      { description: 'Dream pop', notifications: { messages: false } },
      { cookie: user.cookie },
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().user.profile).toEqual({
      description: 'Dream pop',
      network: '',
      notifications: { swaps: true, messages: false, friendRequests: true },
      showOnlineStatus: true,
    });
    const second = await post(
      t.app,
      '/api/auth/profile',
      { name: 'Renamed', network: 'Night Drive' },
      { cookie: user.cookie },
    );
    expect(second.json().user).toMatchObject({
      name: 'Renamed',
      profile: { description: 'Dream pop', network: 'Night Drive' },
    });
  });

  it('validates lengths and unknown fields', async () => {
    const user = await signedInUser(t);
    const response = await post(
      t.app,
      '/api/auth/profile',
      { description: 'x'.repeat(2001), plan: 'pro' },
      { cookie: user.cookie },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('description');
  });
});

describe('auth/removeaccount', () => {
  it('needs the right password', async () => {
    const user = await signedInUser(t);
    const response = await post(
      t.app,
      '/api/auth/removeaccount',
      { password: 'wrong-password-9' },
      { cookie: user.cookie },
    );
    expect(response.statusCode).toBe(400);
    expect((await t.context.db.select().from(users).where(eq(users.id, user.id))).length).toBe(1);
  });

  it("deletes the user and all of the user's data, leaving others untouched", async () => {
    const other = await signedInUser(t);
    const user = await signedInUser(t);
    await post(t.app, '/api/auth/forgot/password', { email: user.email });
    const response = await post(
      t.app,
      '/api/auth/removeaccount',
      { password: user.password },
      { cookie: user.cookie },
    );
    expect(response.statusCode).toBe(200);
    const db = t.context.db;
    expect(await db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await db.select().from(activityLog).where(eq(activityLog.userId, user.id))).toEqual([]);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.userId, user.id))).toEqual([]);
    expect((await signInAs(t, other)).length).toBeGreaterThan(0);
  });
});
