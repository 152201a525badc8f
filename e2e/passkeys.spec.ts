import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { test } from './appTest.js';
import { startOwnServer, type OwnServer } from './ownServer.js';
import { confirmItIsMe, signUpAndSignIn, skipWelcome } from './support.js';

/**
 * WebAuthn needs a host name: browsers refuse an IP address as the relying party ID, and the
 * journey server serves http://127.0.0.1. So this journey starts its own server (the built
 * product, demo mode, a fresh data folder) whose public origin is http://localhost:<port>, and
 * drives Chromium's virtual authenticator over the DevTools protocol (WebAuthn domain).
 */
const port = Number(process.env.E2E_PORT ?? 3100) + 8;
const base = `http://localhost:${port}`;
let dataDir: string;
let server: OwnServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = await mkdtemp(join(tmpdir(), 'curator-e2e-passkeys-'));
  server = await startOwnServer({ port, dataDir, env: { APP_ORIGIN: base } });
});

test.afterAll(async () => {
  await server?.stop();
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

  const { password } = await signUpAndSignIn(page, 'Pia Passkey');
  await skipWelcome(page);
  await page.goto('/profile/security');
  const passkeys = page.getByRole('list', { name: 'Passkeys' });
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await confirmItIsMe(page, password);
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
