import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../tools/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  outputDir: '../test-results',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Debian's Chromium; Playwright never downloads a browser here.
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The built product in demo mode on a fresh embedded database (start.mjs builds if needed).
    command: 'node tools/start.mjs',
    cwd: '..',
    url: `${baseURL}/readyz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(tmpdir(), `curator-e2e-${Date.now()}`),
      LOG_LEVEL: 'warn',
      // The demo announcement would open over every journey's first screen; the announcement
      // journey publishes its own with the command (e2e/announcement.spec.ts).
      SEED_DEMO_ANNOUNCEMENT: 'false',
      // Every answer of every journey checked against its contract (npm start's production
      // default writes answers with the contract's serializer instead).
      OUTPUT_CHECK: 'parse',
    },
  },
});
