import type { FastifyBaseLogger } from 'fastify';
import type { Redis, RedisOptions } from 'ioredis';

/**
 * The Redis connections an instance keeps (rate limits, presence, the socket.io adapter).
 * Redis is a helper, never a dependency of a request: with Redis down every command fails at
 * once (no offline queue, a 1 s command timeout), callers fall back to this instance, and the
 * clients keep reconnecting in the background (see docs/resilience.md).
 */
export interface RedisClients {
  /** Commands and publishing: fails fast while Redis is away. */
  commands: Redis;
  /** Subscriptions of the socket.io adapter: waits for Redis and resubscribes when it returns. */
  subscriber: Redis;
  /** Whether the command connection is up right now (for /readyz and fallbacks). */
  isUp(): boolean;
  /** Drops both connections at once (no QUIT round trip that could wait on a dead Redis). */
  close(): void;
}

/** Reconnect soon, then every 2 s at most, forever. */
const retryStrategy = (attempt: number) => Math.min(attempt * 200, 2_000);

/** ioredis is imported here, with REDIS_URL set: a demo start does not load it. */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<RedisClients> {
  const { Redis } = await import('ioredis');
  const shared: RedisOptions = { retryStrategy, connectTimeout: 2_000 };
  const commands = new Redis(url, {
    ...shared,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
  });
  // Subscribe commands wait in the offline queue until Redis is reachable; nothing else is sent.
  const subscriber = new Redis(url, { ...shared, maxRetriesPerRequest: null });
  for (const [name, client] of [
    ['commands', commands],
    ['subscriber', subscriber],
  ] as const) {
    // Without an error listener ioredis prints every failed reconnect; log a change of state once.
    let up = false;
    client.on('ready', () => {
      up = true;
      log.info({ redis: name }, 'redis connected');
    });
    client.on('error', (error: Error) => {
      if (!up) return;
      up = false;
      log.warn({ redis: name, err: error }, 'redis unavailable; serving without it');
    });
    client.on('end', () => (up = false));
  }
  return {
    commands,
    subscriber,
    isUp: () => commands.status === 'ready',
    close() {
      commands.disconnect();
      subscriber.disconnect();
    },
  };
}

/**
 * The socket.io Redis adapter publishes and subscribes without handling a refusal, so a
 * command failing while Redis is down would be an unhandled rejection (which ends the
 * process). These views of the clients log such a failure instead: a push to other instances
 * is lost while Redis is away (this instance's sockets still get it).
 */
export function adapterClients(
  clients: RedisClients,
  log: FastifyBaseLogger,
): { pub: Redis; sub: Redis } {
  const logged = (what: string) => (error: unknown) =>
    log.debug({ err: error, what }, 'redis adapter command failed');
  const guard = <T extends Redis>(client: T, methods: readonly string[]): T =>
    new Proxy(client, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        if (typeof property === 'string' && methods.includes(property)) {
          return (...args: unknown[]) => {
            const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
            if (result instanceof Promise) return result.catch(logged(property));
            return result;
          };
        }
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
  return {
    pub: guard(clients.commands, ['publish']),
    sub: guard(clients.subscriber, ['psubscribe', 'subscribe', 'punsubscribe', 'unsubscribe']),
  };
}
