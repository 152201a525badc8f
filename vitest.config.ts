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
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'tools/**/*.test.ts'],
          exclude: ['**/*.multi.test.ts', '**/node_modules/**'],
          setupFiles: ['./server/test/setup.ts'],
          globalSetup: ['./server/test/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
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
    ],
  },
});
