import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import {
  SpotifyApiError,
  SpotifyError,
  SpotifyGrantRevokedError,
  SpotifyRateLimitedError,
} from '../integrations/spotify/index.js';
import { ApiError, notFound, validationFailed } from './apiError.js';

/** Field path -> first message, e.g. {"error.message": "Too long"}; '' for the body itself. */
export function fieldsFromZod(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** What Spotify's answers mean for our caller. */
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
      'UPSTREAM_RATE_LIMITED',
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
    'UPSTREAM_FAILED',
    'Spotify is not answering right now. Try again in a moment.',
  );
}

/** Maps any thrown error to the JSON error shape; only unexpected errors become 500s. */
function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof SpotifyError) return fromSpotify(error);
  if (error instanceof RangeError && /spotify|search|uri|id/i.test(error.message)) {
    return validationFailed({ _: error.message }, error.message);
  }
  if (error instanceof ZodError) return validationFailed(fieldsFromZod(error));
  const fastifyError = error as Partial<FastifyError>;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError(400, 'BAD_JSON', 'The request body is not valid JSON.');
  }
  if (fastifyError.statusCode === 400 && error instanceof SyntaxError) {
    return new ApiError(400, 'BAD_JSON', 'The request body is not valid JSON.');
  }
  if (
    typeof fastifyError.statusCode === 'number' &&
    fastifyError.statusCode >= 400 &&
    fastifyError.statusCode < 500
  ) {
    return new ApiError(
      fastifyError.statusCode,
      fastifyError.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED',
      'The request could not be processed.',
    );
  }
  return new ApiError(500, 'INTERNAL', 'Something went wrong on our side.');
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.statusCode >= 500 && apiError.code === 'INTERNAL')
      request.log.error({ err: error }, 'request failed');
    else if (apiError.statusCode >= 500)
      request.log.warn({ err: error, code: apiError.code }, 'upstream failed');
    else request.log.info({ code: apiError.code, status: apiError.statusCode }, 'request refused');
    return reply.status(apiError.statusCode).send(apiError.toBody());
  });
}

/** Unknown /api paths answer a JSON 404; anything else is left to the SPA fallback. */
export function apiNotFound() {
  return notFound('There is no such API action.');
}
