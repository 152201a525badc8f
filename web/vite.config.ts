import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { entrySize, kib, ENTRY_BUDGET_BYTES } from './build/entryBudget.ts';
import { serverRendererBuild } from './build/serverRenderer.ts';
import { PRODUCT_NAME } from './src/shared/lib/product.ts';
import { APP_MODULES_ID } from './src/shared/lib/appModules.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const apiServer = 'http://127.0.0.1:3000';

/** Puts the product name into index.html, so it is written in one place only. */
function productNameInHtml(): Plugin {
  return {
    name: 'curator-product-name',
    transformIndexHtml: (html) => html.replaceAll('%PRODUCT_NAME%', PRODUCT_NAME),
  };
}

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the
 * highest levels (done once, at build time), for the server's pre-compressed static files.
 */
function precompressedCopies(): Plugin {
  let outDir = '';
  return {
    name: 'curator-precompressed-copies',
    apply: 'build',
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: () => {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' });
      for (const file of files.filter((name) => COMPRESSIBLE.test(name))) {
        const path = join(outDir, file);
        const content = readFileSync(path);
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${path}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}

/**
 * Fails the build when the JavaScript index.html loads before the first paint is over its
 * budget (build/entryBudget.ts): screen code and large libraries belong in lazy chunks.
 */
function entryBudget(): Plugin {
  let outDir = '';
  return {
    name: 'curator-entry-budget',
    apply: 'build',
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: () => {
      const html = readFileSync(join(outDir, 'index.html'), 'utf8');
      const size = entrySize(html, (src) => readFileSync(join(outDir, src.replace(/^\//, ''))));
      const list = size.files.map((file) => `  ${kib(file.gzipBytes)}  ${file.src}`).join('\n');
      const summary = `initial JavaScript ${kib(size.totalGzipBytes)} gzip (budget ${kib(ENTRY_BUDGET_BYTES)})`;
      if (!size.withinBudget) throw new Error(`${summary}: over budget\n${list}`);
      console.log(`${summary}\n${list}`);
    },
  };
}

/**
 * The list of chunks the app's start-up module (src/app/start.tsx) imports, written into
 * index.html as a JSON data block (APP_MODULES_ID). The entry preloads them all once the page is
 * painted and then runs them in parts (src/main.tsx): no request waits for another, and none
 * competes with the stylesheet before the first paint (a module preload in the head delayed it
 * by a second on slow 4G).
 */
function appModuleList(): Plugin {
  return {
    name: 'curator-app-module-list',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) => {
        const bundle = context.bundle ?? {};
        const start = Object.values(bundle).find(
          (output): output is Rollup.OutputChunk =>
            output.type === 'chunk' &&
            Boolean(output.facadeModuleId?.endsWith('/src/app/start.tsx')),
        );
        if (!start) throw new Error('the build has no chunk for src/app/start.tsx');
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          const chunk = bundle[fileName] as Rollup.OutputChunk | undefined;
          for (const imported of chunk?.imports ?? []) visit(imported);
        };
        visit(start.fileName);
        const loaded = new Set([context.chunk?.fileName, ...(context.chunk?.imports ?? [])]);
        const modules = [...files].filter((file) => !loaded.has(file)).map((file) => `/${file}`);
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: APP_MODULES_ID },
            children: JSON.stringify(modules),
            injectTo: 'head' as const,
          },
        ];
      },
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    tailwindcss(),
    productNameInHtml(),
    appModuleList(),
    // dist/web-render: the app built for Node, which renders each page on the server.
    serverRendererBuild('src/app/renderPage.tsx'),
    precompressedCopies(),
    entryBudget(),
  ],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiServer },
      '/dev': { target: apiServer },
      '/unsubscribe': { target: apiServer },
      '/events.io': { target: apiServer, ws: true },
    },
  },
});
