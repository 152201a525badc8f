import { request } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitWithin, startInstance, type Instance } from '../instances.js';
import { redisServer, type RedisServer } from '../redisServer.js';
import { connectSocket, connected, type ClientSocket } from '../sockets.js';
import { createDatabase, dropDatabase, testDatabaseName, withDatabase } from '../testDatabase.js';
import { demoEnvironment, signIn } from './demoInstances.js';

/**
 * A server exits within 10 s of SIGTERM in every state, finishing in-flight requests first.
 * Each case waits for the exit with a 10 s cap; `npm run test:faults`.
 */
const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const databaseName = testDatabaseName('curator_faults_shutdown');
const instances: Instance[] = [];
const sockets: ClientSocket[] = [];
let redis: RedisServer;

async function instance(extra: Record<string, string> = {}) {
  const started = await startInstance(
    demoEnvironment(withDatabase(adminUrl, databaseName), { REDIS_URL: redis.url, ...extra }),
    { captureLog: true },
  );
  instances.push(started);
  return started;
}

beforeAll(async () => {
  redis = await redisServer();
  await redis.start();
  await createDatabase(adminUrl, databaseName);
}, 120_000);

/** The error-level lines of an instance's JSON log. */
const errorLines = (server: Instance) =>
  server
    .log()
    .split('\n')
    .filter((line) => line.includes('"level":50'));

/** Lets connections to the test's database in again, or cuts them all and refuses new ones. */
async function databaseConnections(allow: boolean) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`alter database "${databaseName}" allow_connections ${allow}`);
    if (!allow)
      await client.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [databaseName],
      );
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await databaseConnections(true).catch(() => {});
  await Promise.all(instances.map((started) => started.stop()));
  await redis.stop();
  await dropDatabase(adminUrl, databaseName);
});

describe('SIGTERM', () => {
  it('exits within 10 s with an open socket and background jobs running', async () => {
    const server = await instance({ JOBS: 'on' });
    const avery = await signIn(server, 'avery@demo.curator.test');
    const socket = connectSocket(server.url, avery.cookie);
    sockets.push(socket);
    await connected(socket);

    server.process.kill('SIGTERM');

    expect(await exitWithin(server.process, 10_000)).toBe(0);
    // The pool closes last, once nothing uses it.
    expect(errorLines(server)).toEqual([]);
  });

  it('finishes an in-flight request, then exits within 10 s', async () => {
    const server = await instance();
    const body = JSON.stringify({ email: 'avery@demo.curator.test', password: 'not-the-one-1' });
    // A request whose body is still on its way when SIGTERM comes.
    const answered = new Promise<number>((resolve, reject) => {
      const call = request(
        `${server.url}/api/auth/signin`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': body.length },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      call.on('error', reject);
      call.write(body.slice(0, 10));
      setTimeout(() => {
        server.process.kill('SIGTERM');
        setTimeout(() => call.end(body.slice(10)), 1_000);
      }, 200);
    });

    expect(await answered).toBe(401);
    const exit = await exitWithin(server.process, 10_000);
    if (exit !== 0) console.log(server.log(), server.errors());
    expect(exit).toBe(0);
  });

  it('exits within 10 s while Redis is down', async () => {
    const server = await instance();
    const avery = await signIn(server, 'avery@demo.curator.test');
    const socket = connectSocket(server.url, avery.cookie);
    sockets.push(socket);
    await connected(socket);
    await redis.stop();

    server.process.kill('SIGTERM');

    expect(await exitWithin(server.process, 10_000)).toBe(0);
    await redis.start();
  });

  it('exits 0 within 10 s right after Redis went away, with sockets and jobs, logging no error', async () => {
    const server = await instance({ JOBS: 'on' });
    const avery = await signIn(server, 'avery@demo.curator.test');
    const blake = await signIn(server, 'blake@demo.curator.test');
    const own = [connectSocket(server.url, avery.cookie), connectSocket(server.url, blake.cookie)];
    sockets.push(...own);
    await Promise.all(own.map(connected));
    await redis.stop();

    server.process.kill('SIGTERM');

    expect(await exitWithin(server.process, 10_000)).toBe(0);
    expect(errorLines(server)).toEqual([]);
    await redis.start();
  });

  it('exits 0 within 10 s right after the database cut every connection', async () => {
    // Info level, to see the start-up end: the database is cut on a server that has started,
    // jobs included (a start-up step failing before SIGTERM is a failed start, not a shutdown).
    const server = await instance({ JOBS: 'on', LOG_LEVEL: 'info' });
    await server.logged('Curator is running');
    const avery = await signIn(server, 'avery@demo.curator.test');
    const socket = connectSocket(server.url, avery.cookie);
    sockets.push(socket);
    await connected(socket);
    await databaseConnections(false);

    server.process.kill('SIGTERM');

    const exit = await exitWithin(server.process, 10_000);
    if (exit !== 0) console.log(server.log(), server.errors());
    expect(exit).toBe(0);
    expect(server.log()).not.toContain('Cannot use a pool after calling end');
    await databaseConnections(true);
  });
});
