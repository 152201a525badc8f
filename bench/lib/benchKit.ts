/**
 * What the benchmarks share: a stage (a fresh PostgreSQL database, the product on it and a bare
 * Fastify hello world to measure beside), one autocannon run reported as a line, a signed-in
 * session inserted directly, and EXPLAIN ANALYZE of a Drizzle query. bench/discovery.ts,
 * bench/where-is-track.ts and bench/api/ use it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Db } from '../../server/db/client.js';
import * as schema from '../../server/db/schema.js';
import { hashSecret } from '../../server/lib/secrets.js';
import { freePort, startInstance, type Instance } from '../../server/test/instances.js';
import {
  createDatabase,
  dropDatabase,
  testDatabaseName,
  withDatabase,
} from '../../server/test/testDatabase.js';

/** TEST_DATABASE_URL names a server where the user may create databases (local default). */
export const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** BENCH_SECONDS per run (default 10). */
export const benchSeconds = Number(process.env.BENCH_SECONDS ?? 10);

/**
 * The concurrencies each action is measured at: BENCH_CONNECTIONS, a comma-separated list
 * (default "1,10": one curator's own latency, then ten at once).
 */
export const benchConnections = (process.env.BENCH_CONNECTIONS ?? '1,10')
  .split(',')
  .map((value) => Number(value.trim()))
  .filter((value) => Number.isInteger(value) && value > 0);

export interface BenchStage {
  databaseUrl: string;
  client: pg.Client;
  /** Drizzle over `client`, to build the queries a benchmark explains. */
  db: Db;
  instance: Instance;
  hello: { url: string; app: FastifyInstance };
}

/**
 * Runs `body` on a fresh database named after `prefix`, with the product and a hello world
 * started; everything is stopped and the database dropped afterwards, even when it fails.
 */
export async function withBenchStage<T>(
  prefix: string,
  body: (stage: BenchStage) => Promise<T>,
): Promise<T> {
  const databaseName = testDatabaseName(prefix);
  await createDatabase(adminUrl, databaseName);
  const databaseUrl = withDatabase(adminUrl, databaseName);
  const client = new pg.Client({ connectionString: databaseUrl });
  let hello: BenchStage['hello'] | undefined;
  let instance: Instance | undefined;
  try {
    hello = await startHelloWorld();
    instance = await startInstance(
      benchProductEnv(databaseUrl, mkdtempSync(join(tmpdir(), `${prefix}-`))),
    );
    await client.connect();
    const db = drizzle(client, { schema }) as unknown as Db;
    return await body({ databaseUrl, client, db, instance, hello });
  } finally {
    await client.end().catch(() => undefined);
    await instance?.stop();
    await hello?.app.close();
    await dropDatabase(adminUrl, databaseName);
  }
}

export interface LoadLine {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
}

/** A caller and body; a run given several takes them in turn (a rate limit per caller). */
export interface Caller {
  cookie: string;
  body: object;
}

export interface LoadOptions {
  body?: object;
  cookie?: string;
  /** Requests go out as these callers in turn (POST); overrides body and cookie. */
  rotation?: Caller[];
  connections: number;
  seconds: number;
  /** A run in which no request finished is a result (0 req/s), not a failure. */
  allowNone?: boolean;
  /** Pads the label in the printed line (default 46). */
  labelWidth?: number;
}

/** One autocannon run; any non-2xx answer, error or timeout fails the benchmark. */
export async function load(label: string, url: string, options: LoadOptions): Promise<LoadLine> {
  const { body, cookie } = options;
  const result = await autocannon({
    url,
    method: body ? 'POST' : 'GET',
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
    ...(options.rotation
      ? { method: 'POST' as const, requests: [rotating(options.rotation)] }
      : {}),
    connections: options.connections,
    duration: options.seconds,
  });
  if (
    result.non2xx > 0 ||
    result.errors > 0 ||
    result.timeouts > 0 ||
    (result.requests.total === 0 && !options.allowNone)
  )
    throw new Error(
      `${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  const line = {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
  };
  console.log(
    `${label.padEnd(options.labelWidth ?? 46)} ${String(line.requestsPerSecond).padStart(6)} req/s  p50=${line.p50} ms  p99=${line.p99} ms`,
  );
  return line;
}

function rotating(callers: Caller[]) {
  const prepared = callers.map((caller) => ({
    headers: { 'content-type': 'application/json', cookie: caller.cookie },
    body: JSON.stringify(caller.body),
  }));
  let next = 0;
  return {
    method: 'POST' as const,
    setupRequest: (request: object) => ({ ...request, ...prepared[next++ % prepared.length]! }),
  };
}

/** A bare Fastify hello world in this process, on a free port unless one is given. */
export async function startHelloWorld(
  port?: number,
): Promise<{ url: string; app: FastifyInstance }> {
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  const listenPort = port ?? (await freePort());
  await app.listen({ port: listenPort, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${listenPort}/`, app };
}

/** A live session for the user, inserted as sign-in would leave it: its cookie header. */
export async function insertSession(client: pg.Client, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await client.query(
    `insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')`,
    [userId, hashSecret(token)],
  );
  return `sid=${token}`;
}

/** EXPLAIN ANALYZE of a query built with Drizzle (anything with toSQL), as text. */
export async function explain(
  client: pg.Client,
  query: { toSQL(): { sql: string; params: unknown[] } },
): Promise<string> {
  const { sql, params } = query.toSQL();
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, costs off, timing on, summary on) ${sql}`,
    params,
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** The environment every benchmark starts the product with (demo mode, no jobs, no seed). */
export function benchProductEnv(databaseUrl: string, dataDir: string): Record<string, string> {
  return {
    APP_MODE: 'demo',
    DATABASE_URL: databaseUrl,
    SPOTIFY_TOKEN_KEY: randomBytes(32).toString('base64'),
    SEED_DEMO_DATA: 'false',
    JOBS: 'off',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
  };
}
