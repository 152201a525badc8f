import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          root: './web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          setupFiles: ['./src/test/setup.ts'],
          // A component test renders real screens in jsdom and waits up to 15 s for one to
          // appear (src/test/domSetup.ts); on a busy machine a test can pass 5 s with no fault.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'common/**/*.test.ts',
            'standins/**/*.test.ts',
            'tools/**/*.test.ts',
          ],
          exclude: ['**/*.multi.test.ts', '**/*.faults.test.ts', '**/node_modules/**'],
          setupFiles: ['./server/test/setup.ts'],
          globalSetup: ['./server/test/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // The server's test files share one process, in turn: each builds its own app,
          // database and Spotify stand-in, and no module keeps state a test could leave behind
          // (only caches of things that never change). Re-importing the server and compiling
          // PGlite's WebAssembly once per file was about half the CPU these tests took.
          isolate: false,
        },
      },
      {
        // Several real server processes on PostgreSQL and Redis: `npm run test:multi`.
        test: {
          name: 'multi',
          environment: 'node',
          include: ['server/**/*.multi.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        // Faults on real server processes: Redis stopped and restarted, SIGTERM in every
        // state. Needs PostgreSQL and redis-server: `npm run test:faults`.
        test: {
          name: 'faults',
          environment: 'node',
          include: ['server/**/*.faults.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
