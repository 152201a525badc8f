import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_PAGE_SIZE } from '../../../common/api/auth/limits.js';
import { activityLog, users } from '../../db/schema.js';
import {
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

const NEW_PASSWORD = 'copper-meadow-lantern-88';
const uniqueEmail = (label: string) =>
  `${label}.${Math.random().toString(36).slice(2, 10)}@example.test`;

const me = (cookie: string) => t.app.inject({ url: '/api/', headers: { cookie } });

async function userRow(id: string) {
  const [row] = await t.context.db.select().from(users).where(eq(users.id, id));
  return row;
}

describe('auth/password/change', () => {
  it('sets the new password, ends every other session, keeps this device signed in and mails a notice', async () => {
    const user = await signedInUser(t);
    const otherDevice = await signInAs(t, user);

    const changed = await post(
      t.app,
      '/api/auth/password/change',
      { currentPassword: user.password, newPassword: NEW_PASSWORD },
      { cookie: user.cookie },
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ success: true });

    // This device goes on with a fresh session; the old token and the other device are out.
    const fresh = sessionCookieFrom(changed);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(user.cookie);
    expect((await me(fresh!)).json().user.id).toBe(user.id);
    expect((await me(user.cookie)).json().user).toBeNull();
    expect((await me(otherDevice)).json().user).toBeNull();

    const oldPassword = await post(t.app, '/api/auth/signin', {
      email: user.email,
      password: user.password,
    });
    expect(oldPassword.statusCode).toBe(401);
    await signInAs(t, { email: user.email, password: NEW_PASSWORD });

    const mail = await latestMailTo(t, user.email);
    expect(mail?.subject).toBe('Your Curator password was changed');
    const types = (
      await t.context.db.select().from(activityLog).where(eq(activityLog.userId, user.id))
    ).map((row) => row.type);
    expect(types).toContain('password change');
  });

  it('refuses a wrong current password naming currentPassword, and changes nothing', async () => {
    const user = await signedInUser(t);
    const before = await userRow(user.id);
    const refused = await post(
      t.app,
      '/api/auth/password/change',
      { currentPassword: 'not-my-password-at-all', newPassword: NEW_PASSWORD },
      { cookie: user.cookie },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ currentPassword: 'The password is incorrect.' });
    expect((await userRow(user.id))?.passwordHash).toBe(before?.passwordHash);
    expect((await me(user.cookie)).json().user.id).toBe(user.id);
  });

  it('names the field of bad input: a short, a common or the same password', async () => {
    const user = await signedInUser(t);
    const attempt = (body: object) =>
      post(t.app, '/api/auth/password/change', body, { cookie: user.cookie });

    const short = await attempt({ currentPassword: user.password, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.newPassword).toMatch(/at least 8/);

    const missing = await attempt({ newPassword: NEW_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields)).toEqual(['currentPassword']);

    const common = await attempt({ currentPassword: user.password, newPassword: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.fields.newPassword).toMatch(/too common/);

    const same = await attempt({ currentPassword: user.password, newPassword: user.password });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields.newPassword).toMatch(/other than your current/);
  });

  it('stops guessing the current password after 10 tries per user', async () => {
    const user = await signedInUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await post(
        t.app,
        '/api/auth/password/change',
        { currentPassword: `guess-number-${i}`, newPassword: NEW_PASSWORD },
        { cookie: user.cookie },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('auth/email/change and auth/email/confirm', () => {
  it('mails a link to the new address; the address changes only once it is opened', async () => {
    const user = await signedInUser(t);
    const newEmail = uniqueEmail('moved');
    const asked = await post(
      t.app,
      '/api/auth/email/change',
      { email: ` ${newEmail.toUpperCase()} `, password: user.password },
      { cookie: user.cookie },
    );
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ success: true });
    expect((await userRow(user.id))?.email).toBe(user.email);

    const mail = await latestMailTo(t, newEmail);
    expect(mail?.subject).toBe('Confirm your new e-mail address for Curator');
    const code = linkSecretIn(mail!.text, 'onboarding/email');

    const confirmed = await post(t.app, '/api/auth/email/confirm', { code });
    expect(confirmed.statusCode).toBe(200);
    expect((await userRow(user.id))?.email).toBe(newEmail);
    expect((await me(user.cookie)).json().user.email).toBe(newEmail);
    expect((await latestMailTo(t, user.email))?.subject).toBe(
      'Your Curator e-mail address was changed',
    );
    const types = (
      await t.context.db.select().from(activityLog).where(eq(activityLog.userId, user.id))
    ).map((row) => row.type);
    expect(types).toContain('email change');

    // The link works once; the new address signs in, the old one no longer does.
    const again = await post(t.app, '/api/auth/email/confirm', { code });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('INVALID_LINK');
    await signInAs(t, { email: newEmail, password: user.password });
    const old = await post(t.app, '/api/auth/signin', {
      email: user.email,
      password: user.password,
    });
    expect(old.statusCode).toBe(401);
  });

  it('answers an address that already has an account like any other, and mails its owner instead', async () => {
    const user = await signedInUser(t);
    const other = await buildUser(t);
    const asked = await post(
      t.app,
      '/api/auth/email/change',
      { email: other.email, password: user.password },
      { cookie: user.cookie },
    );
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ success: true });
    const mail = await latestMailTo(t, other.email);
    expect(mail?.subject).toBe('Someone tried to move a Curator account to this address');
    expect(mail?.text).not.toContain('/onboarding/email/');
    expect((await userRow(user.id))?.email).toBe(user.email);
  });

  it('answers 409 when another account took the address before the link was opened', async () => {
    const user = await signedInUser(t);
    const newEmail = uniqueEmail('raced');
    await post(
      t.app,
      '/api/auth/email/change',
      { email: newEmail, password: user.password },
      { cookie: user.cookie },
    );
    const code = linkSecretIn((await latestMailTo(t, newEmail))!.text, 'onboarding/email');
    await buildUser(t, { email: newEmail });
    const confirmed = await post(t.app, '/api/auth/email/confirm', { code });
    expect(confirmed.statusCode).toBe(409);
    expect((await userRow(user.id))?.email).toBe(user.email);
  });

  it('refuses a wrong password, the current address and a malformed one, naming the field', async () => {
    const user = await signedInUser(t);
    const attempt = (body: object) =>
      post(t.app, '/api/auth/email/change', body, { cookie: user.cookie });

    const wrong = await attempt({ email: uniqueEmail('x'), password: 'not-my-password-at-all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'The password is incorrect.' });

    const same = await attempt({ email: user.email, password: user.password });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields.email).toBe('This is already your e-mail address.');

    const malformed = await attempt({ email: 'not-an-address', password: user.password });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields.email).toBe('Enter a valid e-mail address');
    expect((await userRow(user.id))?.email).toBe(user.email);
  });

  it('refuses an expired or unknown confirmation link', async () => {
    const user = await signedInUser(t);
    const newEmail = uniqueEmail('late');
    await post(
      t.app,
      '/api/auth/email/change',
      { email: newEmail, password: user.password },
      { cookie: user.cookie },
    );
    const code = linkSecretIn((await latestMailTo(t, newEmail))!.text, 'onboarding/email');
    t.clock.advance(49 * 60 * 60 * 1000);
    const late = await post(t.app, '/api/auth/email/confirm', { code });
    t.clock.advance(-49 * 60 * 60 * 1000);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe('INVALID_LINK');

    const malformed = await post(t.app, '/api/auth/email/confirm', { code: 'short' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields.code).toBeDefined();
    expect((await userRow(user.id))?.email).toBe(user.email);
  });
});

describe('auth/activity', () => {
  it('lists the caller’s activity newest first, in pages that follow each other', async () => {
    const user = await buildUser(t);
    const cookies: string[] = [];
    for (let i = 0; i < ACTIVITY_PAGE_SIZE + 3; i += 1) {
      t.clock.advance(1000);
      cookies.push(await signInAs(t, user));
    }
    t.clock.advance(1000);
    await post(t.app, '/api/auth/signout', {}, { cookie: cookies[0] });

    const first = await post(t.app, '/api/auth/activity', {}, { cookie: cookies[1] });
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.activity).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(page.activity[0]).toMatchObject({ type: 'logout' });
    expect(page.activity[1]).toMatchObject({ type: 'login' });
    expect(page.nextCursor).toEqual(expect.any(String));

    const second = (
      await post(t.app, '/api/auth/activity', { cursor: page.nextCursor }, { cookie: cookies[1] })
    ).json();
    expect(second.activity).toHaveLength(4);
    expect(second.nextCursor).toBeNull();
    const all = [...page.activity, ...second.activity];
    expect(new Set(all.map((entry: { id: string }) => entry.id)).size).toBe(all.length);
    const times = all.map((entry: { createdAt: string }) => entry.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('refuses a forged cursor and an oversized limit, naming the field', async () => {
    const user = await signedInUser(t);
    const forged = await post(
      t.app,
      '/api/auth/activity',
      { cursor: Buffer.from('["yesterday","x"]').toString('base64url') },
      { cookie: user.cookie },
    );
    expect(forged.statusCode).toBe(400);
    expect(Object.keys(forged.json().error.fields)).toEqual(['cursor']);
    const tooMany = await post(
      t.app,
      '/api/auth/activity',
      { limit: ACTIVITY_PAGE_SIZE + 1 },
      { cookie: user.cookie },
    );
    expect(tooMany.statusCode).toBe(400);
    expect(Object.keys(tooMany.json().error.fields)).toEqual(['limit']);
  });
});
