import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  dropDatabase,
  testDatabaseName,
  withDatabase,
} from '../test/testDatabase.js';
import { startInstance, type Instance } from '../test/instances.js';
import {
  connectSocket,
  connected,
  nextEvent,
  onlyToMeInbox,
  type ClientSocket,
} from '../test/sockets.js';

/**
 * Two real server processes sharing one PostgreSQL database and one Redis, as in production
 * behind a load balancer. Needs TEST_DATABASE_URL (default: the local "test" database) and
 * TEST_REDIS_URL (default: the local Redis); run with `npm run test:multi`.
 */
const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const DEMO_PASSWORD = 'curate-demo-2026';

const databaseName = testDatabaseName('curator_multi');
const instances: Instance[] = [];
const sockets: ClientSocket[] = [];

async function signIn(instance: Instance, email: string) {
  const response = await fetch(`${instance.url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  const body = (await response.json()) as { user: { id: string } };
  if (!cookie) throw new Error(`sign-in failed on ${instance.url}`);
  return { cookie, id: body.user.id };
}

async function call(instance: Instance, cookie: string, path: string, body: object) {
  const response = await fetch(`${instance.url}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, never>;
}

beforeAll(async () => {
  await createDatabase(adminUrl, databaseName);
  const shared = {
    APP_MODE: 'demo',
    DATABASE_URL: withDatabase(adminUrl, databaseName),
    REDIS_URL: redisUrl,
    SPOTIFY_TOKEN_KEY: randomBytes(32).toString('base64'),
    SEED_DEMO_DATA: 'true',
    JOBS: 'off',
    LOG_LEVEL: 'warn',
  };
  // Started together: migrations and seeding must cope with each other.
  instances.push(
    ...(await Promise.all([
      startInstance({ ...shared, DATA_DIR: mkdtempSync(join(tmpdir(), 'curator-a-')) }),
      startInstance({ ...shared, DATA_DIR: mkdtempSync(join(tmpdir(), 'curator-b-')) }),
    ])),
  );
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await Promise.all(instances.map((instance) => instance.stop()));
  await dropDatabase(adminUrl, databaseName);
});

describe('two instances sharing PostgreSQL and Redis', () => {
  it('delivers a message sent through instance A to the recipient’s socket on instance B', async () => {
    const [a, b] = instances as [Instance, Instance];
    const avery = await signIn(a, 'avery@demo.curator.test');
    const blake = await signIn(b, 'blake@demo.curator.test');
    const blakeSocket = connectSocket(b.url, blake.cookie);
    sockets.push(blakeSocket);
    await connected(blakeSocket);
    const inbox = onlyToMeInbox(blakeSocket);

    const { conversation } = (await call(a, avery.cookie, 'messenger/conversation/start', {
      userId: blake.id,
    })) as unknown as { conversation: { id: string } };
    await call(a, avery.cookie, 'messenger/message/send', {
      conversationId: conversation.id,
      content: 'Across instances',
    });
    const payload = await inbox.next((p) => p.type === 'SendMessage');
    expect(payload.response).toMatchObject({
      message: { content: 'Across instances', userId: avery.id },
    });
  });

  it('sees presence across instances', async () => {
    const [a, b] = instances as [Instance, Instance];
    const casey = await signIn(a, 'casey@demo.curator.test');
    const blake = await signIn(b, 'blake@demo.curator.test');
    const started = (await call(b, blake.cookie, 'messenger/conversation/start', {
      userId: casey.id,
    })) as { conversation?: { id: string } };
    // Presence is shown to the people one has written to: Casey answers Blake.
    await call(a, casey.cookie, 'messenger/message/send', {
      conversationId: started.conversation?.id,
      content: 'Hi Blake',
    });
    const blakeSocket = connectSocket(b.url, blake.cookie);
    sockets.push(blakeSocket);
    await connected(blakeSocket);

    const before = (await call(b, blake.cookie, 'messenger/online/status', {
      ids: [casey.id],
    })) as unknown as { status: Record<string, boolean> };
    expect(before.status[casey.id]).toBe(false);
    const cameOnline = nextEvent(blakeSocket, 'user:presence');
    const caseySocket = connectSocket(a.url, casey.cookie);
    sockets.push(caseySocket);
    await connected(caseySocket);
    expect(await cameOnline).toEqual({ id: casey.id, present: true });
    const after = (await call(b, blake.cookie, 'messenger/online/status', {
      ids: [casey.id],
    })) as unknown as { status: Record<string, boolean> };
    expect(after.status[casey.id]).toBe(true);
  });

  it('a sign-out through instance A ends the session’s socket on instance B', async () => {
    const [a, b] = instances as [Instance, Instance];
    const drew = await signIn(a, 'drew@demo.curator.test');
    const drewSocket = connectSocket(b.url, drew.cookie);
    sockets.push(drewSocket);
    await connected(drewSocket);
    const ended = new Promise<string>((resolve) => drewSocket.once('disconnect', resolve));

    await call(a, drew.cookie, 'auth/signout', {});

    expect(await ended).toBe('io server disconnect');
  });
});
