import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  SpotifyApiError,
  SpotifyError,
  SpotifyGrantRevokedError,
  SpotifyRateLimitedError,
} from '../integrations/spotify/index.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { ApiError, INTERNAL_MESSAGE, notFound } from '../lib/apiError.js';

/** Seconds a caller is asked to wait when the database cannot be reached. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * What Spotify's answers mean for our caller. Spotify being slow, away or asking us to slow
 * down is passed on under codes of its own (SPOTIFY_UNAVAILABLE, SPOTIFY_RATE_LIMITED), so
 * neither a caller nor an operator can take it for our database's 503 SERVICE_UNAVAILABLE.
 */
function fromSpotify(error: SpotifyError): ApiError {
  if (error instanceof SpotifyGrantRevokedError) {
    return new ApiError(
      409,
      'SPOTIFY_REAUTHORIZE',
      'Spotify asks you to authorise this account again.',
    );
  }
  if (error instanceof SpotifyRateLimitedError) {
    return new ApiError(
      503,
      'SPOTIFY_RATE_LIMITED',
      'Spotify asks us to slow down. Try again in a minute.',
      undefined,
      {
        retryAfterSeconds: error.retryAfterSeconds ?? null,
      },
    );
  }
  if (error instanceof SpotifyApiError) {
    if (error.status === 404)
      return new ApiError(404, 'NOT_FOUND', 'Spotify has no such playlist or track.');
    if (error.status === 403)
      return new ApiError(403, 'FORBIDDEN', 'Spotify does not let this account do that.');
    if (error.status === 400) {
      return new ApiError(
        409,
        'CONFLICT',
        'Spotify refused the change; the playlist may have changed. Reload it and try again.',
      );
    }
  }
  return new ApiError(
    502,
    'SPOTIFY_UNAVAILABLE',
    'Spotify is not answering right now. Try again in a moment.',
  );
}

/**
 * The framework's own refusals of a malformed request: Fastify's errors (FST_*: bad JSON, wrong
 * media type, body too large, bad URL), the JSON parser's SyntaxError, and the static files'
 * http-errors (a bad Range header). Any other error with a 4xx statusCode is not the caller's.
 */
function frameworkCallerError(error: Partial<FastifyError> & { expose?: unknown }): boolean {
  const status = error.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return false;
  return (
    (typeof error.code === 'string' && error.code.startsWith('FST_')) ||
    error instanceof SyntaxError ||
    error.expose === true
  );
}

function fromFramework(error: Partial<FastifyError>): ApiError {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError(400, 'BAD_JSON', 'The request body is not valid JSON.');
  }
  if (error.statusCode === 400 && error instanceof SyntaxError) {
    return new ApiError(400, 'BAD_JSON', 'The request body is not valid JSON.');
  }
  const status = error.statusCode ?? 400;
  return new ApiError(
    status,
    status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED',
    'The request could not be processed.',
  );
}

/**
 * Maps a thrown error to the answer. Only an ApiError (which includes a refused input: see
 * registerActions) and the framework's refusals are the caller's; Spotify's failures keep
 * their own mapping; anything else — a ZodError, a RangeError, a database error — is our bug.
 */
function toApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof SpotifyError) return fromSpotify(error);
  if (isDatabaseUnavailable(error)) {
    return new ApiError(
      503,
      'SERVICE_UNAVAILABLE',
      'The service is briefly unavailable. Try again in a few seconds.',
      undefined,
      { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
    );
  }
  const fastifyError = error as Partial<FastifyError> & { expose?: unknown };
  if (fastifyError && frameworkCallerError(fastifyError)) return fromFramework(fastifyError);
  return undefined;
}

/** The answer to our own bug: no internal text, and the request id to quote to support. */
function internalError(requestId: string): ApiError {
  return new ApiError(500, 'INTERNAL', INTERNAL_MESSAGE, undefined, { requestId });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error);
    if (!apiError) {
      request.log.error({ err: error, route: request.routeOptions.url }, 'request failed');
      return reply.status(500).send(internalError(request.id).toBody());
    }
    if (apiError.code === 'SERVICE_UNAVAILABLE') {
      request.log.warn({ err: error, code: apiError.code }, 'database unavailable');
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    } else if (apiError.statusCode >= 500)
      request.log.warn({ err: error, code: apiError.code }, 'upstream failed');
    else request.log.info({ code: apiError.code, status: apiError.statusCode }, 'request refused');
    return reply.status(apiError.statusCode).send(apiError.toBody());
  });
}

/**
 * Fastify's refusals made before any route is found (a URL that does not decode, such as a
 * lone '%'), which never reach the error handler: the caller's mistake, in the API's shape
 * (Fastify's `frameworkErrors` option).
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const apiError = fromFramework(error);
  request.log.info({ code: apiError.code, status: apiError.statusCode }, 'request refused');
  void reply.status(apiError.statusCode).send(apiError.toBody());
}

/** Unknown /api paths answer a JSON 404; anything else is left to the SPA fallback. */
export function apiNotFound() {
  return notFound('There is no such API action.');
}
