// Initial JavaScript of the signed-in home screen, gzipped: what index.html loads before the
// first paint (entry and module preloads). Budget: 120 KiB; the build
// itself fails above it (web/build/entryBudget.ts). Run after `npm run build:web`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = 'dist/web';
const html = readFileSync(join(root, 'index.html'), 'utf8');
const scripts = [
  ...html.matchAll(
    /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.m?js)"/g,
  ),
].map((m) => m[1]);
let total = 0;
for (const src of new Set(scripts)) {
  const size = gzipSync(readFileSync(join(root, src.replace(/^\//, '')))).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KiB  ${src}`);
}
const budget = 120 * 1024;
console.log(
  `${(total / 1024).toFixed(1).padStart(7)} KiB  initial JavaScript (gzip); budget 120 KiB: ${total <= budget ? 'within' : 'OVER'} (${((total / budget) * 100).toFixed(0)}%)`,
);
