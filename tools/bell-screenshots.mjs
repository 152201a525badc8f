// `node tools/bell-screenshots.mjs [baseUrl]`: docs/screenshots/desk.png, bell.png,
// desk-390.png and bell-390.png, taken in Debian's Chromium against a running server in demo
// mode on a FRESH data folder (default http://127.0.0.1:3000). Avery's bell gets what a day
// brings: the demo announcement (seeded for every curator), Emery accepting the request Avery
// had sent, and a friend request from Finley (who is not connected to her in the demo).
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const browser = await chromium.launch(chromiumLaunchOptions);

async function signedIn(email, viewport = { width: 1440, height: 1000 }) {
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto(`${base}/signin`);
  // The form works once the app has taken the server's page (it marks the document).
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('curate-demo-2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${base}/`);
  return page;
}

const me = async (page) => (await (await page.request.get(`${base}/api/`)).json()).user;

/** Waits for the demo's Spotify links (made in the background at start), then reloads. */
async function linked(page) {
  for (let i = 0; i < 60 && (await me(page)).accounts.length === 0; i++)
    await page.waitForTimeout(500);
  await page.reload();
}

const avery = await signedIn('avery@demo.curator.test');
await linked(avery);
const averyId = (await me(avery)).id;
// The demo announcement opens over the first screen once: dismissed, as a curator would.
await avery.request.post(`${base}/api/users/announcement/dismiss`, {
  data: {
    id: (await (await avery.request.post(`${base}/api/users/announcement`, { data: {} })).json())
      .announcement?.id,
  },
});

const emery = await signedIn('emery@demo.curator.test');
await emery.request.post(`${base}/api/users/friend/acceptreject`, {
  data: { userId: averyId, accept: true },
});
const finley = await signedIn('finley@demo.curator.test');
await finley.request.post(`${base}/api/users/friend/request/send`, { data: { userId: averyId } });

async function desk(page, name) {
  await page.goto(`${base}/`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `docs/screenshots/${name}.png` });
}

async function bell(page, name) {
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await page.getByRole('region', { name: 'Notifications' }).getByRole('link').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `docs/screenshots/${name}.png` });
}

// Opening the bell marks what it shows read: both desks first, then the wide bell (its
// entries marked new), then the phone's (read by then).
const phone = await signedIn('avery@demo.curator.test', { width: 390, height: 844 });
await desk(avery, 'desk');
await desk(phone, 'desk-390');
await bell(avery, 'bell');
await bell(phone, 'bell-390');
await browser.close();
