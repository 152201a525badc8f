/**
 * What can go wrong talking to Spotify, as types the callers can tell apart. Messages never
 * carry tokens, codes or client secrets.
 */
export class SpotifyError extends Error {
  override name = 'SpotifyError';
}

/** Spotify answered with an error status (after any retries). */
export class SpotifyApiError extends SpotifyError {
  override name = 'SpotifyApiError';
  constructor(
    readonly status: number,
    message: string,
    /** The OAuth error code from the accounts service, e.g. 'invalid_client'. */
    readonly reason?: string,
  ) {
    super(`Spotify answered ${status}: ${message}`);
  }
}

/** Still 429 after the allowed retries, or Spotify asked to wait longer than we are willing to. */
export class SpotifyRateLimitedError extends SpotifyApiError {
  override name = 'SpotifyRateLimitedError';
  constructor(readonly retryAfterSeconds: number | undefined) {
    super(
      429,
      retryAfterSeconds === undefined
        ? 'rate limited'
        : `rate limited; retry after ${retryAfterSeconds} s`,
    );
  }
}

/** The user's grant is gone (refresh answered invalid_grant): the account must be re-authorised. */
export class SpotifyGrantRevokedError extends SpotifyError {
  override name = 'SpotifyGrantRevokedError';
  constructor(readonly reason: string) {
    super(`Spotify grant revoked: ${reason}`);
  }
}

/** No answer: network failure or timeout (after any retries). */
export class SpotifyNetworkError extends SpotifyError {
  override name = 'SpotifyNetworkError';
  constructor(
    message: string,
    readonly timedOut: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Spotify answered 2xx with a body we could not read (a contract change or a bug). */
export class SpotifyUnexpectedResponseError extends SpotifyError {
  override name = 'SpotifyUnexpectedResponseError';
}
