import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { areaGraphMarkdown, DOC_PATH, graphInDoc, normalizedTable } from './architectureGraph.js';

/** The area graph in docs/ARCHITECTURE.md is the one the imports make. */
const root = fileURLToPath(new URL('..', import.meta.url));

describe('the area graph in docs/ARCHITECTURE.md', () => {
  it('is the one read from the imports', () => {
    const doc = readFileSync(join(root, DOC_PATH), 'utf8');
    expect(
      normalizedTable(graphInDoc(doc)),
      `${DOC_PATH} no longer shows how the areas import each other: run \`npm run docs:graph\``,
    ).toBe(normalizedTable(areaGraphMarkdown(root)));
  });

  it('knows an area that uses another through its entry', () => {
    const songs = areaGraphMarkdown(root)
      .split('\n')
      .find((row) => row.startsWith('| `trades`'));
    expect(songs).toContain('`songs`');
  });
});
