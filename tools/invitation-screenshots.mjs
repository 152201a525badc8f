// `node tools/invitation-screenshots.mjs [baseUrl]`: the open invitation page and My Network's
// Invitations tab into docs/screenshots, in Debian's Chromium against a running server in demo
// mode (default http://127.0.0.1:3000). Avery creates two links (one mailed); a visitor opens one.
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = 'docs/screenshots';
const browser = await chromium.launch(chromiumLaunchOptions);

async function shot(page, name) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/${name}.png` });
  console.log(`${out}/${name}.png`);
}

const avery = await (
  await browser.newContext({ viewport: { width: 1280, height: 860 } })
).newPage();
await avery.goto(`${base}/signin`);
// The form works once the app has taken the server's page (it marks the document).
await avery.locator('html[data-app-ready]').waitFor({ state: 'attached' });
await avery.getByLabel('E-mail').fill('avery@demo.curator.test');
await avery.getByLabel('Password', { exact: true }).fill('curate-demo-2026');
await avery.getByRole('button', { name: 'Sign in', exact: true }).click();
await avery.waitForURL(`${base}/`);
await avery.request.post(`${base}/api/users/invite/create`, {
  data: { email: 'sam.rivers@example.test' },
});
const created = await (
  await avery.request.post(`${base}/api/users/invite/create`, { data: {} })
).json();

const visitor = await (
  await browser.newContext({ viewport: { width: 1280, height: 800 } })
).newPage();
await visitor.goto(`${base}${new URL(created.url).pathname}`);
await visitor.getByRole('heading', { name: /invited you to/ }).waitFor();
await shot(visitor, 'invitation');

await avery.goto(`${base}/network?tab=invitations`);
await avery.keyboard.press('Escape');
await avery.getByRole('list', { name: 'Open invitations' }).waitFor();
await shot(avery, 'network-invitations');
await browser.close();
