import fc from 'fast-check';
import { expect } from 'vitest';
import type { ApiErrorCode } from '../../common/api/errors.js';

/**
 * What the fuzz suites share (server/test/fuzz*.test.ts): how many runs, hostile text, and
 * the rule every answer keeps. `npm test` runs each property FUZZ_RUNS times (100 unless set);
 * `npm run test:fuzz` sets 500.
 */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 100);

/** Any code unit: NUL and unpaired surrogates are text PostgreSQL cannot store. */
export const hostileText = (maxLength = 20) =>
  fc.oneof(
    fc.string({ minLength: 1, maxLength, unit: 'binary' }),
    fc.constantFrom('Ava\u0000Lane', '\ud800', 'x\udc00', '%', '%zz', '..', '../..', '\r\n'),
  );

/**
 * The codes under which an outside service's failure is passed on, 502 or 503: Spotify's and
 * Stripe's. Our database's 503 SERVICE_UNAVAILABLE is not among them: the database is up
 * while fuzzing, so that code would be a failure of ours passing as an outage.
 */
const PASSED_ON = new Set<ApiErrorCode>([
  'SPOTIFY_UNAVAILABLE',
  'SPOTIFY_RATE_LIMITED',
  'UPSTREAM_FAILED',
  'UPSTREAM_RATE_LIMITED',
]);

/** The error code of an answer's body, when it is the API's error shape. */
export function errorCodeOf(body: string): string | undefined {
  try {
    const code = (JSON.parse(body) as { error?: { code?: unknown } } | null)?.error?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An answer with no fault of ours in it: below 500, or an outside service's failure passed on
 * under its own code. A 4xx that answers JSON has the API's error shape.
 */
export function expectNoFaultOfOurs(
  answer: { statusCode: number; body: string; headers: Record<string, unknown> },
  what: string,
): void {
  const { statusCode: status, body } = answer;
  const code = errorCodeOf(body);
  if (status >= 500) {
    const passedOn = (status === 502 || status === 503) && PASSED_ON.has(code as ApiErrorCode);
    expect(passedOn, `${what} -> ${status} ${body.slice(0, 300)}`).toBe(true);
  }
  const json = String(answer.headers['content-type'] ?? '').startsWith('application/json');
  if (status >= 400 && json)
    expect(code, `${what} -> ${status} ${body.slice(0, 300)}`).toBeTypeOf('string');
}

/** A realtime acknowledgement's error code that would be a fault of ours (common/realtime/events.ts). */
export function isOurFaultCode(code: unknown): boolean {
  return code === 'INTERNAL' || code === 'SERVICE_UNAVAILABLE';
}
