import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { entrySize, kib, ENTRY_BUDGET_BYTES } from './build/entryBudget.ts';
import { serverRendererBuild } from './build/serverRenderer.ts';
import { PRODUCT_NAME } from './src/shared/lib/product.ts';

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

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    tailwindcss(),
    productNameInHtml(),
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
