import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { allActions } from '../common/api/actions.js';
import type { ActionContract } from '../common/api/contract.js';
import type { AppContext } from './appContext.js';
import { appHandlers } from './areas/app/routes.js';
import { registerStartup } from './areas/app/startup.js';
import { resolveSession } from './areas/auth/sessions.js';
import { partnersOf } from './areas/messenger/data.js';
import { messengerHandlers } from './areas/messenger/routes.js';
import { sendToUser } from './areas/messenger/service.js';
import { authHandlers } from './areas/auth/routes.js';
import { playlistHandlers } from './areas/playlists/routes.js';
import { songHandlers } from './areas/songs/routes.js';
import { tradeHandlers } from './areas/trades/routes.js';
import { createSpotifyIntegration } from './areas/spotify/integration.js';
import { registerSpotifyAuthorize, spotifyHandlers } from './areas/spotify/routes.js';
import type { Config } from './config/config.js';
import type { Database } from './db/client.js';
import type { ActionHandler, ActionHandlers } from './http/actionHandler.js';
import { registerCsrfGuard } from './http/csrfGuard.js';
import { apiNotFound, registerErrorHandling } from './http/errorHandling.js';
import { createRateLimits, type RateLimits } from './http/rateLimits.js';
import { registerActions } from './http/registerActions.js';
import { readSessionTokenFromHeader } from './http/sessionCookie.js';
import { type Clock, systemClock } from './lib/clock.js';
import { projectRoot } from './lib/projectRoot.js';
import { registerDevMailPage } from './mail/devMailPage.js';
import { createRealtime } from './realtime/realtime.js';
import { createMailer } from './mail/mailer.js';

const handlers: ActionHandlers = {
  ...messengerHandlers,
  ...authHandlers,
  ...spotifyHandlers,
  ...appHandlers,
  ...playlistHandlers,
  ...songHandlers,
  ...tradeHandlers,
};

export interface BuildAppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  rateLimits?: RateLimits;
  /** Pino options, or false for a silent logger (tests). */
  logger?: FastifyServerOptions['logger'];
}

/** Secrets in mailed links appear in page URLs; keep them out of the logs. */
const SECRET_PATH = /^(\/(?:password\/reset|onboarding\/verify|onboarding\/invite)\/)[^/?#]+/;

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      req: (request: { method: string; url: string; ip?: string; id: string }) => ({
        id: request.id,
        method: request.method,
        url: request.url.replace(SECRET_PATH, '$1[redacted]'),
        ip: request.ip,
      }),
    },
  };
}

/** Builds the whole HTTP application (API, mail page, SPA) on an opened database. */
export async function buildApp(
  options: BuildAppOptions,
): Promise<{ app: FastifyInstance; context: AppContext }> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
  });

  const clock = options.clock ?? systemClock;
  const channel = createRealtime(config, app.log);
  const context: AppContext = {
    config,
    db: database.db,
    clock,
    spotify: createSpotifyIntegration(config, clock),
    rateLimits: options.rateLimits ?? createRateLimits(config.redisUrl),
    mailer: createMailer({
      db: database.db,
      from: config.mail.from,
      log: app.log,
      ...(config.mail.smtpUrl ? { smtpUrl: config.mail.smtpUrl } : {}),
    }),
    realtime: channel.realtime,
    log: app.log,
  };
  app.addHook('onClose', async () => {
    context.mailer.close();
    await context.rateLimits.close();
    await channel.close();
  });
  channel.attach(app, {
    authenticate: async (cookieHeader) => {
      const token = cookieHeader
        ? readSessionTokenFromHeader(app, cookieHeader, config)
        : undefined;
      return token
        ? ((await resolveSession(database.db, token, clock.now()))?.user.id ?? null)
        : null;
    },
    partnersOf: (userId) => partnersOf(database.db, userId),
    sendToUser: async (from, to, content) => {
      await sendToUser(context, from, to, content);
    },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Artwork comes from Spotify's CDNs and, for upcoming releases, any https link a curator gives.
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    hsts: config.secureCookies,
  });
  await app.register(fastifyCookie);
  registerErrorHandling(app);
  registerCsrfGuard(app, config);

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ready', database: database.kind };
    } catch (error) {
      app.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    }
  });

  registerStartup(app, context);
  registerSpotifyAuthorize(app, context);
  await context.spotify.registerStandIn(app);
  registerActions(
    app,
    allActions as readonly ActionContract[],
    handlers as unknown as Record<string, ActionHandler<ActionContract>>,
    context,
  );
  if (config.mode === 'demo') registerDevMailPage(app, context.db);
  await registerSinglePageApp(app);
  return { app, context };
}

/** Serves the built client from dist/web; every other GET answers its index.html. */
async function registerSinglePageApp(app: FastifyInstance): Promise<void> {
  const webRoot = join(projectRoot(), 'dist', 'web');
  const indexPath = join(webRoot, 'index.html');
  const hasClient = existsSync(indexPath);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      setHeaders: (res, path) => {
        if (path.includes(`${join(webRoot, 'assets')}`))
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const indexHtml = hasClient ? readFileSync(indexPath, 'utf8') : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    // A missing script must not answer index.html (the browser would report a MIME error).
    const isAsset = request.url.startsWith('/assets/');
    if (
      request.url.startsWith('/api/') ||
      request.url === '/api' ||
      request.method !== 'GET' ||
      isAsset
    ) {
      const error = apiNotFound();
      return reply.status(404).send(error.toBody());
    }
    if (!indexHtml) {
      return reply
        .status(404)
        .type('text/plain')
        .send(
          'The web client is not built. Run `npm run build`, or `npm run dev` for development.',
        );
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
  });
}
