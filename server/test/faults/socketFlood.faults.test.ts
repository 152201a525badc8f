import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, type Instance } from '../instances.js';
import { redisServer, type RedisServer } from '../redisServer.js';
import { connectSocket, connected, type ClientSocket } from '../sockets.js';
import { createDatabase, dropDatabase, testDatabaseName, withDatabase } from '../testDatabase.js';
import { call, demoEnvironment, signIn } from './demoInstances.js';

/**
 * One signed-in socket floods the realtime channel with 20,000 events (heartbeats and unknown
 * names) on one of two instances sharing PostgreSQL and Redis. Its event budget runs out and it
 * is disconnected with an `exception`; meanwhile another curator's reads on the same instance
 * all answer 200, and the database pool never times out. `npm run test:faults`.
 */
const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const databaseName = testDatabaseName('curator_faults_flood');
const FLOOD_EVENTS = 20_000;
const instances: Instance[] = [];
const sockets: ClientSocket[] = [];
let redis: RedisServer;

beforeAll(async () => {
  redis = await redisServer();
  await redis.start();
  await createDatabase(adminUrl, databaseName);
  const environment = () =>
    demoEnvironment(withDatabase(adminUrl, databaseName), { REDIS_URL: redis.url });
  instances.push(
    ...(await Promise.all([
      startInstance(environment(), { captureLog: true }),
      startInstance(environment(), { captureLog: true }),
    ])),
  );
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await Promise.all(instances.map((instance) => instance.stop()));
  await redis?.stop();
  await dropDatabase(adminUrl, databaseName);
});

describe('a socket flooding the realtime channel', () => {
  it('is disconnected with an exception while another curator’s reads all answer', async () => {
    const [a, b] = instances as [Instance, Instance];
    const avery = await signIn(a, 'avery@demo.curator.test');
    const blake = await signIn(a, 'blake@demo.curator.test');
    const casey = await signIn(b, 'casey@demo.curator.test');
    const flooder = connectSocket(a.url, avery.cookie);
    sockets.push(flooder);
    await connected(flooder);
    const exceptions: string[] = [];
    flooder.on('exception', ({ message }) => exceptions.push(message));
    const ended = new Promise<string>((resolve) => flooder.once('disconnect', resolve));

    let flooding = true;
    void ended.then(() => (flooding = false));
    /** Another curator reads while the flood lasts (and at least a few times). */
    const reads = async (instance: Instance, cookie: string) => {
      const statuses: number[] = [];
      while (flooding || statuses.length < 5) {
        statuses.push((await call(instance, cookie, 'playlists/all', {})).status);
      }
      return statuses;
    };
    const reading = Promise.all([reads(a, blake.cookie), reads(b, casey.cookie)]);
    for (let index = 0; index < FLOOD_EVENTS; index++) {
      if (index % 2) flooder.emit('pushtoserver', { type: 'heartbeat', message: {} });
      else (flooder as unknown as { emit(name: string): void }).emit(`nonsense-${index % 7}`);
    }

    expect(await ended).toBe('io server disconnect');
    expect(exceptions.at(-1)).toBe(
      'Too many events on this connection; it was closed. Reconnect to continue.',
    );
    const [blakeReads, caseyReads] = await reading;
    expect(new Set([...blakeReads, ...caseyReads])).toEqual(new Set([200]));

    // The flooder may reconnect (a fresh budget) and is heard again.
    const again = connectSocket(a.url, avery.cookie);
    sockets.push(again);
    await connected(again);
    const ack = await again.emitWithAck('pushtoserver', { type: 'heartbeat', message: {} });
    expect(ack).toEqual({ ok: true });

    for (const instance of instances) {
      expect(instance.log()).not.toContain('timeout exceeded when trying to connect');
    }
  });
});
