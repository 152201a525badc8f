import { describe, expect, it } from 'vitest';
import { backoffDelay, decideRetry, parseRetryAfter, type RetrySettings } from './retryPolicy.js';

const NOW = new Date('2026-06-01T12:00:00Z');
const settings: RetrySettings = {
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 8000,
  maxRetryAfterSeconds: 60,
  random: () => 0.5,
  now: () => NOW,
};
const status = (code: number, retryAfter: string | null = null) =>
  ({ kind: 'status', status: code, retryAfter }) as const;

describe('retry policy', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('12', NOW)).toBe(12);
    expect(parseRetryAfter('Mon, 01 Jun 2026 12:00:30 GMT', NOW)).toBe(30);
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
  });

  it('backs off exponentially, with jitter, up to a ceiling', () => {
    expect([0, 1, 2, 3, 10].map((n) => backoffDelay(n, settings))).toEqual([
      375, 750, 1500, 3000, 6000,
    ]);
    expect(backoffDelay(0, { ...settings, random: () => 0 })).toBe(250);
    expect(backoffDelay(0, { ...settings, random: () => 0.999 })).toBeLessThanOrEqual(500);
  });

  it('honours Retry-After exactly for any call, within the cap', () => {
    expect(decideRetry(status(429, '5'), 0, 'unsafe', settings)).toEqual({
      retry: true,
      delayMs: 5000,
    });
    expect(decideRetry(status(429, '61'), 0, 'idempotent', settings)).toEqual({
      retry: false,
      why: 'retry-after-too-long',
    });
    expect(decideRetry(status(429, '5'), 3, 'idempotent', settings)).toEqual({
      retry: false,
      why: 'out-of-retries',
    });
  });

  it('retries 5xx and lost answers only when repeating cannot do harm', () => {
    expect(decideRetry(status(503), 0, 'idempotent', settings).retry).toBe(true);
    expect(decideRetry(status(500), 0, 'unsafe', settings).retry).toBe(false);
    expect(
      decideRetry({ kind: 'network', connectFailed: false }, 0, 'idempotent', settings).retry,
    ).toBe(true);
    expect(
      decideRetry({ kind: 'network', connectFailed: false }, 0, 'unsafe', settings).retry,
    ).toBe(false);
    expect(decideRetry({ kind: 'network', connectFailed: true }, 0, 'unsafe', settings).retry).toBe(
      true,
    );
  });

  it('never retries other client errors', () => {
    for (const code of [400, 401, 403, 404])
      expect(decideRetry(status(code), 0, 'idempotent', settings).retry).toBe(false);
  });
});
