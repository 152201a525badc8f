import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { RateLimitFamily } from '../../common/api/contract.js';
import { ApiError } from '../lib/apiError.js';

interface Limit {
  points: number;
  durationSeconds: number;
}

/**
 * Attempts allowed per window, per client IP and (where the input names one) per address. A
 * family without a limit here is limited by FAILURE_POLICIES only.
 */
export const RATE_LIMITS: Record<RateLimitFamily, { ip?: Limit; address?: Limit }> = {
  // Sign-in counts failures only, per IP and per address (FAILURE_POLICIES): successes never
  // count, so curators behind one office address do not lock each other out.
  signin: {},
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
  /**
   * Actions that re-check the password of a signed-in user (password and e-mail change); the
   * address scope is keyed by the user, so a stolen session cannot guess the password fast.
   */
  reauth: {
    ip: { points: 30, durationSeconds: 15 * 60 },
    address: { points: 10, durationSeconds: 15 * 60 },
  },
  errorReport: { ip: { points: 30, durationSeconds: 60 } },
  /** Creating invitations; the address is the invitee's, so one address is not flooded. */
  invite: {
    ip: { points: 30, durationSeconds: 60 * 60 },
    address: { points: 3, durationSeconds: 24 * 60 * 60 },
  },
  /** Opening and accepting invitation links: guessing secrets is slowed down. */
  inviteOpen: { ip: { points: 60, durationSeconds: 15 * 60 } },
  /** The second step of a sign-in (TOTP or recovery code); each pending sign-in also allows
   * only a few tries (server/areas/security/pendingSignins.ts). */
  secondFactor: { ip: { points: 20, durationSeconds: 15 * 60 } },
  /** Signing in with a passkey takes two calls (options, then the assertion): 20 sign-ins per
   * IP per 15 minutes, as for the TOTP step. */
  passkeySignin: { ip: { points: 40, durationSeconds: 15 * 60 } },
  /** Reads of the schedule's calendar feed by its secret URL (GET /calendar/{token}.ics):
   * calendar services fetch many curators' feeds from few addresses, so the ceiling is high;
   * guessing a 256-bit token is hopeless anyway. */
  calendarFeed: { ip: { points: 600, durationSeconds: 15 * 60 } },
};

/**
 * Limits driven by failures rather than attempts. `signinPair` (one client IP and one address):
 * five free failures, then an exponential delay before the next attempt (1 s, 2 s, 4 s, … up to
 * 15 min), forgotten after a successful sign-in or a day without failures. `signinAddress`: a
 * generous ceiling of failures per address from all IPs together, against a distributed attack;
 * while it holds, the address is refused from everywhere (see docs/security.md). `signinIp`: a
 * ceiling of failures per client IP across addresses, against one machine trying many
 * addresses; successful sign-ins from the IP neither count nor forget them.
 */
export type FailureFamily = 'signinPair' | 'signinAddress' | 'signinIp';

interface FailurePolicy {
  /** How long failures are remembered (the counting window). */
  windowSeconds: number;
  /** The wait after the nth failure before the next attempt (0: none). */
  delayAfter(failures: number): number;
  /** Failures in the window after which every attempt is refused until the window ends. */
  ceiling?: number;
}

export const FREE_SIGNIN_FAILURES = 5;
export const MAX_SIGNIN_DELAY_SECONDS = 15 * 60;

/** 0 for the free failures, then 1 s doubling with each failure, up to 15 minutes. */
export function signInDelaySeconds(failures: number): number {
  if (failures < FREE_SIGNIN_FAILURES) return 0;
  return Math.min(2 ** Math.min(failures - FREE_SIGNIN_FAILURES, 20), MAX_SIGNIN_DELAY_SECONDS);
}

export const FAILURE_POLICIES: Record<FailureFamily, FailurePolicy> = {
  signinPair: { windowSeconds: 24 * 60 * 60, delayAfter: signInDelaySeconds },
  signinAddress: { windowSeconds: 60 * 60, delayAfter: () => 0, ceiling: 100 },
  signinIp: { windowSeconds: 15 * 60, delayAfter: () => 0, ceiling: 50 },
};

const rateLimited = (msBeforeNext: number) =>
  new ApiError(
    429,
    'RATE_LIMITED',
    'Too many attempts. Please wait a little and try again.',
    undefined,
    { retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)) },
  );

/**
 * What a signed-in user may do per window, counted per user id (docs/abuse-limits.md). Every
 * instance shares the counts when REDIS_URL is set.
 */
export const USER_RATE_LIMITS = {
  /** messenger/message/send and the message:user socket event together. */
  message: { points: 60, durationSeconds: 60 },
  /** New conversations (starting one that exists is free). */
  conversationStart: { points: 20, durationSeconds: 60 * 60 },
  /** UserPresence socket events, each of which is pushed to the user's partners. */
  presence: { points: 10, durationSeconds: 60 },
  /** Friend requests sent (for the network area). */
  friendRequest: { points: 30, durationSeconds: 60 * 60 },
  /** Song swaps opened. */
  swapOpen: { points: 20, durationSeconds: 60 * 60 },
  /** Reads of other curators' playlists (playlists/user/playlist), cached or not. */
  playlistView: { points: 60, durationSeconds: 60 },
} as const satisfies Record<string, Limit>;

export type UserRateLimit = keyof typeof USER_RATE_LIMITS;

export interface RateLimits {
  /** Throws a 429 while the key waits out the delay (or ceiling) its failures earned. */
  checkFailures(family: FailureFamily, key: string): Promise<void>;
  /** Counts one failure for the key and starts the delay it earns. */
  recordFailure(family: FailureFamily, key: string): Promise<void>;
  /** Forgets the failures of a key (after a success). */
  forgetFailures(family: FailureFamily, key: string): Promise<void>;

  /** Counts one attempt for the key; throws a 429 ApiError once the window is used up. */
  consume(family: RateLimitFamily, scope: 'ip' | 'address', key: string): Promise<void>;
  /** Counts one use of `limit` by the user; throws a 429 ApiError once the window is used up. */
  consumeUser(limit: UserRateLimit, userId: string): Promise<void>;
}

/**
 * In-process counters, or Redis-backed ones shared by every instance when REDIS_URL is set.
 * While Redis is down (or not ready) each limiter counts in this process instead.
 */
export function createRateLimits(redis?: Redis): RateLimits {
  const limiters = new Map<string, RateLimiterAbstract>();

  function shared(name: string, points: number, duration: number): RateLimiterAbstract {
    let existing = limiters.get(name);
    if (!existing) {
      const options = { keyPrefix: `rl:${name}`, points, duration };
      existing = redis
        ? new RateLimiterRedis({
            ...options,
            storeClient: redis,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
      limiters.set(name, existing);
    }
    return existing;
  }

  const failureCounter = (family: FailureFamily) =>
    shared(`fail:${family}`, Number.MAX_SAFE_INTEGER, FAILURE_POLICIES[family].windowSeconds);
  /** One point: `block` holds the key for the delay, `get` reads what is left of it. */
  const failureDelay = (family: FailureFamily) => shared(`delay:${family}`, 1, 1);

  function limiter(
    family: RateLimitFamily,
    scope: 'ip' | 'address',
  ): RateLimiterAbstract | undefined {
    const limit = RATE_LIMITS[family][scope];
    if (!limit) return undefined;
    return shared(`${family}:${scope}`, limit.points, limit.durationSeconds);
  }

  /** One point for the key; a used-up window becomes the 429 ApiError. */
  async function consumeOrRefuse(target: RateLimiterAbstract, key: string) {
    try {
      await target.consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw rateLimited(error.msBeforeNext);
    }
  }

  return {
    async consume(family, scope, key) {
      const target = limiter(family, scope);
      if (target) await consumeOrRefuse(target, key);
    },
    async consumeUser(limit, userId) {
      const { points, durationSeconds } = USER_RATE_LIMITS[limit];
      await consumeOrRefuse(shared(`user:${limit}`, points, durationSeconds), userId);
    },
    async checkFailures(family, key) {
      const delay = await failureDelay(family).get(key);
      if (delay && delay.consumedPoints > 1 && delay.msBeforeNext > 0)
        throw rateLimited(delay.msBeforeNext);
      const { ceiling } = FAILURE_POLICIES[family];
      if (ceiling === undefined) return;
      const failures = await failureCounter(family).get(key);
      if (failures && failures.consumedPoints >= ceiling) throw rateLimited(failures.msBeforeNext);
    },
    async recordFailure(family, key) {
      const counted = await failureCounter(family).penalty(key, 1);
      const seconds = FAILURE_POLICIES[family].delayAfter(counted.consumedPoints);
      if (seconds > 0) await failureDelay(family).block(key, seconds);
    },
    async forgetFailures(family, key) {
      // Forgetting is a courtesy: with Redis down the failures lapse with their window.
      await Promise.all([
        failureCounter(family).delete(key),
        failureDelay(family).delete(key),
      ]).catch(() => undefined);
    },
  };
}
