import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../app.js';
import { parseConfig } from '../config/config.js';
import {
  buildUser,
  createTestApp,
  post,
  sessionCookieFrom,
  type TestApp,
} from '../test/harness.js';

const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const options = loggerOptions(parseConfig({ LOG_LEVEL: 'info' })) as object;
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logger: { ...options, stream } });
});
afterAll(() => t.close());

describe('request logs', () => {
  it('carry request ids and never the password, the session token or a mailed secret', async () => {
    const user = await buildUser(t);
    const signin = await post(t.app, '/api/auth/signin', {
      email: user.email,
      password: user.password,
    });
    const token = sessionCookieFrom(signin)!.split('=')[1]!;
    await t.app.inject({ url: '/api/', headers: { cookie: `sid=${token}` } });
    await t.app.inject('/password/reset/SuperSecretResetLink123');

    const log = lines.join('');
    expect(log).toContain('"reqId"');
    expect(log).toContain('/password/reset/[redacted]');
    expect(log).not.toContain(user.password);
    expect(log).not.toContain(token);
    expect(log).not.toContain('SuperSecretResetLink123');
  });
});
