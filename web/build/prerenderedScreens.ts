import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import {
  PRERENDERED_FILE,
  SIGNED_IN_RENDERER,
  type PrerenderedScreens,
} from '../../common/build/prerenderedScreens.ts';

/**
 * Writes dist/web/prerendered.json (common/build/prerenderedScreens.ts): the screens a
 * signed-out visitor sees first, as HTML, so that the server can send them inside the page
 * and the browser paints them before any script has run. The screens are rendered by the
 * app's own routes and components (`entries.prerender`), built for Node beside the client's
 * build. The same build makes the signed-in screens' renderer (`entries.signedIn`), which
 * stays in dist/web-render (SIGNED_IN_RENDERER) for the server to run when such a page is
 * asked for; it is outside dist/web, which is served as it is.
 */
export function prerenderedScreensFile(entries: { prerender: string; signedIn: string }): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'curator-prerendered-screens',
    apply: 'build',
    configResolved: (config) => {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: async () => {
      // Inside the project (dist/), so that the built modules find the packages in node_modules.
      const serverBuild = resolve(outDir, '..', SIGNED_IN_RENDERER.folder);
      await build({
        configFile: false,
        root,
        mode: 'production',
        logLevel: 'warn',
        plugins: [react()],
        build: {
          ssr: true,
          rolldownOptions: {
            input: {
              prerenderScreens: entries.prerender,
              [SIGNED_IN_RENDERER.name]: entries.signedIn,
            },
          },
          outDir: serverBuild,
          emptyOutDir: true,
          copyPublicDir: false,
          minify: false,
        },
      });
      const module = (await import(
        pathToFileURL(join(serverBuild, 'prerenderScreens.js')).href
      )) as {
        prerenderScreens(): Promise<PrerenderedScreens>;
      };
      const screens = await module.prerenderScreens();
      const safe = Object.fromEntries(
        Object.entries(screens).map(([path, screen]) => [
          path,
          { ...screen, html: withoutFieldNames(screen.html) },
        ]),
      );
      writeFileSync(join(outDir, PRERENDERED_FILE), JSON.stringify(safe));
    },
  };
}

/**
 * The markup without the `name` attributes of its form fields. Before the app has taken the
 * screen over, pressing Enter in a field submits the form natively, as a GET of the page's
 * own URL with every named field in the query: a password would end up in the address bar,
 * the history and the server's log. Without names nothing is sent. (The fields keep their
 * id and autocomplete attributes, which is what password managers fill by.)
 */
export function withoutFieldNames(html: string): string {
  return html.replace(/<(input|select|textarea)\b[^>]*>/g, (tag) =>
    tag.replace(/\sname="[^"]*"/g, ''),
  );
}
