// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { startStepChunks, stepChunkOfModules, type ModuleGraphNode } from './startChunks';

// main.tsx imports a timeout helper and, dynamically, react-dom/client, the store and start.
// react-dom/client -> react; the store -> redux, the timeout helper; start -> the router,
// react, redux, a layout -> a button; start imports a screen dynamically: screen -> button, table.
const modules: Record<string, Partial<ModuleGraphNode>> = {
  '/src/main.tsx': {
    importedIds: ['/src/timeout.ts'],
    dynamicallyImportedIds: [
      '/node_modules/react-dom/client.js',
      '/src/app/store.ts',
      '/src/app/start.tsx',
    ],
  },
  '/src/timeout.ts': {},
  '/node_modules/react-dom/client.js': { importedIds: ['/node_modules/react/index.js'] },
  '/node_modules/react/index.js': {},
  '/src/app/store.ts': { importedIds: ['/node_modules/redux/index.js', '/src/timeout.ts'] },
  '/node_modules/redux/index.js': {},
  '/src/app/start.tsx': {
    importedIds: [
      '/node_modules/router/index.js',
      '/node_modules/react/index.js',
      '/node_modules/redux/index.js',
      '/src/app/Layout.tsx',
    ],
    dynamicallyImportedIds: ['/src/Screen.tsx'],
  },
  '/node_modules/router/index.js': { importedIds: ['/node_modules/react/index.js'] },
  '/src/app/Layout.tsx': { importedIds: ['/src/Button.tsx'] },
  '/src/Button.tsx': {},
  '/src/Screen.tsx': { importedIds: ['/src/Button.tsx', '/src/Table.tsx'] },
  '/src/Table.tsx': {},
};
const graph = (id: string): ModuleGraphNode | null =>
  id in modules ? { importedIds: [], dynamicallyImportedIds: [], ...modules[id] } : null;

const steps = [
  { chunk: 'react-dom', module: '/react-dom/client.js' },
  { chunk: 'store', module: '/src/app/store.ts' },
  { chunk: 'app', module: '/src/app/start.tsx' },
];

describe("the chunks of the app's start", () => {
  it('gives each step the modules it reaches first, leaving the entry and the screens alone', () => {
    expect(Object.fromEntries(stepChunkOfModules(graph, '/src/main.tsx', steps))).toEqual({
      '/node_modules/react-dom/client.js': 'react-dom',
      '/node_modules/react/index.js': 'react-dom',
      '/src/app/store.ts': 'store',
      '/node_modules/redux/index.js': 'store',
      '/src/app/start.tsx': 'app',
      '/node_modules/router/index.js': 'app',
      '/src/app/Layout.tsx': 'app',
      '/src/Button.tsx': 'app',
    });
  });

  it("answers Rolldown's name function from the graph it is given, once per build", () => {
    let reads = 0;
    const name = startStepChunks('/src/main.tsx', steps);
    const ctx = {
      getModuleInfo(id: string) {
        reads += 1;
        return graph(id);
      },
    };
    expect(name('/node_modules/redux/index.js', ctx)).toBe('store');
    const readsForThePlan = reads;
    expect(name('/src/Table.tsx', ctx)).toBeNull();
    expect(name('/src/timeout.ts', ctx)).toBeNull();
    expect(reads).toBe(readsForThePlan);
  });

  it('fails the build when the entry does not import a step', () => {
    const missing = [...steps, { chunk: 'extra', module: '/src/app/missing.ts' }];
    expect(() => stepChunkOfModules(graph, '/src/main.tsx', missing)).toThrow(
      /does not import \/src\/app\/missing\.ts dynamically/,
    );
  });
});
