import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitWithin, startInstance, type Instance } from '../instances.js';
import { redisServer, type RedisServer } from '../redisServer.js';
import { createDatabase, dropDatabase, testDatabaseName, withDatabase } from '../testDatabase.js';
import { call, demoEnvironment, signIn } from './demoInstances.js';

/**
 * One of two instances is killed with SIGKILL in the middle of a burst of messages. The client
 * retries what was not acknowledged on the other instance with the same client message ids:
 * nothing acknowledged is lost and nothing is stored twice. `npm run test:faults`.
 */
const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const databaseName = testDatabaseName('curator_faults_kill');
const instances: Instance[] = [];
let redis: RedisServer;

beforeAll(async () => {
  redis = await redisServer();
  await redis.start();
  await createDatabase(adminUrl, databaseName);
  const environment = demoEnvironment(withDatabase(adminUrl, databaseName), {
    REDIS_URL: redis.url,
  });
  instances.push(await startInstance(environment), await startInstance(environment));
}, 120_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await redis.stop();
  await dropDatabase(adminUrl, databaseName);
});

interface Attempt {
  clientMessageId: string;
  content: string;
  acknowledgedId?: string;
}

describe('kill -9 during a burst of messages', () => {
  it('loses nothing acknowledged and stores nothing twice when the client retries', async () => {
    const [doomed, survivor] = instances as [Instance, Instance];
    const avery = await signIn(doomed, 'avery@demo.curator.test');
    const blake = await signIn(survivor, 'blake@demo.curator.test');
    const started = await call(doomed, avery.cookie, 'messenger/conversation/start', {
      userId: blake.id,
    });
    const conversationId = (started.body.conversation as { id: string }).id;

    const attempts: Attempt[] = Array.from({ length: 40 }, (_, index) => ({
      clientMessageId: randomUUID(),
      content: `Burst message ${index}`,
    }));
    // 40 messages stay within the per-user message limit (60 a minute) with the retries: a retry
    // of a stored message is answered without counting. Four senders in parallel, as a client with several tabs would; the kill lands mid-burst.
    let next = 0;
    const sender = async () => {
      while (next < attempts.length) {
        const attempt = attempts[next++]!;
        try {
          const answer = await call(doomed, avery.cookie, 'messenger/message/send', {
            conversationId,
            content: attempt.content,
            clientMessageId: attempt.clientMessageId,
          });
          if (answer.status === 200)
            attempt.acknowledgedId = (answer.body.message as { id: string }).id;
        } catch {
          // The connection died with the process: not acknowledged, retried below.
        }
      }
    };
    const burst = Promise.all([sender(), sender(), sender(), sender()]);
    while (attempts.filter((attempt) => attempt.acknowledgedId).length < 12) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    doomed.process.kill('SIGKILL');
    await burst;
    expect(await exitWithin(doomed.process, 5_000)).toBe('SIGKILL');
    const acknowledged = attempts.filter((attempt) => attempt.acknowledgedId);
    expect(acknowledged.length).toBeLessThan(attempts.length);

    // The client retries every message it has no answer for, on the surviving instance (the
    // session is in the database, so it holds there); a retry of a stored one answers it again.
    const retried = await signIn(survivor, 'avery@demo.curator.test');
    for (const attempt of attempts.filter((candidate) => !candidate.acknowledgedId)) {
      const answer = await call(survivor, retried.cookie, 'messenger/message/send', {
        conversationId,
        content: attempt.content,
        clientMessageId: attempt.clientMessageId,
      });
      expect(answer.status).toBe(200);
      attempt.acknowledgedId = (answer.body.message as { id: string }).id;
    }
    // Retrying an acknowledged one answers the same message, not a second copy.
    const again = await call(survivor, retried.cookie, 'messenger/message/send', {
      conversationId,
      content: acknowledged[0]!.content,
      clientMessageId: acknowledged[0]!.clientMessageId,
    });
    expect((again.body.message as { id: string }).id).toBe(acknowledged[0]!.acknowledgedId);

    const stored: { id: string; content: string }[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await call(survivor, blake.cookie, 'messenger/conversation/messages', {
        conversationId,
        limit: 50,
        ...(before && { before }),
      });
      const messages = page.body.messages as { id: string; content: string }[];
      stored.push(...messages);
      if (!page.body.hasMore || messages.length === 0) break;
      before = messages[0]!.id;
    }
    const burstContents = stored
      .map((message) => message.content)
      .filter((content) => content.startsWith('Burst message '));
    expect(burstContents).toHaveLength(attempts.length);
    expect(new Set(burstContents).size).toBe(attempts.length);
    const storedIds = new Set(stored.map((message) => message.id));
    for (const attempt of acknowledged) expect(storedIds.has(attempt.acknowledgedId!)).toBe(true);
  });
});
