import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../common/build/routePreloads.ts';
import { routeScreens } from './routeScreens.ts';

/** What the preloads need of a chunk of the bundle (Rolldown's OutputChunk has it all). */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: readonly string[];
  /** File names of the chunks it imports statically. */
  imports: readonly string[];
}

/**
 * The route preloads of a bundle (common/build/routePreloads.ts): the app chunk (the module
 * `appModule`) with its static imports, and per route its screen's chunk with its static
 * imports, each without what comes before it (index.html's entry and its imports, then the
 * app's), as URLs under `base`. Throws when a screen is in no chunk.
 */
export function routePreloads(
  chunks: readonly BuiltChunk[],
  appModule: string,
  screens: readonly { path: string; moduleId: string }[],
  base = '/',
): RoutePreloads {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  /** The chunk, then what it imports statically, depth first, each once. */
  const withImports = (fileName: string, into = new Set<string>()): Set<string> => {
    if (into.has(fileName)) return into;
    into.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) withImports(imported, into);
    return into;
  };
  const chunkOf = (moduleId: string, what: string): string => {
    const chunk =
      chunks.find((c) => c.facadeModuleId === moduleId) ??
      chunks.find((c) => c.moduleIds.includes(moduleId));
    if (!chunk) throw new Error(`${what} (${moduleId}) is in no chunk of the build`);
    return chunk.fileName;
  };

  const loaded = new Set<string>();
  for (const entry of chunks.filter((chunk) => chunk.isEntry)) withImports(entry.fileName, loaded);
  const app = [...withImports(chunkOf(appModule, 'the app chunk'))].filter((f) => !loaded.has(f));
  const before = new Set([...loaded, ...app]);
  const url = (fileName: string) => `${base}${fileName}`;

  const routes: Record<string, string[]> = {};
  for (const { path, moduleId } of screens) {
    if (path in routes) throw new Error(`the router declares ${path} twice`);
    const files = withImports(chunkOf(moduleId, `the screen of ${path}`));
    routes[path] = [...files].filter((f) => !before.has(f)).map(url);
  }
  return { app: app.map(url), routes };
}

/**
 * Writes dist/web/route-preloads.json: the route preloads of `router`'s screens
 * (routeScreens.ts) and of the app chunk `app` (both relative to the Vite root), for the
 * server to preload each route's first JavaScript (docs/ARCHITECTURE.md, "Route preloads").
 */
export function routePreloadsFile({ router, app }: { router: string; app: string }): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'curator-route-preloads',
    apply: 'build',
    configResolved: (config) => {
      root = config.root;
      base = config.base;
    },
    async generateBundle(_options, bundle) {
      const routerFile = resolve(root, router);
      const resolveId = async (module: string) => {
        const resolved = await this.resolve(module, routerFile);
        if (!resolved) this.error(`${router}: cannot resolve ${module}`);
        return resolved.id;
      };
      const screens = await Promise.all(
        routeScreens(readFileSync(routerFile, 'utf8'), router).map(async ({ path, module }) => ({
          path,
          moduleId: await resolveId(module),
        })),
      );
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const preloads = routePreloads(chunks, await resolveId(resolve(root, app)), screens, base);
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
  };
}
