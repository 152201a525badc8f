import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { RateLimitFamily } from '../../common/api/contract.js';
import { ApiError } from './apiError.js';

interface Limit {
  points: number;
  durationSeconds: number;
}

/** Attempts allowed per window, per client IP and (where the input names one) per address. */
export const RATE_LIMITS: Record<RateLimitFamily, { ip: Limit; address?: Limit }> = {
  signin: {
    ip: { points: 50, durationSeconds: 15 * 60 },
    address: { points: 10, durationSeconds: 15 * 60 },
  },
  signup: {
    ip: { points: 20, durationSeconds: 60 * 60 },
    address: { points: 5, durationSeconds: 60 * 60 },
  },
  forgot: {
    ip: { points: 20, durationSeconds: 60 * 60 },
    address: { points: 5, durationSeconds: 60 * 60 },
  },
  resend: {
    ip: { points: 20, durationSeconds: 60 * 60 },
    address: { points: 5, durationSeconds: 60 * 60 },
  },
  reset: { ip: { points: 20, durationSeconds: 60 * 60 } },
  verify: { ip: { points: 30, durationSeconds: 60 * 60 } },
  errorReport: { ip: { points: 30, durationSeconds: 60 } },
};

export interface RateLimits {
  /** Counts one attempt for the key; throws a 429 ApiError once the window is used up. */
  consume(family: RateLimitFamily, scope: 'ip' | 'address', key: string): Promise<void>;
  /** Forgets the attempts of a key (e.g. after a successful sign-in). */
  reset(family: RateLimitFamily, scope: 'ip' | 'address', key: string): Promise<void>;
  close(): Promise<void>;
}

/** In-process counters, or Redis-backed ones shared by every instance when REDIS_URL is set. */
export function createRateLimits(redisUrl?: string): RateLimits {
  const redis = redisUrl
    ? new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    : undefined;
  const limiters = new Map<string, RateLimiterAbstract>();

  function limiter(
    family: RateLimitFamily,
    scope: 'ip' | 'address',
  ): RateLimiterAbstract | undefined {
    const limit = RATE_LIMITS[family][scope];
    if (!limit) return undefined;
    const name = `${family}:${scope}`;
    let existing = limiters.get(name);
    if (!existing) {
      const options = {
        keyPrefix: `rl:${name}`,
        points: limit.points,
        duration: limit.durationSeconds,
      };
      existing = redis
        ? new RateLimiterRedis({
            ...options,
            storeClient: redis,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
      limiters.set(name, existing);
    }
    return existing;
  }

  return {
    async consume(family, scope, key) {
      const target = limiter(family, scope);
      if (!target) return;
      try {
        await target.consume(key);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        const retryAfterSeconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        throw new ApiError(
          429,
          'RATE_LIMITED',
          'Too many attempts. Please wait a little and try again.',
          undefined,
          {
            retryAfterSeconds,
          },
        );
      }
    },
    async reset(family, scope, key) {
      await limiter(family, scope)?.delete(key);
    },
    async close() {
      redis?.disconnect();
    },
  };
}
