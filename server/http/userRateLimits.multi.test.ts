import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimits, USER_RATE_LIMITS, type RateLimits } from './rateLimits.js';

/** Two instances' rate limits on one Redis (TEST_REDIS_URL, default: the local Redis). */
const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
// Each "instance" has its own connection, as two processes would.
const connections = [new Redis(redisUrl), new Redis(redisUrl)];
const one = createRateLimits(connections[0]);
const two = createRateLimits(connections[1]);
const redis = new Redis(redisUrl);

/**
 * Until its Redis connection is up an instance counts in process (the insurance limiter):
 * wait until a count of each instance is seen in Redis.
 */
async function countingInRedis(limits: RateLimits) {
  for (;;) {
    const probe = randomUUID();
    await limits.consumeUser('playlistView', probe);
    if (await redis.exists(`rl:user:playlistView:${probe}`)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  await Promise.all([countingInRedis(one), countingInRedis(two)]);
});
afterAll(async () => {
  for (const connection of [...connections, redis]) connection.disconnect();
});

describe('per-user limits across instances', () => {
  it('counts a user’s messages on every instance together', async () => {
    const userId = randomUUID();
    const { points } = USER_RATE_LIMITS.message;
    for (let sent = 0; sent < points; sent += 1) {
      await (sent % 2 === 0 ? one : two).consumeUser('message', userId);
    }
    await expect(one.consumeUser('message', userId)).rejects.toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
    });
    await expect(two.consumeUser('message', userId)).rejects.toMatchObject({ statusCode: 429 });
    // Another user, and another limit of the same user, are counted apart.
    await expect(two.consumeUser('message', randomUUID())).resolves.toBeUndefined();
    await expect(one.consumeUser('swapOpen', userId)).resolves.toBeUndefined();
  });
});
