import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, type Instance } from '../instances.js';
import { redisServer, type RedisServer } from '../redisServer.js';
import { connectSocket, connected, onlyToMeInbox, type ClientSocket } from '../sockets.js';
import { createDatabase, dropDatabase, testDatabaseName, withDatabase } from '../testDatabase.js';
import { call, demoEnvironment, readiness, signIn } from './demoInstances.js';

/**
 * Two instances on PostgreSQL and a Redis of the test's own, which the test stops and starts
 * again: the product keeps serving without Redis, nothing crashes, and pushes between the
 * instances resume when Redis returns. `npm run test:faults`.
 */
const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const databaseName = testDatabaseName('curator_faults_redis');
const instances: Instance[] = [];
const sockets: ClientSocket[] = [];
let redis: RedisServer;

const environment = () =>
  demoEnvironment(withDatabase(adminUrl, databaseName), { REDIS_URL: redis.url });

beforeAll(async () => {
  redis = await redisServer();
  await redis.start();
  await createDatabase(adminUrl, databaseName);
  instances.push(
    ...(await Promise.all([startInstance(environment()), startInstance(environment())])),
  );
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await Promise.all(instances.map((instance) => instance.stop()));
  await redis.stop();
  await dropDatabase(adminUrl, databaseName);
});

const alive = (instance: Instance) =>
  instance.process.exitCode === null && instance.process.signalCode === null;

describe('a Redis outage', () => {
  it('is served through, reported by /readyz, and pushes resume when Redis returns', async () => {
    const [a, b] = instances as [Instance, Instance];
    const avery = await signIn(a, 'avery@demo.curator.test');
    const blake = await signIn(b, 'blake@demo.curator.test');
    const started = await call(a, avery.cookie, 'messenger/conversation/start', {
      userId: blake.id,
    });
    const conversationId = (started.body.conversation as { id: string }).id;
    const blakeSocket = connectSocket(b.url, blake.cookie);
    sockets.push(blakeSocket);
    await connected(blakeSocket);
    const inbox = onlyToMeInbox(blakeSocket);
    expect((await readiness(a)).body).toMatchObject({ status: 'ready', redis: 'up' });

    await redis.stop();

    // Every kind of request still answers: messages, presence, rate-limited sign-ins.
    for (let round = 0; round < 5; round++) {
      const sent = await call(a, avery.cookie, 'messenger/message/send', {
        conversationId,
        content: `While Redis is down ${round}`,
      });
      expect(sent.status).toBe(200);
    }
    const status = await call(a, avery.cookie, 'messenger/online/status', { ids: [blake.id] });
    expect(status.status).toBe(200);
    await signIn(b, 'casey@demo.curator.test');
    const ready = await readiness(a);
    expect(ready).toEqual({
      status: 200,
      body: { status: 'ready', database: 'postgres', redis: 'down' },
    });

    // An instance started while Redis is down starts and serves.
    const late = await startInstance(environment());
    instances.push(late);
    const drew = await signIn(late, 'drew@demo.curator.test');
    expect((await call(late, drew.cookie, 'messenger/online/status', { ids: [] })).status).toBe(
      200,
    );
    expect(instances.every(alive)).toBe(true);

    await redis.start();

    // Cross-instance pushes resume once the instances have reconnected and resubscribed.
    let delivered = false;
    for (let attempt = 0; attempt < 40 && !delivered; attempt++) {
      const content = `Redis is back ${attempt}`;
      await call(a, avery.cookie, 'messenger/message/send', { conversationId, content });
      delivered = await Promise.race([
        inbox
          .next((p) => p.type === 'SendMessage' && JSON.stringify(p.request).includes(content))
          .then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 500)),
      ]);
    }
    expect(delivered).toBe(true);
    expect((await readiness(a)).body).toMatchObject({ redis: 'up' });
    expect(instances.every(alive)).toBe(true);
  });
});
