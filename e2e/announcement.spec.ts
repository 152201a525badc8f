import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import { test } from './appTest.js';
import { startOwnServer, type OwnServer } from './ownServer.js';
import { DEMO_CURATOR, DEMO_PASSWORD, awaitDemoLinks, signIn } from './support.js';

/**
 * An operator publishes with `npm run announce` on the database a server then serves: the
 * embedded database (PGlite) belongs to one process at a time, so this journey publishes
 * into a fresh data folder first and starts its own server on it (the shared journey server
 * keeps its own folder). With PostgreSQL the command runs beside a live server just the same.
 */
const port = Number(process.env.E2E_PORT ?? 3100) + 7;
const base = `http://127.0.0.1:${port}`;
const repoRoot = join(import.meta.dirname, '..');
let dataDir: string;
let server: OwnServer | undefined;

const ANNOUNCEMENT = [
  '<h3>Swap season is open</h3>',
  '<p>Open a swap from any curator profile in <strong>Discovery</strong>.',
  '<img src=x onerror="document.title=\'pwned\'"></p>',
  '<p><a href="https://example.com/swap-season">Read the notes</a></p>',
].join('');

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = await mkdtemp(join(tmpdir(), 'curator-e2e-announce-'));
  const file = join(dataDir, 'swap-season.html');
  await writeFile(file, ANNOUNCEMENT);
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };
  // `npm run announce -- --file swap-season.html --until 2099-12-31 --audience all`
  const published = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'tools/announce.ts', '--file', file, '--until', '2099-12-31'],
    { cwd: repoRoot, env, timeout: 120_000 },
  );
  expect(published.stdout).toMatch(/^Published: \S+ {2}live {2}audience all/);
  expect(published.stdout).not.toContain('onerror');
  // The built product (the journey server's start built it), in demo mode on that folder.
  server = await startOwnServer({ port, dataDir });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('an announcement published with the command shows once, sanitised, and stays dismissed after a reload', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.goto('/signin');
  await signIn(page, DEMO_CURATOR.email, DEMO_CURATOR.password);
  await expect(page).toHaveURL(/\/$/);
  // The demo curator is linked to the local Spotify once the server has started (no welcome overlay).
  await awaitDemoLinks(page);

  const dialog = page.getByRole('dialog', { name: 'Announcement from Curator' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Swap season is open' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Read the notes' })).toHaveAttribute(
    'rel',
    'noopener noreferrer',
  );
  await expect(dialog.locator('img')).toHaveCount(0);
  if (process.env.E2E_SCREENSHOTS) {
    await page.screenshot({ path: join(repoRoot, 'docs/screenshots/announcement.png') });
  }
  await dialog.getByRole('button', { name: 'Dismiss' }).click();
  await expect(dialog).toBeHidden();

  const answered = page.waitForResponse('**/api/users/announcement');
  // The welcome overlay stays skipped for this tab's session.
  await page.reload();
  expect(await (await answered).json()).toEqual({ success: false, announcement: null });
  await expect(page.getByRole('dialog', { name: 'Announcement from Curator' })).toHaveCount(0);

  // Another device: a fresh browser signed in as the same curator does not show it either.
  const other = await browser.newContext({ baseURL: base });
  const otherPage = await other.newPage();
  await otherPage.goto('/signin');
  const otherAnswer = otherPage.waitForResponse('**/api/users/announcement');
  await signIn(otherPage, DEMO_CURATOR.email, DEMO_CURATOR.password);
  // Read before awaitDemoLinks reloads the page (a body is gone once the page navigates away).
  expect(await (await otherAnswer).json()).toEqual({ success: false, announcement: null });
  await awaitDemoLinks(otherPage);
  await expect(otherPage.getByRole('dialog', { name: 'Announcement from Curator' })).toHaveCount(0);
  await other.close();
  await context.close();
});

test('a curator without Spotify whose trial ended meets one overlay a visit: welcome, then the plan chooser, then the announcement', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  const welcome = page.getByRole('dialog', { name: /^Welcome,/ });
  const chooser = page.getByRole('dialog', { name: 'Choose the plan that best suits your needs' });
  const announcement = page.getByRole('dialog', { name: 'Announcement from Curator' });
  const announcementAsked: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/users/announcement')) announcementAsked.push(request.url());
  });

  // First sign-in: the welcome overlay alone (docs/onboarding.md).
  await page.goto('/signin');
  await signIn(page, 'gale@demo.curator.test', DEMO_PASSWORD);
  await expect(welcome).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(welcome).toBeHidden();
  // Nothing else opens in this visit: the red banner shows the chooser is closed, and the
  // announcement was not even asked for.
  await expect(page.getByRole('region', { name: 'Trial expired' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(announcementAsked).toEqual([]);

  // The next visit: the plan chooser alone.
  await page.reload();
  await expect(chooser).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await chooser.getByRole('button', { name: 'Close' }).click();
  await expect(chooser).toBeHidden();
  await expect(page.getByRole('region', { name: 'Trial expired' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(announcementAsked).toEqual([]);

  // The one after: the announcement.
  await page.reload();
  await expect(announcement).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await context.close();
});
