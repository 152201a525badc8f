/**
 * An error answered in the Web API's shape: {error: {status, message}}. Route handlers throw
 * it; the plugin's error handler writes it.
 */
export class SpotifyHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'SpotifyHttpError';
  }
}

/** An error answered in the accounts service's OAuth shape: {error, error_description}. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description?: string,
  ) {
    super(description ?? error);
    this.name = 'OAuthError';
  }
}
