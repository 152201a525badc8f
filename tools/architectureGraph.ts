/**
 * The area graph of docs/ARCHITECTURE.md, read from the imports: which server areas each
 * area imports (always through the other's index.ts) and which contract folders of
 * common/api it uses. `npm run docs:graph` writes it between the markers of the doc;
 * tools/architectureGraph.test.ts fails when the doc and the code differ.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const GRAPH_START = '<!-- area-graph:start (npm run docs:graph writes this) -->';
export const GRAPH_END = '<!-- area-graph:end -->';
export const DOC_PATH = 'docs/ARCHITECTURE.md';

const SPECIFIER = /(?:from\s+|import\s*\(\s*)'([^']+)'/g;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) yield path;
  }
}

/** The folder under `base` (one level) that `path` lies in, or undefined. */
function folderUnder(base: string, path: string): string | undefined {
  const inside = relative(base, path);
  if (inside.startsWith('..') || !inside.includes(sep)) return undefined;
  return inside.split(sep)[0];
}

export interface AreaImports {
  areas: Set<string>;
  contracts: Set<string>;
}

/** Per server area (non-test files): the other areas and the common/api folders it imports. */
export function areaImports(root: string): Map<string, AreaImports> {
  const areasDir = join(root, 'server', 'areas');
  const apiDir = join(root, 'common', 'api');
  const graph = new Map<string, AreaImports>();
  for (const area of readdirSync(areasDir).sort()) {
    const uses: AreaImports = { areas: new Set(), contracts: new Set() };
    for (const file of sourceFiles(join(areasDir, area))) {
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
        if (!specifier!.startsWith('.')) continue;
        const target = resolve(dirname(file), specifier!);
        const otherArea = folderUnder(areasDir, target);
        if (otherArea !== undefined && otherArea !== area) uses.areas.add(otherArea);
        const contract = folderUnder(apiDir, target);
        if (contract !== undefined) uses.contracts.add(contract);
      }
    }
    graph.set(area, uses);
  }
  return graph;
}

const list = (names: Set<string>) =>
  names.size === 0
    ? '—'
    : [...names]
        .sort()
        .map((name) => `\`${name}\``)
        .join(', ');

/** The Markdown table that goes between the markers. */
export function areaGraphMarkdown(root: string): string {
  const rows = [...areaImports(root)].map(
    ([area, uses]) => `| \`${area}\` | ${list(uses.areas)} | ${list(uses.contracts)} |`,
  );
  const header = [
    '| area (`server/areas/`) | imports areas (their `index.ts`) | uses contracts of `common/api/` |',
    '| --- | --- | --- |',
  ];
  return [...header, ...rows].join('\n');
}

/** The doc with the graph between its markers replaced by `graph`. */
export function withGraph(doc: string, graph: string): string {
  const start = doc.indexOf(GRAPH_START);
  const end = doc.indexOf(GRAPH_END);
  if (start < 0 || end < start) throw new Error(`${DOC_PATH} lacks the area-graph markers`);
  return `${doc.slice(0, start + GRAPH_START.length)}\n\n${graph}\n\n${doc.slice(end)}`;
}

/** A table as Markdown means it: Prettier's alignment of the columns aside. */
export function normalizedTable(table: string): string {
  return table
    .split('\n')
    .map((line) => line.replace(/\s+/g, '').replace(/-+/g, '-'))
    .filter((line) => line !== '')
    .join('\n');
}

/** The graph between the doc's markers, as the doc has it. */
export function graphInDoc(doc: string): string {
  const start = doc.indexOf(GRAPH_START);
  const end = doc.indexOf(GRAPH_END);
  if (start < 0 || end < start) throw new Error(`${DOC_PATH} lacks the area-graph markers`);
  return doc.slice(start + GRAPH_START.length, end).trim();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const docPath = join(root, DOC_PATH);
  const doc = readFileSync(docPath, 'utf8');
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(docPath)) ?? {};
  const written = await prettier.format(withGraph(doc, areaGraphMarkdown(root)), {
    ...options,
    filepath: docPath,
  });
  writeFileSync(docPath, written);
  console.log(`${DOC_PATH}: area graph written`);
}
