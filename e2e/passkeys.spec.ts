import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { signUpAndSignIn, skipWelcome } from './support.js';

/**
 * WebAuthn needs a host name: browsers refuse an IP address as the relying party ID, and the
 * journey server serves http://127.0.0.1. So this journey starts its own server (the built
 * product, demo mode, a fresh data folder) whose public origin is http://localhost:<port>, and
 * drives Chromium's virtual authenticator over the DevTools protocol (WebAuthn domain).
 */
const port = Number(process.env.E2E_PORT ?? 3100) + 8;
const base = `http://localhost:${port}`;
const repoRoot = join(import.meta.dirname, '..');
let dataDir: string;
let server: ChildProcess | undefined;

async function waitUntilReady(url: string) {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (server?.exitCode !== null) throw new Error(`server exited with ${server?.exitCode}`);
    const ready = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} not ready`);
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = await mkdtemp(join(tmpdir(), 'curator-e2e-passkeys-'));
  server = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_ORIGIN: base,
      SEED_DEMO_ANNOUNCEMENT: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUntilReady(`http://127.0.0.1:${port}/readyz`);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('a curator adds a passkey in the profile, signs out, and signs in with it without a password', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });

  // A platform authenticator with user verification, as a phone or laptop has.
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await signUpAndSignIn(page, 'Pia Passkey');
  await skipWelcome(page);
  await page.goto('/profile/security');
  const passkeys = page.getByRole('list', { name: 'Passkeys' });
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText(/^Passkey ".+" added\.$/)).toBeVisible();
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await expect(passkeys.getByRole('listitem')).toContainText('never used');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  await page.getByRole('heading', { name: 'Passkeys' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'docs/screenshots/security-passkeys.png' });

  // Sign out from the user menu, then in with the passkey alone: no address, no password.
  await page.getByRole('button', { name: 'Account menu for Pia Passkey' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.screenshot({ path: 'docs/screenshots/signin-passkey.png' });
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(`${base}/`);

  await page.goto('/profile/security');
  await expect(passkeys.getByRole('listitem')).toContainText('last used');
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after.credentials[0]!.signCount).toBeGreaterThan(0);
  await context.close();
});
