import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { DEFAULT_NOTIFICATIONS } from '../../common/api/user.js';
import type { AppContext } from '../appContext.js';
import { buildApp, loggerOptions } from '../app.js';
import { hashPassword } from '../areas/auth/index.js';
import { parseConfig, type Config } from '../config/config.js';
import type { Database } from '../db/client.js';
import type { Metrics } from '../metrics/metrics.js';
import { mailOutbox, users } from '../db/schema.js';
import { settleAfterAnswerWork } from '../lib/afterAnswer.js';
import { controlledClock } from '../lib/clock.js';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { startStandIn, type RunningStandIn } from '../../standins/spotify/testing.js';
import { startStripeStandIn, type RunningStripeStandIn } from '../../standins/stripe/testing.js';
import { openTestDatabase } from './testDatabase.js';

export type TestClock = ReturnType<typeof controlledClock>;

/** The signing secret the test app verifies Stripe's webhooks with. */
export const TEST_WEBHOOK_SECRET = 'whsec_curator_test_secret';

export interface TestApp {
  app: FastifyInstance;
  context: AppContext;
  config: Config;
  clock: TestClock;
  /** The database under the app (raw SQL for libraries like pg-boss). */
  database: Database;
  /** The local Spotify this app talks to over loopback HTTP, on the same clock. */
  spotify: RunningStandIn;
  /**
   * The local Stripe this app talks to through the SDK, on the same clock. It delivers no
   * webhooks until a test makes the app listen (server/test/billing.ts).
   */
  stripe: RunningStripeStandIn;
  /** Prometheus metrics, when the env given sets METRICS_PORT or METRICS_TOKEN. */
  metrics?: Metrics;
  close(): Promise<void>;
}

/**
 * The app's own logger options at info level, writing into `lines` (one JSON line each) for a
 * test to read what was logged.
 */
export function loggerKeepingLines(lines: string[]): FastifyServerOptions['logger'] {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { ...(loggerOptions(parseConfig({ LOG_LEVEL: 'info' })) as object), stream };
}

/** The real app on a fresh database (in-memory PGlite, or PostgreSQL with TEST_DATABASE_URL). */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { logger?: FastifyServerOptions['logger']; webRoot?: string } = {},
): Promise<TestApp> {
  const { database, dispose } = await openTestDatabase(inject('testDatabaseTemplate'));
  const clock = controlledClock(new Date());
  const spotify = await startStandIn({ now: clock.now });
  const stripe = await startStripeStandIn({ now: clock.now });
  const config = parseConfig({
    APP_MODE: 'demo',
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    JOBS: 'off',
    SPOTIFY_CLIENT_ID: 'curator-test',
    SPOTIFY_CLIENT_SECRET: 'curator-test-secret',
    SPOTIFY_ACCOUNTS_URL: spotify.accountsBaseUrl,
    SPOTIFY_API_URL: spotify.apiBaseUrl,
    SPOTIFY_TOKEN_KEY: randomBytes(32).toString('base64'),
    STRIPE_SECRET_KEY: stripe.apiKey,
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.origin,
    ...env,
  });
  const { app, context, metrics } = await buildApp({
    config,
    database,
    clock,
    logger: options.logger ?? false,
    ...(options.webRoot ? { webRoot: options.webRoot } : {}),
  });
  await app.ready();
  return {
    app,
    context,
    config,
    clock,
    database,
    spotify,
    stripe,
    ...(metrics ? { metrics } : {}),
    async close() {
      await app.close();
      await stripe.close();
      await spotify.close();
      await dispose();
    },
  };
}

let ipCounter = 0;
/** A fresh loopback address per call, so rate limits only bite where a test means them to. */
export function freshIp(): string {
  ipCounter += 1;
  return `127.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255 || 1}`;
}

export interface PostOptions {
  cookie?: string | undefined;
  ip?: string;
  headers?: Record<string, string>;
}

/** POSTs JSON to an action path the way the browser client does. */
export function post(
  app: FastifyInstance,
  path: string,
  body: unknown = {},
  options: PostOptions = {},
) {
  return app.inject({
    method: 'POST',
    url: path,
    remoteAddress: options.ip ?? freshIp(),
    headers: {
      'content-type': 'application/json',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    payload: JSON.stringify(body),
  });
}

/** The session cookie a response set, as a Cookie header value ('' when it cleared it). */
export function sessionCookieFrom(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === 'sid' || c.name === '__Host-sid');
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
}

export const TEST_PASSWORD = 'violet-harbour-lantern-42';
let passwordHash: Promise<string> | undefined;
let userCounter = 0;

export interface TestUser {
  id: string;
  email: string;
  name: string;
  password: string;
}

/** Inserts a verified user directly (fast); sign in with signInAs. */
export async function buildUser(
  testApp: Pick<TestApp, 'context' | 'clock'>,
  overrides: Partial<{ email: string; name: string; verified: boolean; trialEndsAt: Date }> = {},
): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  userCounter += 1;
  const now = testApp.clock.now();
  const email = overrides.email ?? `curator${userCounter}.${Date.now().toString(36)}@example.test`;
  const name = overrides.name ?? `Curator ${userCounter}`;
  const [row] = await testApp.context.db
    .insert(users)
    .values({
      name,
      email,
      passwordHash: await passwordHash,
      emailVerifiedAt: overrides.verified === false ? null : now,
      trialEndsAt: overrides.trialEndsAt ?? new Date(now.getTime() + 14 * 24 * 60 * 60 * 1000),
      notifications: DEFAULT_NOTIFICATIONS,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('user not created');
  return { id: row.id, email, name, password: TEST_PASSWORD };
}

/** Signs in through the API and answers the session cookie. */
export async function signInAs(
  testApp: TestApp,
  user: Pick<TestUser, 'email' | 'password'>,
): Promise<string> {
  const response = await post(testApp.app, '/api/auth/signin', {
    email: user.email,
    password: user.password,
  });
  const cookie = sessionCookieFrom(response);
  if (response.statusCode !== 200 || !cookie)
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return cookie;
}

/** A verified, signed-in user: the common starting point of a test. */
export async function signedInUser(testApp: TestApp): Promise<TestUser & { cookie: string }> {
  const user = await buildUser(testApp);
  return { ...user, cookie: await signInAs(testApp, user) };
}

/** The newest mail to an address, as a person would read it in their inbox. */
export async function latestMailTo(testApp: TestApp, address: string) {
  await settleAfterAnswerWork();
  const [mail] = await testApp.context.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}

/** The secret at the end of the link a mail carries, e.g. the code of /onboarding/verify/{code}. */
export function linkSecretIn(
  text: string,
  route: 'onboarding/verify' | 'onboarding/email' | 'password/reset',
): string {
  const match = new RegExp(`/${route}/([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${route} link in mail: ${text}`);
  return match[1];
}
