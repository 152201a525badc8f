import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Top-level folders no server file imports. */
const SERVER_MUST_NOT_IMPORT = ['web', 'tools'];

export default tseslint.config(
  {
    ignores: [
      'dist',
      '.bench-before',
      'data',
      'node_modules',
      'test-results',
      'playwright-report',
      'server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: [
      'server/**/*.ts',
      'standins/**/*.ts',
      'tools/**/*.{ts,mjs}',
      'e2e/**/*.ts',
      'bench/**/*.{ts,mjs}',
      '*.{js,ts}',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The import direction (docs/ARCHITECTURE.md). The web never imports the server and the
  // server never imports the web: both share only common/. Nothing of the product imports
  // tools/ (scripts around it). Stand-ins are part of the server's demo mode, never of the web
  // or common; they copy an outside service, so they import nothing of the product either:
  // what the server's tests share with a stand-in lives in server/test/.
  importBoundaries('web/**/*.{ts,tsx}', ['server', 'tools', 'standins']),
  importBoundaries('common/**/*.ts', ['web', 'server', 'tools', 'standins']),
  importBoundaries('standins/**/*.ts', ['web', 'server', 'common', 'tools']),
  importBoundaries('server/**/*.ts', SERVER_MUST_NOT_IMPORT),
  // Inside the server, its layers (docs/ARCHITECTURE.md, "Layers on the server").
  ...serverLayers(),
  // Inside the client: app -> features -> shared; a feature uses another only through its
  // entry (web/README.md).
  ...webLayers(),
  {
    // No Intl on the client (docs/decisions.md): a page's first collation or locale format
    // loads the browser's locale data in the middle of a render.
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'Intl', message: 'No Intl on the client: web/src/shared/lib has our own.' },
      ],
      'no-restricted-properties': [
        'error',
        ...['localeCompare', 'toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map(
          (property) => ({
            property,
            message: `No ${property} on the client: formatCount, utcDayText, compareText (web/src/shared/lib).`,
          }),
        ),
      ],
    },
  },
  {
    // The client loads the zod-free action tables (common/api/<area>/actions.ts) at run time;
    // schemas and zod only as types, so they stay out of the bundle. The tests' API stubs,
    // which no bundle holds, check their answers with the schemas (web/src/test/stubApi.ts).
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/src/test/**', '**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/common/api/**/schemas*', '**/common/api/contracts*', 'zod', 'zod/*'],
              allowTypeImports: true,
              message:
                'The client imports schemas and zod as types only; use the action tables (common/api/<area>/actions.ts).',
            },
          ],
        },
      ],
    },
  },
);

/**
 * A config block forbidding files matching `files` to import from the top-level `folders`,
 * and whatever the `restrictions` ({regex, message}) match: static imports and re-exports
 * (no-restricted-imports), dynamic `import()` and `typeof import()` types
 * (no-restricted-syntax; no-restricted-imports does not see them).
 *
 * A later block's options replace an earlier one's for the same rule, so a block for a
 * sub-folder repeats its parent's folders (see serverLayers).
 */
function importBoundaries(files, folders, { restrictions = [], ignores = [] } = {}) {
  const message = `${files.split('/')[0]}/ must not import from ${folders.map((f) => `${f}/`).join(', ')} (docs/ARCHITECTURE.md).`;
  const source = `/(^|\\/)(${folders.join('|')})\\//`;
  // esquery reads a regular expression up to the first unescaped slash.
  const literal = (regex) => `/${regex.replaceAll('/', '\\/')}/i`;
  return {
    files: [files],
    ignores,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: folders.map((f) => `**/${f}/**`), message },
            ...restrictions.map(({ regex, message }) => ({ regex, message })),
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: `ImportExpression[source.value=${source}]`, message },
        { selector: `TSImportType[source.value=${source}]`, message },
        ...restrictions.flatMap(({ regex, message }) => [
          { selector: `ImportExpression[source.value=${literal(regex)}]`, message },
          { selector: `TSImportType[source.value=${literal(regex)}]`, message },
        ]),
      ],
    },
  };
}

/**
 * The server's layers, top to bottom (docs/ARCHITECTURE.md, "Layers on the server"): the
 * wiring (app.ts, main.ts, jobs/runOnce.ts), jobs/ and seed/, the areas, http/, and the
 * foundation (identity/, mail/, realtime/, integrations/, db/, config/, lib/); metrics/ is
 * imported by the wiring only. Each layer
 * lists what it may import from server/; anything else there is an error. Imports point
 * down, never up. Areas and identity are imported only through their entries (index.ts);
 * areas use each other the same way. Tests (*.test.ts, server/test/) stand outside the
 * layers: they drive the whole server.
 *
 * The rules match import specifiers, so each layer names the depth of its files below
 * server/ (areas/<area>/x.ts is 2): '../'.repeat(depth) reaches server/. Every server file
 * must be in a layer (the last block), so a new folder gets its place deliberately.
 */
function serverLayers() {
  const see = ' (docs/ARCHITECTURE.md, "Layers on the server")';
  const below = [
    'config/',
    'db/',
    'identity/index.js',
    'integrations/',
    'lib/',
    'mail/',
    'realtime/',
  ];
  const everything = [
    'app.js',
    'appContext.js',
    'areas/*/index.js',
    'http/',
    'jobs/',
    'metrics/',
    'seed/',
    ...below,
  ];
  const layers = [
    // [files, their depth below server/, what they may import from server/]
    ['server/{app,main}.ts', 0, everything],
    ['server/jobs/runOnce.ts', 1, everything],
    ['server/appContext.ts', 0, ['http/', ...below]],
    ['server/jobs/*.ts', 1, ['appContext.js', 'areas/*/index.js', ...below]],
    ['server/seed/*.ts', 1, ['appContext.js', 'areas/*/index.js', ...below]],
    [
      'server/areas/*/*.ts',
      2,
      ['appContext.js', 'areas/*/index.js', 'http/actionHandler.js', ...below],
    ],
    [
      'server/http/*.ts',
      1,
      ['appContext.js', 'config/', 'db/', 'identity/index.js', 'integrations/', 'lib/'],
    ],
    ['server/identity/*.ts', 1, ['config/', 'db/', 'lib/']],
    ['server/mail/*.ts', 1, ['config/', 'db/', 'lib/']],
    ['server/realtime/*.ts', 1, ['config/', 'lib/']],
    // Prometheus metrics: handed what they read by the wiring, like the realtime channel.
    ['server/metrics/*.ts', 1, ['config/', 'lib/']],
    ['server/integrations/*/*.ts', 2, ['config/', 'lib/']],
    ['server/db/*.ts', 1, ['config/', 'lib/']],
    ['server/db/tables/*.ts', 2, ['config/', 'lib/']],
    ['server/{lib,config}/*.ts', 1, []],
  ];
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // A folder allows everything in it; a file only itself; * is one path segment.
  const allowed = (entry) =>
    entry.endsWith('/') ? escape(entry) : `${escape(entry).replace('\\*', '[^/]+')}$`;

  const blocks = layers.map(([files, depth, may]) => {
    const reachServer = depth === 0 ? '\\./' : `(?:\\.\\./){${depth}}`;
    const restrictions = [
      {
        // server/<anything not allowed>; more '../' leave server/ (common/, standins/).
        regex: `^${reachServer}(?!${['\\.\\./', ...may.map(allowed)].join('|')})`,
        message: `${files} may import from server/ only ${may.join(', ') || 'nothing'}${see}.`,
      },
    ];
    if (files.startsWith('server/areas/')) {
      restrictions.push({
        // ../<other area>/<file>, where <file> is not the area's entry.
        regex: '^\\.\\./(?!\\.\\.?/)[^/]+/(?!index\\.js$)',
        message: `Areas use each other only through their entries, ../<area>/index.js${see}.`,
      });
    }
    return importBoundaries(files, SERVER_MUST_NOT_IMPORT, {
      restrictions,
      ignores: [
        '**/*.test.ts',
        ...(files === 'server/jobs/*.ts' ? ['server/jobs/runOnce.ts'] : []),
      ],
    });
  });
  return [
    ...blocks,
    {
      files: ['server/**/*.ts'],
      ignores: ['**/*.test.ts', 'server/test/**', ...layers.map(([files]) => files)],
      rules: {
        'no-restricted-syntax': [
          'error',
          {
            selector: 'Program',
            message: `This file is in no server layer: put it in one, or give its folder a layer in serverLayers() (eslint.config.js)${see}.`,
          },
        ],
      },
    },
  ];
}

/**
 * The client's layers (web/README.md): app/ composes features/, which use shared/; nothing
 * points back up. A feature uses another feature only through that feature's entry,
 * features/<name>/index.ts, imported as the folder ('../auth'); its other files are its own.
 * Tests and their fixtures stand outside (they drive whole features).
 *
 * Like serverLayers, the rules match import specifiers, so they are written per depth:
 * from features/<name>/<d sub-folders>/x.tsx, '../'.repeat(d + 1) reaches features/.
 */
function webLayers() {
  const see = ' (web/README.md, "Layers")';
  const testFiles = ['**/*.test.{ts,tsx}', '**/*Fixtures.ts', 'web/src/test/**'];
  const upwards = (files, depth, folders) => ({
    regex: `^(?:\\.\\./){${depth}}(?:${folders.join('|')})(?:/|$)`,
    message: `${files} must not import from ${folders.map((f) => `${f}/`).join(', ')}${see}.`,
  });
  const blocks = [];
  for (let depth = 0; depth <= 3; depth += 1) {
    const files = `web/src/shared/${'*/'.repeat(depth)}*.{ts,tsx}`;
    blocks.push(
      importBoundaries(files, ['server', 'tools', 'standins'], {
        restrictions: [upwards('web/src/shared/', depth + 1, ['app', 'features'])],
        // The typed hooks take the store's types from app/ (a type-only import, RTK's pattern).
        ignores: [...testFiles, 'web/src/shared/state/hooks.ts'],
      }),
    );
  }
  for (let depth = 0; depth <= 3; depth += 1) {
    const files = `web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`;
    const toFeatures = `(?:\\.\\./){${depth + 1}}`;
    blocks.push(
      importBoundaries(files, ['server', 'tools', 'standins'], {
        restrictions: [
          upwards('web/src/features/', depth + 2, ['app']),
          {
            // ../<other feature>/<file>: only the folder itself (its index.ts) may be imported.
            regex: `^${toFeatures}(?!\\.\\.)[^/]+/.`,
            message: `A feature uses another only through its entry, '../<feature>' (index.ts)${see}.`,
          },
        ],
        ignores: testFiles,
      }),
    );
  }
  return blocks;
}
