import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../common/build/routePreloads.js';
import { routeMatcher } from './routeMatcher.js';

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
 * Without the file (a build older than it) or with one that cannot be read, every URL gets
 * index.html as it is: the preloads only save time.
 */
export function indexPages(
  webRoot: string,
  indexHtml: string,
  warn: (message: string) => void,
): (url: string) => string {
  const path = join(webRoot, ROUTE_PRELOADS_FILE);
  if (!existsSync(path)) return () => indexHtml;
  let preloads: RoutePreloads;
  try {
    preloads = routePreloadsFile.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch (error) {
    warn(`${path} is unreadable, index.html goes without route preloads: ${String(error)}`);
    return () => indexHtml;
  }
  return pagesFor(indexHtml, preloads);
}

/** The pages of indexPages, from route preloads already read. */
export function pagesFor(indexHtml: string, preloads: RoutePreloads): (url: string) => string {
  const page = (urls: readonly string[]) => withPreloads(indexHtml, [...new Set(urls)]);
  const appOnly = page(preloads.app);
  const pages = new Map(
    Object.entries(preloads.routes).map(([pattern, urls]) => [
      pattern,
      page([...preloads.app, ...urls]),
    ]),
  );
  const match = routeMatcher([...pages.keys()]);
  return (url) => {
    const pattern = match(url.split(/[?#]/, 1)[0]!);
    return (pattern && pages.get(pattern)) ?? appOnly;
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
