import { setTimeout as delay } from 'node:timers/promises';
import { createAccounts } from './accounts.js';
import { AccountTokens, type SpotifyTokenStore } from './accountTokens.js';
import { createTransport } from './transport.js';
import { createWebApi } from './webApi.js';

/**
 * The Spotify client: the accounts service (linking) and, per linked account, the Web API.
 * Base URLs come from configuration: Spotify itself in production, the local stand-in in
 * demo mode and tests; nothing else differs.
 */
export interface SpotifyClientOptions {
  /** e.g. 'https://accounts.spotify.com' or 'http://127.0.0.1:3000/_spotify/accounts'. */
  accountsBaseUrl: string;
  /** e.g. 'https://api.spotify.com/v1' or 'http://127.0.0.1:3000/_spotify/v1'. */
  apiBaseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  /** Per attempt (default 10 s). */
  timeoutMs?: number;
  /** Retries after the first attempt (default 3). */
  maxRetries?: number;
  /** Longest Retry-After we wait for; beyond it SpotifyRateLimitedError at once (default 60 s). */
  maxRetryAfterSeconds?: number;
  /** First backoff step (default 500 ms), doubling up to maxBackoffMs (default 8 s). */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** Injected by tests so nothing really waits. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => Date;
}

export function createSpotifyClient(options: SpotifyClientOptions) {
  const now = options.now ?? (() => new Date());
  const send = createTransport({
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? 10_000,
    sleep: options.sleep ?? ((ms) => delay(ms)),
    retry: {
      maxRetries: options.maxRetries ?? 3,
      baseDelayMs: options.baseBackoffMs ?? 500,
      maxDelayMs: options.maxBackoffMs ?? 8_000,
      maxRetryAfterSeconds: options.maxRetryAfterSeconds ?? 60,
      random: options.random ?? Math.random,
      now,
    },
  });
  const accounts = createAccounts({ ...options, send, now });
  return {
    authorizeUrl: accounts.authorizeUrl,
    exchangeCode: accounts.exchangeCode,
    refreshAccessToken: accounts.refreshAccessToken,
    /** The Web API as one linked account, its tokens kept in `tokenStore`. */
    forAccount: (tokenStore: SpotifyTokenStore) =>
      createWebApi({
        apiBaseUrl: options.apiBaseUrl,
        send,
        tokens: new AccountTokens(tokenStore, accounts, now),
      }),
  };
}

export type SpotifyClient = ReturnType<typeof createSpotifyClient>;
