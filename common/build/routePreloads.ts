/**
 * What the client's build tells the server about each route's first JavaScript
 * (docs/ARCHITECTURE.md, "Route preloads"): written into dist/web by
 * web/build/routePreloads.ts, read once at start by server/http/routePreloads.ts, which adds
 * a `<link rel="modulepreload">` to index.html for each file listed for the requested route.
 */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * The id of the JSON data block (an array of URLs) in which a page the server rendered for a
 * signed-in curator lists its screen's chunks, as `routes` has them: such a page has no
 * preloads in its head (scripts asked before the first paint would hold it back), and the
 * entry preloads these a few at a time once the page is painted (web/src/app/routeChunks.ts),
 * where the module loader would start them all in one task.
 */
export const ROUTE_CHUNKS_ID = 'route-chunks';

export interface RoutePreloads {
  /**
   * URLs of the app chunk (web/src/app/start.tsx) and the chunks it imports statically,
   * without those index.html loads already (the entry's): preloaded on every page.
   */
  app: string[];
  /**
   * Per path pattern of the router (React Router's syntax, e.g.
   * '/playlists/:accountId/:playlistId'): the URLs of the route's screen chunk and the chunks
   * it imports statically, without the entry's and the app's.
   */
  routes: Record<string, string[]>;
}
