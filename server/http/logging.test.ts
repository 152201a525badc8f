import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildUser,
  createTestApp,
  post,
  sessionCookieFrom,
  type TestApp,
  loggerKeepingLines,
} from '../test/harness.js';

const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logger: loggerKeepingLines(lines) });
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
    await t.app.inject('/onboarding/undo/SuperSecretUndoLink456');
    await t.app.inject('/calendar/SuperSecretCalendarToken789.ics');

    const log = lines.join('');
    expect(log).toContain('"reqId"');
    expect(log).toContain('/password/reset/[redacted]');
    expect(log).not.toContain(user.password);
    expect(log).not.toContain(token);
    expect(log).not.toContain('SuperSecretResetLink123');
    expect(log).toContain('/onboarding/undo/[redacted]');
    expect(log).not.toContain('SuperSecretUndoLink456');
    expect(log).toContain('/calendar/[redacted]');
    expect(log).not.toContain('SuperSecretCalendarToken789');
  });

  it("never hold Spotify's OAuth code and state, or other secret query values", async () => {
    await t.app.inject('/spotify/callback?code=SpotifyCodeXyz789&state=SpotifyStateAbc456');
    await t.app.inject('/somewhere?page=2&token=LooseTokenQwe321');

    const log = lines.join('');
    expect(log).toContain('/spotify/callback?[redacted]');
    expect(log).toContain('/somewhere?page=2&token=[redacted]');
    expect(log).not.toContain('SpotifyCodeXyz789');
    expect(log).not.toContain('SpotifyStateAbc456');
    expect(log).not.toContain('LooseTokenQwe321');
  });

  it('hold a failed query by its database error, never its SQL text or parameters', async () => {
    const secret = '$argon2id$v=19$m=19456,t=2,p=1$SecretHashParameter';
    const error = await t.context.db
      .execute(sql`select ${secret}::text as leaked, 1 / 0 as boom`)
      .then(() => undefined)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    t.app.log.error({ err: error }, 'request failed');

    const line = lines.findLast((entry) => entry.includes('request failed'))!;
    expect(line).toContain('division by zero');
    expect(line).not.toContain('SecretHashParameter');
    expect(line).not.toContain('select');
  });
});
