import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { SERVER_RENDERER } from '../../common/build/serverRenderer.ts';

/**
 * Builds `entry` (the page renderer, src/app/renderPage.tsx) for Node beside the client's
 * build, into dist/web-render (SERVER_RENDERER), where the server imports it to render pages.
 * Inside the project, so that the built module finds the packages in node_modules.
 */
export function serverRendererBuild(entry: string): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'curator-server-renderer',
    apply: 'build',
    configResolved: (config) => {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir, '..', SERVER_RENDERER.folder);
    },
    closeBundle: async () => {
      await build({
        configFile: false,
        root,
        mode: 'production',
        logLevel: 'warn',
        plugins: [react()],
        build: {
          ssr: true,
          rolldownOptions: { input: { [SERVER_RENDERER.name]: entry } },
          outDir,
          emptyOutDir: true,
          copyPublicDir: false,
          minify: false,
        },
      });
    },
  };
}
