import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import type { Startup } from '../../common/api/user.js';
import {
  SIGNED_IN_RENDERED_PATHS,
  SIGNED_IN_RENDERER,
  STARTUP_ANSWER_ID,
  type PrerenderedScreen,
} from '../../common/build/prerenderedScreens.js';
import { withRootContent } from './prerenderedScreens.js';

type RenderSignedIn = (path: string, startup: Startup) => Promise<PrerenderedScreen | null>;

/** What a signed-in page needs from the rest of the server: the request's start-up answer. */
export type StartupOf = (request: FastifyRequest) => Promise<Startup>;

const RENDERED_PATHS: ReadonlySet<string> = new Set(SIGNED_IN_RENDERED_PATHS);

/**
 * The pages of a signed-in curator's screens that show nothing but the start-up call's answer
 * (SIGNED_IN_RENDERED_PATHS: the home), rendered on the server with that answer, so that the
 * browser paints the screen itself before any script has run, as it does a prerendered
 * signed-out screen (docs/ARCHITECTURE.md, "Signed-in pages rendered on the server"). The app
 * takes the page over the same way.
 *
 * Answers undefined, and the caller sends the page it would have sent (the boot screen), for
 * any other path, a path with a query, a visitor who is not signed in, a build without the
 * renderer (dist/web-render), and a read or render that fails (which is logged): the page
 * is still served while the database is away. The renderer (the
 * app's code for Node, about 60 ms to load) is loaded on the first such page, not at start.
 * The page also carries the start-up answer it was rendered with (withStartupAnswer), so the
 * app does not ask for it again.
 */
export function signedInPages(
  webRoot: string,
  indexHtml: string,
  startupOf: StartupOf,
  warn: (message: string, error?: unknown) => void,
): (request: FastifyRequest, url: string) => Promise<string | undefined> {
  const file = join(webRoot, '..', SIGNED_IN_RENDERER.folder, `${SIGNED_IN_RENDERER.name}.js`);
  let renderer: Promise<RenderSignedIn> | undefined;
  const render: RenderSignedIn = (path, startup) => {
    renderer ??= import(pathToFileURL(file).href).then(
      (module: { renderSignedIn: RenderSignedIn }) => module.renderSignedIn,
    );
    return renderer.then((renderSignedIn) => renderSignedIn(path, startup));
  };
  if (!existsSync(file)) return async () => undefined;

  return async (request, url) => {
    if (!RENDERED_PATHS.has(url)) return undefined;
    try {
      const startup = await startupOf(request);
      if (!startup.user) return undefined;
      const screen = await render(url, startup);
      return screen ? withStartupAnswer(withRootContent(indexHtml, screen), startup) : undefined;
    } catch (error) {
      renderer = undefined; // loaded again next time, in case the load itself failed
      warn(
        `${url} could not be rendered for a signed-in curator, sent with the boot screen`,
        error,
      );
      return undefined;
    }
  };
}

/**
 * The page with `startup` in a JSON data block before its `</body>` (STARTUP_ANSWER_ID), which
 * the entry takes as its start-up call's answer (web/src/shared/api/entryPrefetch.ts). A data
 * block is never run; `<` is written as \u003c, so no text in the answer (a name such as
 * `</script>`) can end the block.
 */
export function withStartupAnswer(page: string, startup: Startup): string {
  const end = page.lastIndexOf('</body>');
  if (end < 0) return page;
  const json = JSON.stringify(startup).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${STARTUP_ANSWER_ID}">${json}</script>\n`;
  return page.slice(0, end) + block + page.slice(end);
}
