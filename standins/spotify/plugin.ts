import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyError, FastifyInstance, FastifyPluginAsync } from 'fastify';
import { registerAccountsRoutes } from './accountsRoutes.js';
import { registerArtworkRoutes } from './artworkRoutes.js';
import { registerCatalogRoutes } from './catalogRoutes.js';
import { createControl, type SpotifyStandInControl } from './control.js';
import { registerControlRoutes } from './controlRoutes.js';
import { registerMeRoutes } from './meRoutes.js';
import { registerPlaylistRoutes } from './playlistRoutes.js';
import type { RouteContext } from './routeSupport.js';
import { OAuthError, SpotifyHttpError } from './spotifyErrors.js';
import { StandInCore, type SpotifyStandInOptions } from './standInCore.js';

/**
 * A local Spotify as a Fastify plugin: the accounts service under {prefix}/accounts, the
 * Web API under {prefix}/v1, artwork under {prefix}/images and the control API under
 * {prefix}/_control. Everything it sets up (form parser, hooks, error and 404 handlers)
 * stays inside its own encapsulated scope, so the host app is unaffected.
 */
export type SpotifyStandInPluginOptions = SpotifyStandInOptions & {
  /** A core made by createSpotifyStandIn, to share state with its control object. */
  core?: StandInCore;
};

const FORM = 'application/x-www-form-urlencoded';

function registerFormParser(app: FastifyInstance): void {
  // Replaced only in this scope; the host keeps whatever it had.
  if (app.hasContentTypeParser(FORM)) app.removeContentTypeParser(FORM);
  app.addContentTypeParser(
    FORM,
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}

function registerFaults(app: FastifyInstance, context: RouteContext): void {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.slice(context.prefix.length).split('?')[0] ?? '';
    if (!path.startsWith('/v1/') && path !== '/accounts/api/token') return;
    const fault = context.core.faults.take(request.method, path);
    if (!fault) return;
    if (fault.kind === 'delay') {
      await sleep(fault.delayMs);
      return;
    }
    if (fault.kind === 'rateLimit') {
      reply.code(429).header('retry-after', String(fault.retryAfterSeconds));
      return reply.send({ error: { status: 429, message: 'API rate limit exceeded' } });
    }
    const status = fault.status ?? 500;
    return reply.code(status).send({
      error: { status, message: status === 500 ? 'Server error.' : 'Service unavailable' },
    });
  });
}

function registerErrors(app: FastifyInstance, context: RouteContext): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof OAuthError) {
      return reply.code(error.status).send({
        error: error.error,
        ...(error.description ? { error_description: error.description } : {}),
      });
    }
    if (error instanceof SpotifyHttpError) {
      return reply
        .code(error.status)
        .headers(error.headers)
        .send({ error: { status: error.status, message: error.message } });
    }
    const status =
      'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'Spotify stand-in failed');
      return reply.code(500).send({ error: { status: 500, message: 'Server error.' } });
    }
    if (request.url.slice(context.prefix.length).startsWith('/accounts/api/token')) {
      return reply.code(400).send({ error: 'invalid_request', error_description: error.message });
    }
    const message = status === 400 ? 'Error parsing JSON.' : error.message;
    return reply.code(status).send({ error: { status, message } });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ error: { status: 404, message: 'Service not found' } }),
  );
}

export const spotifyStandIn: FastifyPluginAsync<SpotifyStandInPluginOptions> = async (
  app,
  options,
) => {
  const { core: given, ...standInOptions } = options;
  const core = given ?? new StandInCore(standInOptions);
  const context: RouteContext = { core, prefix: app.prefix };
  registerFormParser(app);
  registerFaults(app, context);
  registerErrors(app, context);
  registerAccountsRoutes(app, context);
  registerMeRoutes(app, context);
  registerPlaylistRoutes(app, context);
  registerCatalogRoutes(app, context);
  registerArtworkRoutes(app, core);
  if (core.options.exposeControlApi !== false) registerControlRoutes(app, createControl(core));
};

export interface SpotifyStandIn {
  /** Spread into app.register(spotifyStandIn, { prefix, ...pluginOptions }). */
  pluginOptions: SpotifyStandInPluginOptions & { core: StandInCore };
  /** The control API, in process. */
  control: SpotifyStandInControl;
}

/** A stand-in whose control object and mounted plugin share one state. */
export function createSpotifyStandIn(options: SpotifyStandInOptions = {}): SpotifyStandIn {
  const core = new StandInCore(options);
  return { pluginOptions: { core }, control: createControl(core) };
}

export type { SpotifyStandInOptions, StandInClient } from './standInCore.js';
export type {
  SpotifyStandInControl,
  OutsideEdit,
  PlaylistSummary,
  ItemSummary,
  IssuedTokens,
} from './control.js';
export type { FaultRule } from './faults.js';
export { DEMO_SPOTIFY_USERS } from './seedPlans.js';
