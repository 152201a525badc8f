import { gzipSync } from 'node:zlib';

/**
 * The signed-in home's first JavaScript: what index.html loads before anything is painted
 * (its module scripts and module preloads), gzipped. The build fails above the budget
 * (web/vite.config.ts), so a change that pulls screen code, zod or a large
 * library into the entry is caught where it is made. bench/bundle-size.mjs prints the same.
 */
export const ENTRY_BUDGET_BYTES = 120 * 1024;

/** The scripts index.html loads at once: module scripts and module preloads, in order. */
export function initialScripts(html: string): string[] {
  const found = html.matchAll(
    /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.m?js)"/g,
  );
  return [...new Set([...found].map((match) => match[1]!))];
}

export interface EntrySize {
  files: { src: string; gzipBytes: number }[];
  totalGzipBytes: number;
  withinBudget: boolean;
}

/** Sizes the initial scripts of `html`; `read` gives a script's bytes from its src. */
export function entrySize(html: string, read: (src: string) => Uint8Array): EntrySize {
  const files = initialScripts(html).map((src) => ({
    src,
    gzipBytes: gzipSync(read(src)).length,
  }));
  const totalGzipBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  return { files, totalGzipBytes, withinBudget: totalGzipBytes <= ENTRY_BUDGET_BYTES };
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
