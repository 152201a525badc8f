/**
 * Prometheus metrics (README.md, "Metrics"): every answer observed once, by action and status,
 * and the scrape at /metrics, either on a port of its own (METRICS_PORT) or on the app's port
 * behind a bearer token (METRICS_TOKEN). Loaded only when one of them is set.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { MetricsConfig } from '../config/config.js';
import { unauthenticated } from '../lib/apiError.js';
import { createSeries, type JobStates, type MetricsSources } from './series.js';

export const METRICS_PATH = '/metrics';
/** The label of a request no route matched (unknown paths): one bucket, however many paths. */
export const UNMATCHED = 'unmatched';

export interface Metrics {
  /** Reports pg-boss's job counts from now on (this process runs the jobs). */
  observeJobs(states: () => Promise<JobStates>): void;
  /** The port of its own the scrape is served on, once listening; undefined on the app's port. */
  port(): number | undefined;
}

export interface MetricsOptions {
  config: MetricsConfig;
  /** Where the port of its own listens (the app's HOST). */
  host: string;
  /** The action routes' paths and their area/action, the label they are counted under. */
  actions: ReadonlyMap<string, string>;
}

/** Observes every answer of `app` and serves the scrape; a port of its own closes with the app. */
export async function registerMetrics(
  app: FastifyInstance,
  options: MetricsOptions,
  sources: MetricsSources,
): Promise<Metrics> {
  const series = createSeries(sources, app.log);
  const { actions } = options;
  // Registered before the routes: one observation per answer, nothing else per request.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    const action =
      route === undefined ? UNMATCHED : (actions.get(route) ?? `${request.method} ${route}`);
    series.observeRequest(action, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  // Scrapes that arrive together share one reading (the database is asked once).
  let reading: Promise<string> | undefined;
  const scrape = () =>
    (reading ??= series.registry.metrics().finally(() => {
      reading = undefined;
    }));
  const authorized = bearerCheck(options.config.token);
  const { contentType } = series.registry;

  if (options.config.port === undefined) {
    app.get(METRICS_PATH, async (request, reply) => {
      if (!authorized(request.headers.authorization))
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send(unauthenticated().toBody());
      return reply
        .type(contentType)
        .header('cache-control', 'no-store')
        .send(await scrape());
    });
    return { observeJobs: series.observeJobs, port: () => undefined };
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== METRICS_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (!authorized(request.headers.authorization)) {
      response
        .writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' })
        .end(JSON.stringify(unauthenticated().toBody()));
      return;
    }
    scrape().then(
      (text) =>
        response
          .writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' })
          .end(text),
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Scrape failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.config.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Prometheus keeps its connection open between scrapes: closed at once, the shutdown does
  // not wait for it.
  app.addHook('onClose', async () => {
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeAllConnections();
    await closed;
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : undefined;
  return { observeJobs: series.observeJobs, port: () => port };
}

/** Whether an Authorization header carries the token (always, when none is asked). */
function bearerCheck(token: string | undefined): (header: string | undefined) => boolean {
  if (token === undefined) return () => true;
  // Compared as digests: equal lengths, and no time that depends on where they differ.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  const expected = digest(token);
  return (header) => {
    const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
    return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
  };
}
