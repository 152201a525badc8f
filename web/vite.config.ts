import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss(), productNameInHtml()],
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
      '/events.io': { target: apiServer, ws: true },
    },
  },
});
