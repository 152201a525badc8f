/**
 * Message delivery latency, from the moment message/send is called to the moment the
 * recipient's socket receives SendMessage: p50/p99 with 1,000 and 5,000 connected sockets on
 * one instance, and across two instances joined by Redis.
 *
 *   npx tsx bench/realtime-latency.ts            (needs PostgreSQL and Redis; see defaults below)
 *   BENCH_SOCKETS=1000,5000 BENCH_MESSAGES=300 npx tsx bench/realtime-latency.ts
 *
 * Every socket belongs to its own signed-in user (users and sessions are inserted directly).
 * Timings are this machine's; compare ratios between runs rather than absolute numbers.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { hashSecret } from '../server/lib/secrets.js';
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
const socketCounts = (process.env.BENCH_SOCKETS ?? '1000,5000').split(',').map(Number);
const messageCount = Number(process.env.BENCH_MESSAGES ?? 300);

interface BenchUser {
  id: string;
  cookie: string;
}

async function createUsers(databaseUrl: string, count: number): Promise<BenchUser[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const users: BenchUser[] = [];
  const batch = 1000;
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    const tokens = Array.from({ length: size }, () => randomBytes(32).toString('base64url'));
    const { rows } = await client.query<{ id: string }>(
      `insert into users (name, email, password_hash, email_verified_at, trial_ends_at, notifications)
       select 'Bench ' || n, 'bench' || n || '.' || $1 || '@example.test', 'x', now(), now() + interval '14 days', '{"swaps":true,"messages":true,"friendRequests":true}'
       from generate_series($2::int, $3::int) as n returning id`,
      [randomBytes(4).toString('hex'), start, start + size - 1],
    );
    await client.query(
      `insert into sessions (user_id, token_hash, expires_at) select unnest($1::uuid[]), unnest($2::text[]), now() + interval '1 day'`,
      [rows.map((row) => row.id), tokens.map(hashSecret)],
    );
    rows.forEach((row, index) => users.push({ id: row.id, cookie: `sid=${tokens[index]}` }));
  }
  await client.end();
  return users;
}

async function post(instance: Instance, cookie: string, path: string, body: object) {
  const response = await fetch(`${instance.url}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Connects every user's socket to one of the instances (round robin), a few hundred at a time. */
async function connectAll(users: BenchUser[], instances: Instance[]): Promise<ClientSocket[]> {
  const sockets: ClientSocket[] = [];
  for (let start = 0; start < users.length; start += 250) {
    const wave = users
      .slice(start, start + 250)
      .map((user, index) =>
        connectSocket(instances[(start + index) % instances.length]!.url, user.cookie),
      );
    await Promise.all(wave.map(connected));
    sockets.push(...wave);
  }
  return sockets;
}

async function measure(
  label: string,
  users: BenchUser[],
  instances: Instance[],
  sendVia: Instance,
  recipientsOn: (index: number) => boolean,
) {
  const sockets = await connectAll(users, instances);
  const sender = users[0]!;
  const recipients = users
    .map((user, index) => ({ user, socket: sockets[index]! }))
    .filter((_, index) => index > 0 && recipientsOn(index))
    .slice(0, 20);
  const conversationIds = [];
  for (const recipient of recipients) {
    const answer = (await post(sendVia, sender.cookie, 'messenger/conversation/start', {
      userId: recipient.user.id,
    })) as { conversation: { id: string } };
    conversationIds.push(answer.conversation.id);
  }
  const latencies: number[] = [];
  for (let n = 0; n < messageCount; n++) {
    const index = n % recipients.length;
    const content = `bench ${n}`;
    const received = new Promise<number>((resolve) => {
      const onMessage = (payload: { type: string; request: { content: string } }) => {
        if (payload.type === 'SendMessage' && payload.request.content === content) {
          recipients[index]!.socket.off('onlytome', onMessage as never);
          resolve(performance.now());
        }
      };
      recipients[index]!.socket.on('onlytome', onMessage as never);
    });
    const sentAt = performance.now();
    await post(sendVia, sender.cookie, 'messenger/message/send', {
      conversationId: conversationIds[index],
      content,
    });
    latencies.push((await received) - sentAt);
  }
  for (const socket of sockets) socket.disconnect();
  latencies.sort((a, b) => a - b);
  const result = {
    label,
    sockets: users.length,
    messages: messageCount,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
  console.log(
    `${label.padEnd(44)} sockets=${String(users.length).padStart(5)}  p50=${result.p50.toFixed(1)} ms  p99=${result.p99.toFixed(1)} ms`,
  );
  return result;
}

async function run() {
  const databaseName = testDatabaseName('curator_bench');
  await createDatabase(adminUrl, databaseName);
  const databaseUrl = withDatabase(adminUrl, databaseName);
  const base = {
    APP_MODE: 'demo',
    DATABASE_URL: databaseUrl,
    SPOTIFY_TOKEN_KEY: randomBytes(32).toString('base64'),
    SEED_DEMO_DATA: 'false',
    JOBS: 'off',
    LOG_LEVEL: 'warn',
  };
  const results = [];
  try {
    const single = await startInstance({
      ...base,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-')),
    });
    const users = await createUsers(databaseUrl, Math.max(...socketCounts));
    for (const count of socketCounts) {
      results.push(
        await measure(
          'one instance, in-process',
          users.slice(0, count),
          [single],
          single,
          () => true,
        ),
      );
    }
    await single.stop();

    const withRedis = { ...base, REDIS_URL: redisUrl };
    const pair = await Promise.all([
      startInstance({ ...withRedis, DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-a-')) }),
      startInstance({ ...withRedis, DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-b-')) }),
    ]);
    // Sockets alternate between the instances; messages go in through A to recipients on B.
    results.push(
      await measure(
        'two instances, Redis adapter (A -> B)',
        users.slice(0, socketCounts[0]),
        pair,
        pair[0],
        (index) => index % 2 === 1,
      ),
    );
    await Promise.all(pair.map((instance) => instance.stop()));
  } finally {
    await dropDatabase(adminUrl, databaseName);
  }
  console.log(JSON.stringify(results));
}

await run();
