import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiNotFound } from './errorHandling.js';
import { sendInParts } from './pageInParts.js';
import { indexPages, readRoutePreloads, screenChunks } from './routePreloads.js';
import { signedInPages, type PageReads } from './signedInPages.js';

/** Hashed build output: a changed file gets a new name, so a copy may be kept for a year. */
const HASHED_ASSET = 'public, max-age=31536000, immutable';
/** Anything else (index.html, favicon) is asked for again each time (an ETag answers 304). */
const REVALIDATE = 'no-cache';
/** A page rendered with a curator's data is theirs: kept by no cache, not even the browser's. */
const PERSONAL = 'private, no-store';

/**
 * Serves the built client from `webRoot` (dist/web); every other GET answers its index.html,
 * with module preloads of the JavaScript the URL's screen needs first (routePreloads.ts).
 * The build writes .br and .gz copies beside each text file (web/vite.config.ts), sent as
 * they are to a browser that accepts them. A signed-in curator's home, Playlists, a playlist,
 * Messenger and Song Swaps come with their screen rendered for them (signedInPages.ts).
 */
export async function registerSinglePageApp(
  app: FastifyInstance,
  webRoot: string,
  pageReads: PageReads,
): Promise<void> {
  const indexPath = join(webRoot, 'index.html');
  const hasClient = existsSync(indexPath);
  if (hasClient) {
    const assetsFolder = join(webRoot, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Off: @fastify/send would otherwise write its own cache-control (max-age=0) over ours.
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', path.startsWith(assetsFolder) ? HASHED_ASSET : REVALIDATE);
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  const indexHtml = hasClient ? readFileSync(indexPath, 'utf8') : '';
  const warn = (message: string) => app.log.warn(message);
  const preloads = hasClient ? readRoutePreloads(webRoot, warn) : undefined;
  const pageFor = preloads ? indexPages(webRoot, indexHtml, warn, preloads) : undefined;
  const signedInPageFor = preloads
    ? signedInPages(webRoot, indexHtml, pageReads, screenChunks(preloads), (message, err) =>
        app.log.warn({ err }, message),
      )
    : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    // A missing script must not answer index.html (the browser would report a MIME error).
    const isAsset = request.url.startsWith('/assets/');
    if (
      request.url.startsWith('/api/') ||
      request.url === '/api' ||
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      isAsset
    ) {
      const error = apiNotFound();
      return reply.status(404).send(error.toBody());
    }
    if (!pageFor) {
      return reply
        .status(404)
        .type('text/plain')
        .send(
          'The web client is not built. Run `npm run build`, or `npm run dev` for development.',
        );
    }
    const signedInPage = await signedInPageFor?.(request, request.url);
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', signedInPage ? PERSONAL : REVALIDATE);
    if (signedInPage instanceof Readable) return sendInParts(request, reply, signedInPage);
    return reply.send(signedInPage ?? pageFor(request.url));
  });
}
