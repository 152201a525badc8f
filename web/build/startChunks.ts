/** What the chunking needs of a module (Rolldown's ModuleInfo has it all). */
export interface ModuleGraphNode {
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}

export type ModuleGraph = (moduleId: string) => ModuleGraphNode | null;

/** One step of the app's start: a chunk name and the module the entry imports for it. */
export interface StartStep {
  chunk: string;
  /** The module's id, or the end of it (`/react-dom/client.js`). */
  module: string;
}

/**
 * Code-splitting chunk names for the app's start (docs/ARCHITECTURE.md, "First load"). The
 * entry evaluates the app in steps (main.tsx: React DOM, the API, the store, then the rest); a
 * step's chunk holds the modules that step reaches by static imports and that neither the
 * entry nor an earlier step reaches. Without it, Rolldown splits the same code by which
 * dynamic imports share each module: twenty-odd chunks, many under 1 KiB, each a request
 * before the first screen (six at a time over HTTP/1.1).
 *
 * Answers a group's `name` function: a module's step chunk, or null for a module no step
 * reaches first (the entry's own, the screens'). The steps are worked out once per build, on
 * the first call, from the module graph.
 */
export function startStepChunks(
  entry: string,
  steps: readonly StartStep[],
): (moduleId: string, ctx: { getModuleInfo: ModuleGraph }) => string | null {
  let chunkOf: Map<string, string> | undefined;
  return (moduleId, ctx) => {
    // getModuleInfo is a method of Rolldown's context: called on it, never detached.
    chunkOf ??= stepChunkOfModules((id) => ctx.getModuleInfo(id), entry, steps);
    return chunkOf.get(moduleId) ?? null;
  };
}

/** The step chunk of each module a step reaches first (see startStepChunks). */
export function stepChunkOfModules(
  graph: ModuleGraph,
  entry: string,
  steps: readonly StartStep[],
): Map<string, string> {
  // What the entry or an earlier step reaches: the modules already evaluated.
  const evaluated = new Set<string>();
  reachable(graph, [entry], evaluated);
  const chunkOf = new Map<string, string>();
  for (const step of steps) {
    const root = findModule(graph, entry, step.module);
    for (const id of reachable(graph, [root], evaluated)) chunkOf.set(id, step.chunk);
  }
  return chunkOf;
}

/** The modules reachable from `roots` by static imports and not in `known`, added to it. */
function reachable(graph: ModuleGraph, roots: readonly string[], known: Set<string>): string[] {
  const found: string[] = [];
  const queue = roots.filter((root) => !known.has(root));
  for (const root of queue) known.add(root);
  while (queue.length > 0) {
    const id = queue.pop()!;
    found.push(id);
    for (const imported of graph(id)?.importedIds ?? []) {
      if (known.has(imported)) continue;
      known.add(imported);
      queue.push(imported);
    }
  }
  return found;
}

/** The id of a module the entry imports dynamically whose id is or ends with `module`. */
function findModule(graph: ModuleGraph, entry: string, module: string): string {
  const info = graph(entry);
  if (!info) throw new Error(`the start chunks: no module ${entry} in the build`);
  const found = info.dynamicallyImportedIds.find((id) => id === module || id.endsWith(module));
  if (!found) throw new Error(`the start chunks: ${entry} does not import ${module} dynamically`);
  return found;
}
