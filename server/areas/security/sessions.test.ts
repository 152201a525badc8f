import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signInAs, signedInUser, type TestApp } from '../../test/harness.js';
import { deviceName } from './sessionList.js';
import { reauthenticate } from '../../test/twoFactor.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const me = (cookie: string) => t.app.inject({ url: '/api/', headers: { cookie } });
const list = (cookie: string) => post(t.app, '/api/security/sessions', {}, { cookie });

describe('deviceName', () => {
  it('names browser and system from the user agent', () => {
    expect(deviceName(FIREFOX_LINUX)).toBe('Firefox 128 on Linux');
    expect(deviceName(null)).toBe('Unknown device');
  });
});

describe('security/sessions', () => {
  it('lists the live sessions with device and IP, this one marked', async () => {
    const user = await signedInUser(t);
    const other = await post(
      t.app,
      '/api/auth/signin',
      { email: user.email, password: user.password },
      { ip: '203.0.113.9', headers: { 'user-agent': FIREFOX_LINUX } },
    );
    expect(other.statusCode).toBe(200);
    const sessions = (await list(user.cookie)).json().sessions as {
      device: string;
      ip: string;
      current: boolean;
    }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.find((s) => !s.current)).toMatchObject({
      device: 'Firefox 128 on Linux',
      ip: '203.0.113.9',
    });
  });
});

describe('security/session/end', () => {
  it('signs out one other session; this one stays', async () => {
    const user = await signedInUser(t);
    const otherCookie = await signInAs(t, user);
    const other = (await list(user.cookie))
      .json()
      .sessions.find((s: { current: boolean }) => !s.current);
    const ended = await post(
      t.app,
      '/api/security/session/end',
      { sessionId: other.id },
      { cookie: user.cookie },
    );
    expect(ended.statusCode).toBe(200);
    expect((await me(otherCookie)).json().user).toBeNull();
    expect((await me(user.cookie)).json().user.id).toBe(user.id);
    const again = await post(
      t.app,
      '/api/security/session/end',
      { sessionId: other.id },
      { cookie: user.cookie },
    );
    expect(again.statusCode).toBe(404);
  });

  it('refuses the anonymous caller', async () => {
    const response = await post(t.app, '/api/security/session/end', {
      sessionId: '00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('security/sessions/end/others', () => {
  it('signs out every other session and keeps this one', async () => {
    const user = await signedInUser(t);
    const a = await signInAs(t, user);
    const b = await signInAs(t, user);
    await reauthenticate(t, user.cookie);
    const ended = await post(
      t.app,
      '/api/security/sessions/end/others',
      {},
      { cookie: user.cookie },
    );
    expect(ended.json()).toEqual({ success: true, ended: 2 });
    expect((await me(a)).json().user).toBeNull();
    expect((await me(b)).json().user).toBeNull();
    expect((await list(user.cookie)).json().sessions).toHaveLength(1);
  });
});
