// `node tools/screenshots.mjs [baseUrl]`: screenshots of the main screens into docs/screenshots,
// taken in Debian's Chromium against a running server (default http://127.0.0.1:3000, demo mode).
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = 'docs/screenshots';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });

async function shot(path, name) {
  await page.goto(`${base}${path}`);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${out}/${name}.png` });
  console.log(`${out}/${name}.png`);
}

await shot('/signin', 'signin');
await shot('/signup', 'signup');
await page.goto(`${base}/signin`);
await page.getByLabel('E-mail').fill('avery@demo.curator.test');
await page.getByLabel('Password', { exact: true }).fill('curate-demo-2026');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForURL(`${base}/`);
for (const [path, name] of [
  ['/', 'home'],
  ['/profile', 'profile'],
  ['/playlists', 'playlists'],
  ['/account/upgrade', 'upgrade'],
]) {
  await shot(path, name);
}
await browser.close();
