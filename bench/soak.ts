/**
 * Soak: mixed traffic from simulated curators on two instances (PostgreSQL + Redis) for a long
 * while, reporting errors (target 0), latency percentiles per minute, and each instance's memory
 * at the start and the end (target: flat).
 *
 *   npx tsx bench/soak.ts                               (30 minutes, 200 curators)
 *   SOAK_MINUTES=5 SOAK_CURATORS=100 npx tsx bench/soak.ts
 *
 * Each curator has a socket on one instance and loops: the startup read, the catalogue, the
 * conversations, swaps, playlists, a message to its partner (within the message limit), a
 * heartbeat; with a pause of about a second between calls, as a person clicking around would.
 * Users and sessions are inserted directly (no sign-up mail). Needs the build (`npm run build`
 * is not required: instances run server/main.ts under tsx).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { hashSecret } from '../server/lib/secrets.js';
import { demoEnvironment } from '../server/test/faults/demoInstances.js';
import { startInstance, type Instance } from '../server/test/instances.js';
import { connectSocket, connected, type ClientSocket } from '../server/test/sockets.js';
import {
  createDatabase,
  dropDatabase,
  testDatabaseName,
  withDatabase,
} from '../server/test/testDatabase.js';

const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const minutes = Number(process.env.SOAK_MINUTES ?? 30);
const curatorCount = Number(process.env.SOAK_CURATORS ?? 200);

interface Curator {
  id: string;
  cookie: string;
  instance: Instance;
  conversationId?: string;
}

async function createCurators(databaseUrl: string, count: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
  const { rows } = await client.query<{ id: string }>(
    `insert into users (name, email, password_hash, email_verified_at, trial_ends_at, notifications)
     select 'Soak ' || n, 'soak' || n || '@example.test', 'x', now(), now() + interval '14 days',
            '{"swaps":true,"messages":true,"friendRequests":true}'
     from generate_series(1, $1::int) as n returning id`,
    [count],
  );
  await client.query(
    `insert into sessions (user_id, token_hash, expires_at)
     select unnest($1::uuid[]), unnest($2::text[]), now() + interval '1 day'`,
    [rows.map((row) => row.id), tokens.map(hashSecret)],
  );
  await client.end();
  return rows.map((row, index) => ({ id: row.id, cookie: `sid=${tokens[index]}` }));
}

/** Resident memory of a process, in MiB (Linux). */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

const latencies: number[] = [];
const errors = new Map<string, number>();
let calls = 0;

async function call(curator: Curator, path: string, body: object = {}) {
  const started = performance.now();
  calls++;
  try {
    const response = await fetch(`${curator.instance.url}/api/${path}`, {
      method: path === '' ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', cookie: curator.cookie },
      ...(path === '' ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    latencies.push(performance.now() - started);
    if (!response.ok) {
      const key = `${path} ${response.status}`;
      errors.set(key, (errors.get(key) ?? 0) + 1);
    }
    return answer;
  } catch (error) {
    const key = `${path} ${(error as Error).message}`;
    errors.set(key, (errors.get(key) ?? 0) + 1);
    return {};
  }
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 700 + Math.random() * 600));
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Ctrl-C or SIGTERM ends the run early: the loops stop, the instances stop, the database goes. */
let stopRequested = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopRequested = true;
  });

async function curatorLoop(curator: Curator, until: number) {
  let round = 0;
  while (Date.now() < until && !stopRequested) {
    await call(curator, '');
    await pause();
    await call(curator, 'songs/catalog', {});
    await pause();
    await call(curator, 'messenger/conversations', {});
    await pause();
    await call(curator, 'trades/all', { statuses: ['pending', 'accepted'] });
    await pause();
    await call(curator, 'playlists/all', {});
    await pause();
    if (curator.conversationId) {
      await call(curator, 'messenger/message/send', {
        conversationId: curator.conversationId,
        content: `Soak round ${round}`,
      });
      await pause();
    }
    await call(curator, 'messenger/heartbeat', {});
    await pause();
    round++;
  }
}

async function main() {
  const databaseName = testDatabaseName('curator_soak');
  await createDatabase(adminUrl, databaseName);
  const environment = demoEnvironment(withDatabase(adminUrl, databaseName), {
    REDIS_URL: redisUrl,
    SEED_DEMO_DATA: 'false',
  });
  const instances = [await startInstance(environment), await startInstance(environment)];
  const sockets: ClientSocket[] = [];
  try {
    const rows = await createCurators(withDatabase(adminUrl, databaseName), curatorCount);
    const curators: Curator[] = rows.map((row, index) => ({
      ...row,
      instance: instances[index % 2]!,
    }));
    // Pairs write to each other, each pair across the two instances.
    for (let index = 0; index + 1 < curators.length; index += 2) {
      const [one, two] = [curators[index]!, curators[index + 1]!];
      const started = await call(one, 'messenger/conversation/start', { userId: two.id });
      const id = (started.conversation as { id: string } | undefined)?.id;
      one.conversationId = id;
      two.conversationId = id;
    }
    for (const curator of curators) {
      const socket = connectSocket(curator.instance.url, curator.cookie);
      sockets.push(socket);
      await connected(socket);
    }
    const memoryAtStart = instances.map((instance) => rssMiB(instance.process.pid!));
    const started = Date.now();
    const until = started + minutes * 60_000;
    const perMinute: string[] = [];
    const reporter = setInterval(() => {
      const sorted = latencies.splice(0).sort((a, b) => a - b);
      const line = `minute ${Math.round((Date.now() - started) / 60_000)}: ${sorted.length} calls, p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, rss ${instances.map((i) => rssMiB(i.process.pid!)).join('/')} MiB`;
      perMinute.push(line);
      console.log(line);
    }, 60_000);
    await Promise.all(curators.map((curator) => curatorLoop(curator, until)));
    clearInterval(reporter);
    const memoryAtEnd = instances.map((instance) => rssMiB(instance.process.pid!));
    console.log(`\n${curatorCount} curators, ${minutes} min, two instances; ${calls} calls`);
    console.log(`errors: ${[...errors.values()].reduce((a, b) => a + b, 0)}`);
    for (const [key, count] of errors) console.log(`  ${count} × ${key}`);
    console.log(`memory (MiB) start ${memoryAtStart.join('/')} end ${memoryAtEnd.join('/')}`);
  } finally {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(instances.map((instance) => instance.stop()));
    await dropDatabase(adminUrl, databaseName);
  }
}

await main();
