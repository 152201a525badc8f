import { SpotifyApiError, SpotifyNetworkError, SpotifyRateLimitedError } from './errors.js';
import {
  decideRetry,
  parseRetryAfter,
  type CallSafety,
  type RetrySettings,
} from './retryPolicy.js';

/**
 * One HTTP exchange with Spotify, with a timeout per attempt and retries as retryPolicy.ts
 * decides. Answers the final response (any status below 500 other than 429 is returned to
 * the caller to interpret); throws when retries run out.
 */
export interface TransportOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  sleep: (ms: number) => Promise<void>;
  retry: RetrySettings;
}

export interface OutgoingRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: string;
  safety: CallSafety;
}

export interface SpotifyResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, the raw text when it is not JSON, or undefined when empty. */
  body: unknown;
}

/** Error codes of failures to connect: the request never left, so it cannot have been applied. */
const CONNECT_FAILURES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function connectFailed(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === 'string' && CONNECT_FAILURES.has(cause.code);
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** The message Spotify put in an error body, in either of its two shapes. */
export function errorMessageOf(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const { error, error_description: description } = body as {
      error?: unknown;
      error_description?: unknown;
    };
    if (typeof description === 'string') return description;
    if (
      error &&
      typeof error === 'object' &&
      typeof (error as { message?: unknown }).message === 'string'
    ) {
      return (error as { message: string }).message;
    }
    if (typeof error === 'string') return error;
  }
  return `HTTP ${status}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createTransport(options: TransportOptions) {
  return async function send(request: OutgoingRequest): Promise<SpotifyResponse> {
    for (let retries = 0; ; retries += 1) {
      let response: SpotifyResponse;
      try {
        const answer = await options.fetch(request.url, {
          method: request.method,
          headers: request.headers,
          ...(request.body === undefined ? {} : { body: request.body }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        response = { status: answer.status, headers: answer.headers, body: await readBody(answer) };
      } catch (error) {
        const outcome = { kind: 'network', connectFailed: connectFailed(error) } as const;
        const decision = decideRetry(outcome, retries, request.safety, options.retry);
        if (!decision.retry) {
          const timedOut = isTimeout(error);
          const what = timedOut ? `no answer within ${options.timeoutMs} ms` : 'network error';
          throw new SpotifyNetworkError(
            `Spotify ${request.method} ${new URL(request.url).pathname}: ${what}`,
            timedOut,
            {
              cause: error,
            },
          );
        }
        await options.sleep(decision.delayMs);
        continue;
      }

      if (response.status !== 429 && response.status < 500) return response;
      const retryAfter = response.headers.get('retry-after');
      const decision = decideRetry(
        { kind: 'status', status: response.status, retryAfter },
        retries,
        request.safety,
        options.retry,
      );
      if (!decision.retry) {
        if (response.status === 429)
          throw new SpotifyRateLimitedError(parseRetryAfter(retryAfter, options.retry.now()));
        throw new SpotifyApiError(response.status, errorMessageOf(response.body, response.status));
      }
      await options.sleep(decision.delayMs);
    }
  };
}

export type Send = ReturnType<typeof createTransport>;
