/** Every error the API answers has this shape. */
export interface ApiErrorBody {
  error: {
    code: ApiErrorCode;
    message: string;
    /** Field path (dot-joined) to message, for validation errors. */
    fields?: Record<string, string>;
    /** Extra facts a client can act on, e.g. plan limits. */
    details?: Record<string, unknown>;
  };
}

export const API_ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'FORBIDDEN_ORIGIN',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  /**
   * A security change (turning on two-factor sign-in, adding a passkey, changing the e-mail
   * address, ending other sessions, removing the account) needs the session to have
   * re-authenticated lately (security/reauthenticate): 403.
   */
  'REAUTHENTICATION_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'INVALID_LINK',
  'PLAN_LIMIT',
  'PAYMENT_FAILED',
  'SPOTIFY_DENIED',
  'SPOTIFY_REAUTHORIZE',
  /** Spotify failed (a 5xx, no answer in time, an answer we cannot read): 502. */
  'SPOTIFY_UNAVAILABLE',
  /** Spotify still asks us to slow down after our retries: 503. */
  'SPOTIFY_RATE_LIMITED',
  /** Stripe asks us to slow down: 503. */
  'UPSTREAM_RATE_LIMITED',
  /** Stripe failed or did not answer: 502. */
  'UPSTREAM_FAILED',
  /** Our own database cannot be reached right now: 503 with Retry-After. */
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}
