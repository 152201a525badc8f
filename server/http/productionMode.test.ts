import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    APP_MODE: 'production',
    DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    APP_ORIGIN: 'https://curator.example',
  });
});
afterAll(() => t.close());

describe('production mode', () => {
  it('has no demo mail page', async () => {
    const response = await t.app.inject('/dev/mail');
    expect(response.body).not.toContain('Demo outbox');
  });

  it('uses a Secure __Host- cookie over https', async () => {
    const { buildUser, post } = await import('../test/harness.js');
    const user = await buildUser(t);
    const response = await post(
      t.app,
      '/api/auth/signin',
      { email: user.email, password: user.password },
      { headers: { origin: 'https://curator.example' } },
    );
    const cookie = response.cookies.find((c) => c.name === '__Host-sid');
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/' });
  });
});
