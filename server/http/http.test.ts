import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorReports } from '../db/schema.js';
import { signInDelaySeconds } from './rateLimits.js';
import {
  buildUser,
  createTestApp,
  freshIp,
  post,
  signedInUser,
  type TestApp,
} from '../test/harness.js';
import { postgresAdminUrl } from '../test/testDatabase.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('answers /healthz and /readyz on the database in use', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      database: postgresAdminUrl() ? 'postgres' : 'pglite',
    });
  });
});

describe('GET /api/ (start-up)', () => {
  it('answers nulls when signed out', async () => {
    const response = await t.app.inject('/api/');
    expect(response.json()).toEqual({ user: null, meta: null });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers the user and trial meta when signed in, never secrets', async () => {
    const user = await signedInUser(t);
    const response = await t.app.inject({ url: '/api/', headers: { cookie: user.cookie } });
    const body = response.json();
    expect(body.user).toMatchObject({
      id: user.id,
      name: user.name,
      email: user.email,
      accounts: [],
      images: [],
    });
    expect(body.meta.trial).toEqual({ daysLeft: 14, expired: false });
    expect(response.body).not.toMatch(/argon2|password/i);
  });

  it('counts trial days down and past expiry', async () => {
    const user = await buildUser(t, {
      trialEndsAt: new Date(t.clock.now().getTime() - 3 * 86_400_000),
    });
    const cookie = (
      await post(t.app, '/api/auth/signin', { email: user.email, password: user.password })
    ).cookies.find((c) => c.name === 'sid')!;
    const response = await t.app.inject({
      url: '/api/',
      headers: { cookie: `sid=${cookie.value}` },
    });
    expect(response.json().meta.trial).toEqual({ daysLeft: -3, expired: true });
  });
});

describe('the API frame', () => {
  it('answers an unknown action with a JSON 404', async () => {
    const response = await post(t.app, '/api/auth/doesnotexist', {});
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/signin' })).statusCode).toBe(404);
  });

  it('refuses a text/plain POST (CSRF: simple cross-site request)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ email: 'a@b.test', password: 'whatever-123' }),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a form-encoded POST', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=a&email=b',
    });
    expect(response.statusCode).toBe(415);
  });

  it('refuses a POST from a foreign Origin, and accepts our own', async () => {
    const user = await signedInUser(t);
    const foreign = await post(
      t.app,
      '/api/auth/profile',
      { name: 'Evil' },
      { cookie: user.cookie, headers: { origin: 'https://evil.example' } },
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('FORBIDDEN_ORIGIN');
    const crossSite = await post(
      t.app,
      '/api/auth/profile',
      { name: 'Evil' },
      { cookie: user.cookie, headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expect(crossSite.statusCode).toBe(403);
    const own = await post(
      t.app,
      '/api/auth/profile',
      { name: 'Fine' },
      { cookie: user.cookie, headers: { origin: t.config.appOrigin } },
    );
    expect(own.statusCode).toBe(200);
  });

  it('answers malformed JSON with 400 BAD_JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_JSON');
  });

  it('enforces the body limit with 413', async () => {
    const response = await post(t.app, '/api/app/log/error', {
      error: { message: 'x'.repeat(70_000), name: 'E' },
      location: '/',
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers every response with a request id', async () => {
    const response = await t.app.inject('/healthz');
    expect(response.headers['x-request-id']).toMatch(/[\w-]+/);
  });

  it('sends a strict Content-Security-Policy', async () => {
    const response = await t.app.inject('/healthz');
    expect(response.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
  });
});

describe('rate limits', () => {
  it('slows the IP that sends wrong passwords for an address, not the owner elsewhere', async () => {
    const user = await buildUser(t);
    const attacker = freshIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 9 && !statuses.includes(429); attempt++) {
      const response = await post(
        t.app,
        '/api/auth/signin',
        { email: user.email, password: 'wrong-password-1' },
        { ip: attacker },
      );
      statuses.push(response.statusCode);
    }
    // Five free failures, then a delay (1 s, 2 s, 4 s, …) before the pair may try again.
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses).toContain(429);

    const delayed = await post(
      t.app,
      '/api/auth/signin',
      { email: user.email, password: user.password },
      { ip: attacker },
    );
    expect(delayed.statusCode).toBe(429);
    expect(delayed.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: expect.any(Number) },
    });

    const owner = await post(t.app, '/api/auth/signin', {
      email: user.email,
      password: user.password,
    });
    expect(owner.statusCode).toBe(200);
  });

  it('keeps a generous per-address ceiling against wrong passwords from many IPs', async () => {
    const user = await buildUser(t);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 101; attempt++) {
      const response = await post(t.app, '/api/auth/signin', {
        email: user.email,
        password: 'wrong-password-1',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 100).every((status) => status === 401)).toBe(true);
    expect(statuses[100]).toBe(429);
  });

  it('doubles the delay with every failure after the free ones, up to 15 minutes', () => {
    expect([1, 4, 5, 6, 7, 10, 14, 15, 40].map(signInDelaySeconds)).toEqual([
      0, 0, 1, 2, 4, 32, 512, 900, 900,
    ]);
  });

  it('limits failed sign-ins per IP, across addresses', async () => {
    const ip = freshIp();
    let last = 0;
    for (let attempt = 0; attempt < 51; attempt++) {
      const response = await post(
        t.app,
        '/api/auth/signin',
        { email: `spray${attempt}@example.test`, password: 'wrong-password-1' },
        { ip },
      );
      last = response.statusCode;
    }
    expect(last).toBe(429);
  });

  it('never counts successful sign-ins against the IP: an office shares one address', async () => {
    const office = freshIp();
    const colleagues = await Promise.all([1, 2, 3, 4, 5].map(() => buildUser(t)));
    const statuses: number[] = [];
    // 60 sign-ins, more than the 50 failures the IP may make, all of them right.
    for (let round = 0; round < 12; round++)
      for (const colleague of colleagues)
        statuses.push(
          (
            await post(
              t.app,
              '/api/auth/signin',
              { email: colleague.email, password: colleague.password },
              { ip: office },
            )
          ).statusCode,
        );
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // Wrong passwords from the same IP still count, and the successes did not wipe them.
    const failures: number[] = [];
    for (let attempt = 0; attempt < 51; attempt++)
      failures.push(
        (
          await post(
            t.app,
            '/api/auth/signin',
            { email: `typo${attempt}@example.test`, password: 'wrong-password-1' },
            { ip: office },
          )
        ).statusCode,
      );
    expect(failures.slice(0, 50).every((status) => status === 401)).toBe(true);
    expect(failures[50]).toBe(429);
  });

  it('limits forgot-password mails per address', async () => {
    const user = await buildUser(t);
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await post(t.app, '/api/auth/forgot/password', { email: user.email })).statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('app/log/error', () => {
  it('stores a crash report, with the user when signed in', async () => {
    const user = await signedInUser(t);
    const report = {
      error: { message: 'boom', name: 'TypeError', stack: 'at x' },
      location: 'http://127.0.0.1:3000/catalog',
    };
    expect(
      (await post(t.app, '/api/app/log/error', report, { cookie: user.cookie })).statusCode,
    ).toBe(200);
    const rows = await t.context.db
      .select()
      .from(errorReports)
      .where(eq(errorReports.userId, user.id));
    expect(rows).toMatchObject([{ message: 'boom', name: 'TypeError', location: report.location }]);
  });

  it('validates the report', async () => {
    const response = await post(t.app, '/api/app/log/error', {
      error: { message: 1 },
      location: 5,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual(
      expect.arrayContaining(['error.message', 'location']),
    );
  });
});

describe('demo mail page', () => {
  it('shows the outbox in demo mode', async () => {
    const user = await buildUser(t);
    await post(t.app, '/api/auth/forgot/password', { email: user.email });
    const page = await t.app.inject('/dev/mail');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(user.email);
    expect(page.body).toMatch(/password\/reset\/[A-Za-z0-9_-]+/);
  });
});
