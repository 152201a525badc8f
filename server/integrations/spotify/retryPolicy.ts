/**
 * When to try a Spotify call again, and how long to wait first. Pure, so it is tested on
 * its own.
 *
 * - Idempotent calls (GET, replace, remove by uri, reorder against a snapshot, token refresh)
 *   are retried on 429, on 5xx and on any network error or timeout.
 * - Unsafe calls (adding items, reorder without a snapshot, code exchange) are retried only
 *   when Spotify cannot have applied them: 429 (the rate limiter refuses before the request is
 *   handled) and failures to connect (nothing was sent). A 5xx, a reset connection or a
 *   timeout may come after the change was made, and adding twice would duplicate tracks;
 *   those surface to the caller, which can compare snapshot ids before trying again.
 * - 429 waits exactly Retry-After seconds; beyond maxRetryAfterSeconds we give up at once.
 *   Other retries back off exponentially with jitter.
 */
export type CallSafety = 'idempotent' | 'unsafe';

export type AttemptOutcome =
  | { kind: 'status'; status: number; retryAfter: string | null }
  | { kind: 'network'; connectFailed: boolean };

export interface RetrySettings {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterSeconds: number;
  random: () => number;
  now: () => Date;
}

export type RetryDecision =
  | { retry: true; delayMs: number }
  | { retry: false; why: 'not-retryable' | 'out-of-retries' | 'retry-after-too-long' };

/** Retry-After as seconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: Date): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now.getTime()) / 1000));
}

/** Exponential backoff with "equal jitter": half fixed, half random, so clients spread out. */
export function backoffDelay(retryNumber: number, settings: RetrySettings): number {
  const ceiling = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** retryNumber);
  return Math.round(ceiling / 2 + settings.random() * (ceiling / 2));
}

/** retryNumber counts retries already made (0 before the first retry). */
export function decideRetry(
  outcome: AttemptOutcome,
  retryNumber: number,
  safety: CallSafety,
  settings: RetrySettings,
): RetryDecision {
  if (outcome.kind === 'status') {
    if (outcome.status === 429) {
      const seconds = parseRetryAfter(outcome.retryAfter, settings.now());
      if (seconds !== undefined && seconds > settings.maxRetryAfterSeconds) {
        return { retry: false, why: 'retry-after-too-long' };
      }
      if (retryNumber >= settings.maxRetries) return { retry: false, why: 'out-of-retries' };
      return {
        retry: true,
        delayMs: seconds === undefined ? backoffDelay(retryNumber, settings) : seconds * 1000,
      };
    }
    if (outcome.status < 500 || safety === 'unsafe') return { retry: false, why: 'not-retryable' };
  } else if (safety === 'unsafe' && !outcome.connectFailed) {
    return { retry: false, why: 'not-retryable' };
  }
  if (retryNumber >= settings.maxRetries) return { retry: false, why: 'out-of-retries' };
  return { retry: true, delayMs: backoffDelay(retryNumber, settings) };
}
