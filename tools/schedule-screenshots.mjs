// `node tools/schedule-screenshots.mjs [baseUrl]`: the schedule of the demo curator Avery at
// 1440 px (docs/screenshots/schedule.png) and on a phone, 390 px (schedule-390.png), in
// Debian's Chromium against a running server in demo mode (default http://127.0.0.1:3000).
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = 'docs/screenshots';
const browser = await chromium.launch(chromiumLaunchOptions);

for (const [width, name] of [
  [1440, 'schedule'],
  [390, 'schedule-390'],
]) {
  const page = await (
    await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 })
  ).newPage();
  await page.goto(`${base}/signin`);
  // The form works once the app has taken the server's page (it marks the document).
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.getByLabel('E-mail').fill('avery@demo.curator.test');
  await page.getByLabel('Password', { exact: true }).fill('curate-demo-2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${base}/`);
  // The demo seed links in the background once the server listens: wait for it.
  for (let tries = 0; tries < 60; tries += 1) {
    const { user } = await (await page.request.get(`${base}/api/`)).json();
    if (user.accounts.length > 0) break;
    await page.waitForTimeout(500);
  }
  await page.goto(`${base}/schedule`);
  await page.getByRole('list', { name: 'Schedule' }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
  console.log(`${out}/${name}.png`);
}
await browser.close();
