import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.js';
import { isSameOrigin } from '../lib/sameOrigin.js';
import { ApiError } from '../lib/apiError.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
  );
}

/**
 * CSRF defence for cookie sessions: a state-changing call must carry JSON (no HTML form or
 * "simple" cross-site request can), and when the browser names an origin it must be ours.
 * The upload actions (uploadPaths) take multipart/form-data instead, with an Origin required.
 */
export function registerCsrfGuard(
  app: FastifyInstance,
  config: Config,
  uploadPaths: ReadonlySet<string> = new Set(),
): void {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/api/')) return;

    const contentType = request.headers['content-type'] ?? '';
    const origin = request.headers.origin;
    // An HTML form can post multipart/form-data across sites, so an upload must also name its
    // origin (every browser does on a POST from script) and it must be ours (checked below).
    const isUpload =
      uploadPaths.has(request.url) && /^multipart\/form-data\s*(;|$)/i.test(contentType);
    if (isUpload && origin === undefined) {
      throw new ApiError(403, 'FORBIDDEN_ORIGIN', 'This upload did not say which site sent it.');
    }
    if (!isUpload && hasBody(request) && !/^application\/json\s*(;|$)/i.test(contentType)) {
      throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
    }

    if (
      origin !== undefined &&
      !isSameOrigin(origin, request.headers.host, request.protocol, config.appOrigin)
    ) {
      throw new ApiError(403, 'FORBIDDEN_ORIGIN', 'This request came from another site.');
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new ApiError(403, 'FORBIDDEN_ORIGIN', 'This request came from another site.');
    }
  });
}
