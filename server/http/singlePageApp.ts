import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVER_RENDERER } from '../../common/build/serverRenderer.js';
import { apiNotFound } from './errorHandling.js';

/** Hashed build output: a changed file gets a new name, so a copy may be kept for a year. */
const HASHED_ASSET = 'public, max-age=31536000, immutable';
/** Anything else (index.html, favicon) is asked for again each time (an ETag answers 304). */
const REVALIDATE = 'no-cache';
/** A page rendered with a session may hold the curator's data: kept by no cache at all. */
const PERSONAL = 'private, no-store';

/** The page renderer the client's build makes for Node (web/src/app/renderPage.tsx). */
type RenderPage = (
  request: Request,
  serverFetch: typeof fetch,
) => Promise<{ status: number; html: string; title: string; dataJson: string } | Response>;

/**
 * Serves the built client from `webRoot` (dist/web). Every other GET is a page of the app,
 * rendered here by the app's own routes and screens (docs/first-load.md): React Router's
 * static handler runs the routes' loaders (a loader's redirect answers 302), RTK Query's
 * queries ask the API inside this server as the caller (`app.inject` with the request's
 * cookie), and the page carries the store's state and the router's data for the browser to
 * hydrate. The build writes .br and .gz copies beside each text file (web/vite.config.ts), sent
 * as they are to a browser that accepts them.
 *
 * A page that cannot be rendered (a build without the renderer, a render that fails) goes out
 * as index.html with its boot screen, which the app renders over: the page is still served
 * while, say, the database is away. The renderer is loaded on the first page, not at start.
 */
export async function registerSinglePageApp(app: FastifyInstance, webRoot: string): Promise<void> {
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
  const rendererFile = join(webRoot, '..', SERVER_RENDERER.folder, `${SERVER_RENDERER.name}.js`);
  let renderer: Promise<RenderPage> | undefined;
  const renderPage = existsSync(rendererFile)
    ? (request: Request, serverFetch: typeof fetch) => {
        renderer ??= import(pathToFileURL(rendererFile).href).then(
          (module: { renderPage: RenderPage }) => module.renderPage,
        );
        return renderer.then((render) => render(request, serverFetch));
      }
    : undefined;

  // A form of a page submitted before the app has hydrated it (Enter in a field) is posted
  // (the forms say method="post", so no field reaches a URL): its fields are dropped unread.
  app.addContentTypeParser('application/x-www-form-urlencoded', (_request, _body, done) =>
    done(null, undefined),
  );

  const isApiUrl = (url: string) => url.startsWith('/api/') || url === '/api';
  // A missing script must not answer index.html (the browser would report a MIME error).
  const isAssetUrl = (url: string) => url.startsWith('/assets/');

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = isApiUrl(request.url);
    const isAsset = isAssetUrl(request.url);
    if (request.method === 'POST' && !isApi && !isAsset && hasClient) {
      // The page again, as a GET: the form is there to be submitted once the app is.
      return reply.redirect(request.url, 303);
    }
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD') || isAsset) {
      return reply.status(404).send(apiNotFound().toBody());
    }
    return reply
      .status(404)
      .type('text/plain')
      .send('The web client is not built. Run `npm run build`, or `npm run dev` for development.');
  });
  if (!hasClient) return;

  // Pages are a route (not the not-found handler), so @fastify/compress compresses them as it
  // does every other answer: a page is mostly its markup and data block, a quarter of its size
  // compressed.
  app.get('/*', async (request, reply) => {
    // Not a page: answered as an unknown path (metrics count it as unmatched).
    if (isApiUrl(request.url) || isAssetUrl(request.url)) return reply.callNotFound();
    const cookie = request.headers.cookie;
    // The page depends on the session: a cache must not give one visitor's page to another.
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', cookie ? PERSONAL : REVALIDATE)
      .header('vary', 'cookie');
    if (!renderPage) return reply.send(indexHtml);
    try {
      const page = await renderPage(pageRequest(request), (input, init) =>
        answerInside(app, new Request(input, init), cookie),
      );
      if (page instanceof Response) {
        return reply
          .status(page.status)
          .header('location', page.headers.get('location') ?? '/')
          .send();
      }
      return reply.status(page.status).send(pageWith(indexHtml, page));
    } catch (error) {
      renderer = undefined; // loaded again next time, in case the load itself failed
      app.log.warn(
        { err: error },
        `${request.url} could not be rendered, sent with the boot screen`,
      );
      return reply.send(indexHtml);
    }
  });
}

/** The page's request as the renderer takes it: its URL and the caller's cookie. */
function pageRequest(request: FastifyRequest): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  return new Request(url, {
    headers: request.headers.cookie ? { cookie: request.headers.cookie } : {},
  });
}

/**
 * A request of the page's queries, answered by this server's own routes as the caller (their
 * cookie): validation, authorization and rate limits are those of the browser's own request,
 * and no socket or port is involved.
 */
async function answerInside(
  app: FastifyInstance,
  request: Request,
  cookie: string | undefined,
): Promise<Response> {
  const url = new URL(request.url);
  const body = request.method === 'GET' ? undefined : await request.text();
  const answer = await app.inject({
    method: request.method as 'GET' | 'POST',
    url: url.pathname + url.search,
    headers: {
      ...(cookie ? { cookie } : {}),
      accept: 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { payload: body } : {}),
  });
  return new Response(answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload), {
    status: answer.statusCode,
    headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
  });
}

const ROOT = /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/;
const TITLE = /<title>[^<]*<\/title>/;

/** index.html with the rendered screen in its root, its title and its data block. */
function pageWith(indexHtml: string, page: { html: string; title: string; dataJson: string }) {
  return indexHtml
    .replace(TITLE, () => `<title>${escapeText(page.title)}</title>`)
    .replace(
      ROOT,
      (_, end: string) =>
        `<div id="root">${page.html}</div>\n<script type="application/json" id="page-data">${page.dataJson}</script>${end}`,
    );
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
