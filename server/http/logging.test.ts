import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../app.js';
import { parseConfig } from '../config/config.js';
import { openTestDatabase, type TestDatabase } from '../test/testDatabase.js';
import { buildUser, post, sessionCookieFrom } from '../test/harness.js';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { controlledClock } from '../lib/clock.js';
import type { AppContext } from '../appContext.js';

let lines: string[] = [];
let app: FastifyInstance;
let context: AppContext;
let testDatabase: TestDatabase;

beforeAll(async () => {
  testDatabase = await openTestDatabase(inject('templateDatabase'));
  const config = parseConfig({ LOG_LEVEL: 'info', SEED_DEMO_DATA: 'false' });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const options = loggerOptions(config) as object;
  ({ app, context } = await buildApp({
    config,
    database: testDatabase.database,
    clock: controlledClock(new Date()),
    logger: { ...options, stream },
  }));
});
afterAll(async () => {
  await app.close();
  await testDatabase.dispose();
});

describe('request logs', () => {
  it('carry request ids and never the password, the session token or a mailed secret', async () => {
    lines = [];
    const user = await buildUser({
      app,
      context,
      config: context.config,
      clock: controlledClock(),
      close: async () => {},
    });
    const signin = await post(app, '/api/auth/signin', {
      email: user.email,
      password: user.password,
    });
    const token = sessionCookieFrom(signin)!.split('=')[1]!;
    await app.inject({ url: '/api/', headers: { cookie: `sid=${token}` } });
    await app.inject('/password/reset/SuperSecretResetLink123');

    const log = lines.join('');
    expect(log).toContain('"reqId"');
    expect(log).toContain('/password/reset/[redacted]');
    expect(log).not.toContain(user.password);
    expect(log).not.toContain(token);
    expect(log).not.toContain('SuperSecretResetLink123');
  });
});
