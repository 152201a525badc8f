import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchRoutes } from 'react-router';
import { z } from 'zod';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../common/build/routePreloads.js';
import type { PrerenderedScreens } from '../../common/build/prerenderedScreens.js';
import { readPrerenderedScreens, withRootContent } from './prerenderedScreens.js';

const assetUrl = z.string().regex(/^\/[^\s"'<>]*$/);
const routePreloadsFile = z.object({
  app: z.array(assetUrl),
  routes: z.record(z.string(), z.array(assetUrl)),
});

/**
 * The index.html to answer for a URL: with a `<link rel="modulepreload">` for the app chunk
 * and the chunks of the screen the URL shows, as the build listed them in
 * route-preloads.json (common/build/routePreloads.ts; docs/ARCHITECTURE.md, "Route preloads"),
 * so the browser fetches them beside the entry instead of one after the other. A URL no route
 * matches gets the app chunk's. Every page is made here, once; a request costs a lookup.
 *
 * Without route preloads (readRoutePreloads), every URL gets index.html as it is.
 *
 * A screen the build rendered to HTML (prerenderedScreens.ts) is put into its page's root in
 * place of the boot screen, for its path without a query, and that page has no preloads.
 */
export function indexPages(
  webRoot: string,
  indexHtml: string,
  warn: (message: string) => void,
  preloads = readRoutePreloads(webRoot, warn),
): (url: string) => string {
  return pagesFor(indexHtml, preloads, readPrerenderedScreens(webRoot, warn));
}

/**
 * The build's route preloads (route-preloads.json), read once at start; none without the file
 * (a build older than it) or with one that cannot be read: the preloads only save time.
 */
export function readRoutePreloads(webRoot: string, warn: (message: string) => void): RoutePreloads {
  const none = { app: [], routes: {} };
  const path = join(webRoot, ROUTE_PRELOADS_FILE);
  if (!existsSync(path)) return none;
  try {
    return routePreloadsFile.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch (error) {
    warn(`${path} is unreadable, index.html goes without route preloads: ${String(error)}`);
    return none;
  }
}

/**
 * The chunks of the screen a path shows (its route's, as the build listed them); none for a
 * path no route matches.
 */
export function screenChunks(preloads: RoutePreloads): (path: string) => readonly string[] {
  const match = patternMatcher(Object.keys(preloads.routes));
  return (path) => {
    const pattern = match(path);
    return (pattern && preloads.routes[pattern]) || [];
  };
}

/** The pages of indexPages, from route preloads and prerendered screens already read. */
export function pagesFor(
  indexHtml: string,
  preloads: RoutePreloads,
  prerendered: PrerenderedScreens = {},
): (url: string) => string {
  const page = (urls: readonly string[]) => withPreloads(indexHtml, [...new Set(urls)]);
  const appOnly = page(preloads.app);
  const pages = new Map(
    Object.entries(preloads.routes).map(([pattern, urls]) => [
      pattern,
      page([...preloads.app, ...urls]),
    ]),
  );
  const match = patternMatcher([...pages.keys()]);
  const routePage = (path: string) => {
    const pattern = match(path);
    return (pattern && pages.get(pattern)) ?? appOnly;
  };
  // Without preloads: a prerendered page needs no script for its first view, and the app's
  // chunks would share the network with its stylesheet before the first paint (main.tsx asks
  // for them once it is painted).
  const prerenderedPages = new Map(
    Object.entries(prerendered).map(([path, screen]) => [path, withRootContent(indexHtml, screen)]),
  );
  return (url) => {
    const [path = url, query] = url.split('?', 2);
    return (query === undefined && prerenderedPages.get(path)) || routePage(path.split('#', 1)[0]!);
  };
}

/**
 * index.html with a module preload for each URL, at the end of its head. They are fetched at
 * low priority: after the stylesheet, which the boot screen in index.html waits for, and
 * beside the small entry, which runs the app only once that screen is painted (main.tsx).
 */
function withPreloads(indexHtml: string, urls: readonly string[]): string {
  const end = indexHtml.indexOf('</head>');
  if (end < 0 || urls.length === 0) return indexHtml;
  const links = urls.map(
    (href) => `  <link rel="modulepreload" fetchpriority="low" crossorigin href="${href}">\n  `,
  );
  return `${indexHtml.slice(0, end)}${links.join('')}${indexHtml.slice(end)}`;
}

/**
 * Which of the client router's path patterns a URL path is, as the client's router picks it:
 * React Router's own matchRoutes over routes of those paths (its ranking, its case rules).
 */
function patternMatcher(patterns: readonly string[]): (pathname: string) => string | undefined {
  const routes = patterns.map((path) => ({ path }));
  return (pathname) => matchRoutes(routes, pathname)?.[0]?.route.path;
}
