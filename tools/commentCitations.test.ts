import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Comments and the folders' READMEs state a rule itself, or point to the doc in docs/ that
 * holds it: never a section of the product specification or an issue number, which live
 * outside the repository and say nothing to a reader of the code.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const SELF = fileURLToPath(import.meta.url);
const FOLDERS = ['server', 'web', 'common', 'standins', 'tools', 'e2e', 'bench'];
const SCANNED = /\.(ts|tsx|mts|mjs|js|cjs|css|html|md)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report']);
// Built from parts, so this file does not name what it refuses.
const CITATION = new RegExp(
  ['spec(ification)? (section|§)', 'issue #?[0-9]+', 'spec sections? [0-9]'].join('|'),
  'i',
);

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) {
        yield* sourceFiles(join(dir, entry.name));
      }
    } else if (SCANNED.test(entry.name) && join(dir, entry.name) !== SELF) {
      yield join(dir, entry.name);
    }
  }
}

describe('comments cite rules, not places outside the repository', () => {
  it('no source file or README cites a spec section or an issue by number', () => {
    const found: string[] = [];
    for (const folder of FOLDERS) {
      for (const file of sourceFiles(join(root, folder))) {
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, index) => {
            if (CITATION.test(line)) {
              found.push(`${relative(root, file)}:${index + 1}: ${line.trim()}`);
            }
          });
      }
    }
    expect(
      found,
      'State the rule itself (or link the doc in docs/ that holds it) instead of the section or issue number',
    ).toEqual([]);
  });
});
