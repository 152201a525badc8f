import fastifyCookie from '@fastify/cookie';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ActionContract } from '../../common/api/contract.js';
import {
  SpotifyApiError,
  SpotifyNetworkError,
  SpotifyRateLimitedError,
  SpotifyUnexpectedResponseError,
} from '../integrations/spotify/index.js';
import { curator, dayFromNow } from '../test/curators.js';
import {
  createTestApp,
  post,
  signedInUser,
  type TestApp,
  loggerKeepingLines,
} from '../test/harness.js';
import type { ActionHandler } from './actionHandler.js';
import { registerErrorHandling } from './errorHandling.js';
import { registerActions } from './registerActions.js';

/**
 * The error rule (docs/ARCHITECTURE.md): only an ApiError, a refused input and the framework's
 * refusals of a malformed request are 4xx; anything else a handler throws, and an answer its own
 * output contract refuses, is our bug: 500 with the request id, logged at error level.
 */

const lines: string[] = [];
let t: TestApp;
let app: FastifyInstance;
let handled = 0;

const test = <Input extends z.ZodType, Output extends z.ZodType, const Action extends string>(
  action: Action,
  input: Input,
  output: Output,
) =>
  ({ area: 'test', action, access: 'public', input, output }) satisfies ActionContract<
    Input,
    Output,
    'test',
    Action,
    'public'
  >;

const brokenOutput = test(
  'broken-output',
  z.object({}).strict(),
  z.object({ count: z.number().int(), title: z.string() }),
);
const counted = test(
  'counted',
  z.object({ count: z.number().int().min(0) }).strict(),
  z.object({ count: z.number().int() }),
);
const throwsRangeError = test('range-error', z.object({}).strict(), z.object({}));
const throwsTypeError = test('type-error', z.object({}).strict(), z.object({}));
const throwsZodError = test('zod-error', z.object({}).strict(), z.object({}));
const databaseError = test('database-error', z.object({}).strict(), z.object({}));
const spotifyFailure = test(
  'spotify-failure',
  z.object({ kind: z.enum(['5xx', 'timeout', 'refused', 'unreadable', 'rate-limited']) }),
  z.object({}),
);
const databaseAway = test('database-away', z.object({}).strict(), z.object({}));

/** A connection refused, as fetch reports it (TypeError 'fetch failed', the socket's code as cause). */
const refusedFetch = () =>
  new TypeError('fetch failed', {
    cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
  });
const SPOTIFY_FAILURES = {
  '5xx': () => new SpotifyApiError(503, 'Service unavailable'),
  timeout: () =>
    new SpotifyNetworkError('Spotify GET /v1/me: no answer within 10000 ms', true, {
      cause: Object.assign(new Error('The operation was aborted due to timeout'), {
        name: 'TimeoutError',
        code: 23,
      }),
    }),
  refused: () =>
    new SpotifyNetworkError('Spotify GET /v1/me: network error', false, { cause: refusedFetch() }),
  unreadable: () => new SpotifyUnexpectedResponseError('Spotify answered a playlist without id'),
  'rate-limited': () => new SpotifyRateLimitedError(120),
} as const;

const handlers: Record<string, ActionHandler<ActionContract>> = {
  'test/broken-output': async () => ({ count: 'many', title: 'Fresh Finds' }),
  'test/counted': async ({ input }) => {
    handled += 1;
    return input as { count: number };
  },
  // What a date bug looks like: formatting an Invalid Date.
  'test/range-error': async () => ({ day: new Date('not a date').toISOString() }),
  'test/type-error': async () => {
    const missing = undefined as unknown as { id: string };
    return { id: missing.id };
  },
  // A handler parsing something of its own (not the request's input) with zod.
  'test/zod-error': async () => z.object({ id: z.uuid() }).parse({ id: 'stored-id' }),
  'test/spotify-failure': async ({ input }) => {
    throw SPOTIFY_FAILURES[(input as { kind: keyof typeof SPOTIFY_FAILURES }).kind]();
  },
  // What node-postgres throws when the server is shutting down (SQLSTATE 57P01, admin_shutdown).
  'test/database-away': async () => {
    throw Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
  },
  'test/database-error': async (_call, context) => {
    await context.db.execute(sql`select * from no_such_table`);
    return {};
  },
};

beforeAll(async () => {
  t = await createTestApp();
  app = Fastify({ logger: loggerKeepingLines(lines) });
  await app.register(fastifyCookie);
  registerErrorHandling(app);
  registerActions(
    app,
    [
      brokenOutput,
      counted,
      throwsRangeError,
      throwsTypeError,
      throwsZodError,
      databaseError,
      spotifyFailure,
      databaseAway,
    ] as readonly ActionContract[],
    handlers,
    t.context,
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});
beforeEach(() => {
  lines.length = 0;
  handled = 0;
});

interface LogLine {
  level: number;
  reqId?: string;
  msg: string;
  err?: { type: string; message: string; stack: string; action?: string };
}
const logLines = (): LogLine[] => lines.map((line) => JSON.parse(line) as LogLine);
const ERROR_LEVEL = 50;

async function expectOurBug(action: string) {
  const response = await post(app, `/api/test/${action}`, {});
  expect(response.statusCode).toBe(500);
  const body = response.json();
  expect(body).toEqual({
    error: {
      code: 'INTERNAL',
      message: 'Something went wrong on our side.',
      details: { requestId: expect.any(String) },
    },
  });
  const errorLines = logLines().filter((line) => line.level === ERROR_LEVEL);
  expect(errorLines).toHaveLength(1);
  expect(errorLines[0]!.reqId).toBe(body.error.details.requestId);
  expect(errorLines[0]!.err!.stack).toContain('\n    at ');
  return { body, logged: errorLines[0]! };
}

describe('our bugs are 500s', () => {
  it('a handler answering what its output contract refuses: 500 with the request id, logged naming the action', async () => {
    const { body, logged } = await expectOurBug('broken-output');
    expect(logged.err!.type).toBe('OutputContractError');
    expect(logged.err!.action).toBe('test/broken-output');
    expect(logged.err!.message).toContain('test/broken-output');
    expect(logged.err!.message).toContain('count');
    // Nothing of the broken answer reaches the caller.
    expect(JSON.stringify(body)).not.toContain('Fresh Finds');
  });

  it('a RangeError from a handler (a date bug) is 500, not the caller’s 400', async () => {
    const { body, logged } = await expectOurBug('range-error');
    expect(logged.err!.type).toBe('RangeError');
    expect(JSON.stringify(body)).not.toContain('Invalid time value');
  });

  it('a TypeError from a handler is 500', async () => {
    const { logged } = await expectOurBug('type-error');
    expect(logged.err!.type).toBe('TypeError');
  });

  it('a ZodError from a handler’s own parsing is 500: only the request’s input is the caller’s', async () => {
    const { body, logged } = await expectOurBug('zod-error');
    expect(logged.err!.type).toBe('ZodError');
    expect(body.error.fields).toBeUndefined();
  });

  it("a database error is 500 and the database's text stays in the log, not the SQL", async () => {
    const { body, logged } = await expectOurBug('database-error');
    expect(JSON.stringify(logged.err)).toContain('no_such_table');
    expect(JSON.stringify(logged.err)).not.toContain('select *');
    expect(JSON.stringify(body)).not.toContain('no_such_table');
  });
});

describe('Spotify’s failures and our database’s are told apart', () => {
  it.each([
    ['5xx', 502, 'SPOTIFY_UNAVAILABLE'],
    ['timeout', 502, 'SPOTIFY_UNAVAILABLE'],
    ['refused', 502, 'SPOTIFY_UNAVAILABLE'],
    ['unreadable', 502, 'SPOTIFY_UNAVAILABLE'],
    ['rate-limited', 503, 'SPOTIFY_RATE_LIMITED'],
  ])('Spotify %s: %i %s, a code of its own', async (kind, status, code) => {
    const response = await post(app, '/api/test/spotify-failure', { kind });
    expect({ status: response.statusCode, code: response.json().error.code }).toEqual({
      status,
      code,
    });
    expect(response.headers['retry-after']).toBeUndefined();
  });

  it('our database away: 503 SERVICE_UNAVAILABLE with Retry-After', async () => {
    const response = await post(app, '/api/test/database-away', {});
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('SERVICE_UNAVAILABLE');
    expect(response.headers['retry-after']).toBe('5');
  });

  it('through the real client: Spotify asking to wait longer than we will answers SPOTIFY_RATE_LIMITED', async () => {
    const c = await curator(t);
    t.spotify.control.injectFault({ kind: 'rateLimit', retryAfterSeconds: 120, times: 1 });
    try {
      const response = await c.call('playlists/playlists', { accountId: c.account!.id });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('SPOTIFY_RATE_LIMITED');
    } finally {
      t.spotify.control.clearFaults();
    }
  });
});

describe('the caller’s mistakes are 4xx', () => {
  it('an input its schema refuses is 400 VALIDATION_FAILED naming the field; the handler never runs', async () => {
    const response = await post(app, '/api/test/counted', { count: -1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { count: expect.any(String) },
    });
    expect(handled).toBe(0);
    expect(logLines().filter((line) => line.level >= ERROR_LEVEL)).toEqual([]);
  });

  it('a valid input reaches the handler', async () => {
    const response = await post(app, '/api/test/counted', { count: 3 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: 3 });
    expect(handled).toBe(1);
  });
});

describe('text PostgreSQL cannot store', () => {
  it('a NUL character in any string of the input is 400 naming the field, and nothing changes', async () => {
    const user = await signedInUser(t);
    const response = await post(
      t.app,
      '/api/auth/profile',
      { name: 'Ava\u0000Lane' },
      { cookie: user.cookie },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('name');
    const startup = await t.app.inject({ url: '/api/', headers: { cookie: user.cookie } });
    expect(startup.json().user.name).toBe(user.name);
  });

  it('an unpaired surrogate is 400 naming the field (jsonb refuses it; text would mangle it)', async () => {
    const user = await signedInUser(t);
    const upcoming = await post(
      t.app,
      '/api/songs/upcoming-release',
      { title: 'Night Drive', artists: ['Lane', '\ud800'], releaseDate: dayFromNow(t, 2) },
      { cookie: user.cookie },
    );
    expect(upcoming.statusCode).toBe(400);
    expect(upcoming.json().error.fields).toHaveProperty(['artists.1']);

    const search = await post(
      t.app,
      '/api/trades/potential-traders',
      { query: 'x\udc00' },
      { cookie: user.cookie },
    );
    expect(search.statusCode).toBe(400);
    expect(search.json().error.fields).toHaveProperty('query');
  });
});
