import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import { pino } from 'pino';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { allContracts } from '../common/api/contracts.js';
import { actionId, actionPath, type ActionContract } from '../common/api/contract.js';
import type { AppContext } from './appContext.js';
import { announcementHandlers } from './areas/announcements/index.js';
import { appHandlers, registerStartup } from './areas/app/index.js';
import { authHandlers, registerProfilePictureRoute } from './areas/auth/index.js';
import {
  alertOnNewDevice,
  noticeOfEmailChange,
  pendingSigninIfNeeded,
  securityHandlers,
} from './areas/security/index.js';
import { discoveryHandlers } from './areas/discovery/index.js';
import { invitationHandlers } from './areas/invitations/index.js';
import { networkHandlers } from './areas/network/index.js';
import { notificationsHandlers, registerUnsubscribeRoute } from './areas/notifications/index.js';
import {
  billingHandlers,
  registerCheckoutRedirect,
  registerStripeWebhook,
} from './areas/billing/index.js';
import { homeHandlers, registerCalendarRoute } from './areas/home/index.js';
import { messengerHandlers, partnersOf, sendToUser } from './areas/messenger/index.js';
import { playlistHandlers, registerPlaylistExport } from './areas/playlists/index.js';
import { profileHandlers } from './areas/profiles/index.js';
import { registerCatalogExport, songHandlers } from './areas/songs/index.js';
import { registerSpotifyAuthorize, spotifyHandlers } from './areas/spotify/index.js';
import { registerSwapsExport, tradeHandlers } from './areas/trades/index.js';
import type { Config } from './config/config.js';
import type { Database } from './db/client.js';
import { liveSessionIds, sessionFromCookieHeader } from './identity/index.js';
import { createSpotifyIntegration } from './integrations/spotify/integration.js';
import { createBillingIntegration } from './integrations/stripe/integration.js';
import type { ActionHandler, ActionHandlers } from './http/actionHandler.js';
import { registerCsrfGuard } from './http/csrfGuard.js';
import { OneLinePerRequest } from './http/requestLog.js';
import { redactUrl, serializeError } from './http/logRedaction.js';
import { registerSecurityHeaders } from './http/securityHeaders.js';
import { answerFrameworkError, registerErrorHandling } from './http/errorHandling.js';
import { createRateLimits, type RateLimits } from './http/rateLimits.js';
import { registerActions } from './http/registerActions.js';
import { registerSinglePageApp } from './http/singlePageApp.js';
import { type Clock, systemClock } from './lib/clock.js';
import { settleAfterAnswerWork } from './lib/afterAnswer.js';
import { projectRoot } from './lib/projectRoot.js';
import { registerDevMailPage } from './mail/devMailPage.js';
import { connectRedis, type RedisClients } from './lib/redisClients.js';
import { createRealtime } from './realtime/realtime.js';
import { createMailer } from './mail/mailer.js';
import type { Metrics } from './metrics/metrics.js';

const handlers: ActionHandlers = {
  ...messengerHandlers,
  ...authHandlers,
  ...securityHandlers,
  ...billingHandlers,
  ...spotifyHandlers,
  ...appHandlers,
  ...playlistHandlers,
  ...songHandlers,
  ...tradeHandlers,
  ...networkHandlers,
  ...profileHandlers,
  ...discoveryHandlers,
  ...invitationHandlers,
  ...announcementHandlers,
  ...homeHandlers,
  ...notificationsHandlers,
};

export interface BuildAppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  rateLimits?: RateLimits;
  /** Pino options, or false for a silent logger (tests). */
  logger?: FastifyServerOptions['logger'];
  /** The built client to serve; dist/web unless given (tests serve a folder of their own). */
  webRoot?: string;
  /**
   * Closing, once in-flight requests have finished: waits for background work that uses the
   * app's resources (the jobs) to stop, before the realtime channel, mail and Redis close.
   */
  backgroundWorkStopped?: () => Promise<void>;
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

export function loggerOptions(config: Config): LoggerOptions {
  return {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      req: (request: { method: string; url: string; ip?: string; id: string }) => ({
        id: request.id,
        method: request.method,
        url: redactUrl(request.url),
        ip: request.ip,
      }),
      err: serializeError,
    },
  };
}

/** Builds the whole HTTP application (API, mail page, SPA) on an opened database. */
export async function buildApp(options: BuildAppOptions): Promise<{
  app: FastifyInstance;
  context: AppContext;
  /** Prometheus metrics, when METRICS_PORT or METRICS_TOKEN is set. */
  metrics?: Metrics;
}> {
  const { config, database } = options;
  const app = Fastify({
    // Written asynchronously: lines that arrive while a write is under way go out together
    // (one write per busy moment instead of one per request), and pino flushes them on exit.
    logger: options.logger ?? {
      ...loggerOptions(config),
      stream: pino.destination({ dest: 1, sync: false }),
    },
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    frameworkErrors: answerFrameworkError,
  });

  const clock = options.clock ?? systemClock;
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : undefined;
  const channel = createRealtime(config, app.log, redis);
  const context: AppContext = {
    config,
    db: database.db,
    clock,
    spotify: createSpotifyIntegration(config, clock),
    billing: createBillingIntegration(config, clock),
    rateLimits: options.rateLimits ?? createRateLimits(redis?.commands),
    mailer: createMailer({
      db: database.db,
      from: config.mail.from,
      retryBaseMs: config.mail.retryBaseMs,
      log: app.log,
      ...(config.mail.smtpUrl ? { smtpUrl: config.mail.smtpUrl } : {}),
    }),
    realtime: channel.realtime,
    secondFactor: { pendingSignin: (userId) => pendingSigninIfNeeded(context, userId) },
    signInAlerts: {
      beforeRecording: (db, userId, client, at) =>
        alertOnNewDevice(context, db, userId, client, at),
    },
    emailChangeNotices: {
      notify: (db, user, newAddress, done) =>
        noticeOfEmailChange(context, db, user, newAddress, done),
    },
    log: app.log,
  };
  // Closing, in order: new requests and sockets are refused and in-flight requests finish
  // (Fastify, and the channel's preClose), then the work they left (after-answer work, the
  // jobs, socket event work) ends; only then do mail and Redis go. The caller closes the
  // database pool after this, when nothing uses it any more (docs/resilience.md).
  app.addHook('onClose', async () => {
    await settleAfterAnswerWork();
    await options.backgroundWorkStopped?.();
    await channel.settle();
    context.mailer.close();
    redis?.close();
  });
  channel.attach(app, {
    authenticate: (cookieHeader) => sessionFromCookieHeader(app, cookieHeader, context),
    liveSessions: (sessionIds) => liveSessionIds(database.db, sessionIds, context.clock.now()),
    partnersOf: (userId) => partnersOf(database.db, userId),
    sendToUser: async (from, to, content) => {
      await sendToUser(context, from, to, content);
    },
    throttlePresence: (userId) => context.rateLimits.consumeUser('presence', userId),
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const metrics =
    config.metrics && (await registerMetrics(app, config.metrics, { context, database, redis }));

  registerSecurityHeaders(app, { secure: config.secureCookies });
  await app.register(fastifyCookie);
  // JSON answers above 1 KiB go out compressed; static files come pre-compressed (singlePageApp.ts).
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  // Parses multipart/form-data for the upload actions only (the CSRF guard refuses it elsewhere).
  await app.register(fastifyMultipart);
  registerErrorHandling(app);
  registerCsrfGuard(app, config, uploadPaths(allContracts as readonly ActionContract[]));

  const redisState = () => (redis ? { redis: redis.isUp() ? 'up' : 'down' } : {});
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await database.ping();
      // Redis down and mail waiting are degraded states, not unready ones: every request is
      // still served. Mail given up shows here and in the error log (docs/resilience.md).
      const mail = await context.mailer.backlog();
      return { status: 'ready', database: database.kind, ...redisState(), ...(mail && { mail }) };
    } catch (error) {
      app.log.warn({ err: error }, 'readiness check failed');
      return reply
        .status(503)
        .send({ status: 'unavailable', database: database.kind, ...redisState() });
    }
  });

  registerStartup(app, context);
  registerProfilePictureRoute(app, context);
  registerSpotifyAuthorize(app, context);
  // CSV exports (docs/history.md): GET routes streaming text/csv.
  registerPlaylistExport(app, context);
  registerCatalogExport(app, context);
  registerSwapsExport(app, context);
  await context.spotify.registerStandIn(app);
  await context.billing.registerStandIn(app);
  await registerStripeWebhook(app, context);
  registerCheckoutRedirect(app, context);
  registerUnsubscribeRoute(app, context);
  registerCalendarRoute(app, context);
  registerActions(
    app,
    allContracts as readonly ActionContract[],
    handlers as unknown as Record<string, ActionHandler<ActionContract>>,
    context,
  );
  if (config.mode === 'demo') registerDevMailPage(app, context.db);
  await registerSinglePageApp(app, options.webRoot ?? join(projectRoot(), 'dist', 'web'));
  return { app, context, ...(metrics ? { metrics } : {}) };
}

/**
 * Prometheus metrics (README.md, "Metrics"), loaded only when asked for: every answer observed
 * by its action, and the series read at scrape time from what this app holds.
 */
async function registerMetrics(
  app: FastifyInstance,
  config: NonNullable<Config['metrics']>,
  { context, database, redis }: { context: AppContext; database: Database; redis?: RedisClients },
): Promise<Metrics> {
  const { registerMetrics } = await import('./metrics/metrics.js');
  const contracts = allContracts as readonly ActionContract[];
  return registerMetrics(
    app,
    {
      config,
      host: context.config.host,
      actions: new Map(contracts.map((contract) => [actionPath(contract), actionId(contract)])),
    },
    {
      ...(database.poolStats ? { pool: database.poolStats } : {}),
      mailBacklog: () => context.mailer.backlog(),
      ...(redis ? { redisUp: () => redis.isUp() } : {}),
      realtime: () => context.realtime.stats(),
    },
  );
}

/** The paths of the actions that take a multipart upload instead of JSON. */
function uploadPaths(contracts: readonly ActionContract[]): Set<string> {
  return new Set(contracts.filter((contract) => contract.upload).map(actionPath));
}
