import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.js';
import { ApiError } from './apiError.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
  );
}

/** The origin is APP_ORIGIN, or the very host the request was sent to. */
export function isSameOrigin(
  origin: string,
  host: string | undefined,
  protocol: string,
  config: Config,
): boolean {
  if (origin === config.appOrigin) return true;
  if (!host) return false;
  try {
    const parsed = new URL(origin);
    return parsed.host === host && parsed.protocol === `${protocol}:`;
  } catch {
    return false;
  }
}

/**
 * CSRF defence for cookie sessions: a state-changing call must carry JSON (no HTML form or
 * "simple" cross-site request can), and when the browser names an origin it must be ours.
 */
export function registerCsrfGuard(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/api/')) return;

    const contentType = request.headers['content-type'] ?? '';
    if (hasBody(request) && !/^application\/json\s*(;|$)/i.test(contentType)) {
      throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
    }

    const origin = request.headers.origin;
    if (
      origin !== undefined &&
      !isSameOrigin(origin, request.headers.host, request.protocol, config)
    ) {
      throw new ApiError(403, 'FORBIDDEN_ORIGIN', 'This request came from another site.');
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new ApiError(403, 'FORBIDDEN_ORIGIN', 'This request came from another site.');
    }
  });
}
