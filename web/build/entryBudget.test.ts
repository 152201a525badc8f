import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ENTRY_BUDGET_BYTES, entrySize, initialScripts } from './entryBudget';

const html = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-a1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/jsx-runtime-b2.js">
<link rel="stylesheet" crossorigin href="/assets/index-c3.css">
<link rel="icon" type="image/svg+xml" href="/favicon.svg" />
<script type="application/json" id="app-modules">["/assets/start-d4.js","/assets/jsx-runtime-b2.js"]</script>
</head><body><div id="root"></div></body></html>`;

describe('the entry budget', () => {
  it('counts the module scripts, module preloads and app chunks once each, not styles or icons', () => {
    expect(initialScripts(html)).toEqual([
      '/assets/index-a1.js',
      '/assets/jsx-runtime-b2.js',
      '/assets/start-d4.js',
    ]);
  });

  it('passes a start within the budget and fails one above it', () => {
    const small = entrySize(html, () => new TextEncoder().encode('export {};'.repeat(100)));
    expect(small.withinBudget).toBe(true);
    expect(small.files.map((file) => file.src)).toHaveLength(3);

    // Random bytes do not compress: three files of 64 KiB are over the budget together.
    const large = entrySize(html, () => randomBytes(64 * 1024));
    expect(large.totalGzipBytes).toBeGreaterThan(ENTRY_BUDGET_BYTES);
    expect(large.withinBudget).toBe(false);
  });
});
