/**
 * One curator floods the realtime channel while another reads: the reader's playlists/all
 * p50/p99 with no flood, during one socket's 20,000 events, and during a flooder that
 * reconnects each time its socket is cut until it has sent 20,000 events; and the database
 * pool time-outs in the server's log. One instance on PostgreSQL and a Redis of its own.
 *
 *   npm run bench:socket-flood        (needs PostgreSQL and redis-server; TEST_DATABASE_URL)
 *   BENCH_FLOOD_EVENTS=20000 BENCH_READS=300 npm run bench:socket-flood
 *
 * Timings are this machine's; compare ratios between runs rather than absolute numbers.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { call, demoEnvironment, signIn } from '../server/test/faults/demoInstances.js';
import { startInstance, type Instance } from '../server/test/instances.js';
import { redisServer } from '../server/test/redisServer.js';
import { connectSocket, connected, type ClientSocket } from '../server/test/sockets.js';
import {
  createDatabase,
  dropDatabase,
  testDatabaseName,
  withDatabase,
} from '../server/test/testDatabase.js';

const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const floodEvents = Number(process.env.BENCH_FLOOD_EVENTS ?? 20_000);
const minimumReads = Number(process.env.BENCH_READS ?? 300);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** The reader's latencies and statuses while `during` runs (and at least `minimumReads`). */
async function readWhile(instance: Instance, cookie: string, during: Promise<unknown>) {
  let running = true;
  void during.finally(() => (running = false));
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  while (running || latencies.length < minimumReads) {
    const started = performance.now();
    const { status } = await call(instance, cookie, 'playlists/all', {});
    latencies.push(performance.now() - started);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  latencies.sort((a, b) => a - b);
  return {
    reads: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    statuses: Object.fromEntries(statuses),
  };
}

/** Sends up to `events` events on one socket; resolves with how many went before it was cut. */
async function floodOne(instance: Instance, cookie: string, events: number) {
  const socket: ClientSocket = connectSocket(instance.url, cookie);
  await connected(socket);
  const ended = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
  let sent = 0;
  // In slices, so that the socket's cut is seen between them (as a real client would).
  while (sent < events && socket.connected) {
    const slice = Math.min(500, events - sent);
    for (let index = 0; index < slice; index++) {
      if (index % 2) socket.emit('pushtoserver', { type: 'heartbeat', message: {} });
      else (socket as unknown as { emit(name: string): void }).emit('nonsense');
    }
    sent += slice;
    await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  const cut = !socket.connected;
  socket.disconnect();
  return { sent, cut };
}

async function run() {
  const databaseName = testDatabaseName('curator_bench_flood');
  const redis = await redisServer();
  await redis.start();
  await createDatabase(adminUrl, databaseName);
  const instance = await startInstance(
    demoEnvironment(withDatabase(adminUrl, databaseName), { REDIS_URL: redis.url }),
    { captureLog: true },
  );
  try {
    const flooder = await signIn(instance, 'avery@demo.curator.test');
    const reader = await signIn(instance, 'blake@demo.curator.test');
    // Warm up: the reader's statements prepared, the pool open.
    await readWhile(instance, reader.cookie, Promise.resolve());

    const quiet = await readWhile(instance, reader.cookie, Promise.resolve());
    const oneSocket = floodOne(instance, flooder.cookie, floodEvents);
    const duringOne = await readWhile(instance, reader.cookie, oneSocket);
    const one = await oneSocket;

    let reconnects = 0;
    const persistent = (async () => {
      let left = floodEvents;
      while (left > 0) {
        left -= (await floodOne(instance, flooder.cookie, left)).sent;
        reconnects++;
      }
    })();
    const duringPersistent = await readWhile(instance, reader.cookie, persistent);
    await persistent;

    const timeouts = instance
      .log()
      .split('\n')
      .filter((line) => line.includes('timeout exceeded when trying to connect')).length;
    const [load1, load5] = loadavg();
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(`load average ${load1!.toFixed(2)} / ${load5!.toFixed(2)} (1 / 5 min)`);
    console.log('| reader (playlists/all) while             | reads | p50 | p99 | statuses |');
    for (const [label, line] of [
      ['no flood', quiet],
      [`one socket sends ${floodEvents} events (${one.sent} sent, cut: ${one.cut})`, duringOne],
      [`a flooder reconnects (${reconnects} sockets, ${floodEvents} events)`, duringPersistent],
    ] as const) {
      console.log(
        `| ${label} | ${line.reads} | ${ms(line.p50)} | ${ms(line.p99)} | ${JSON.stringify(line.statuses)} |`,
      );
    }
    console.log(`log lines with a pool time-out: ${timeouts}`);
  } finally {
    await instance.stop();
    await redis.stop();
    await dropDatabase(adminUrl, databaseName);
  }
}

await run();
