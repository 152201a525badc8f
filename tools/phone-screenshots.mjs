// `node tools/phone-screenshots.mjs [baseUrl]`: the main screens of the demo curator at a
// phone's width (390 × 844) into docs/screenshots/phone-*.png, taken in Debian's Chromium
// against a running server in demo mode on a fresh data folder (default http://127.0.0.1:3000).
// Blake writes Avery a message first, so the conversation has something to show.
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = 'docs/screenshots';
const browser = await chromium.launch(chromiumLaunchOptions);

async function signedIn(email) {
  const page = await (
    await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })
  ).newPage();
  await page.goto(`${base}/signin`);
  // The form works once the app has taken the server's page (it marks the document).
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('curate-demo-2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${base}/`);
  return page;
}

async function shot(page, path, name) {
  if (path) await page.goto(`${base}${path}`);
  await page.waitForLoadState('networkidle');
  // Until the screen has its data: no spinner left.
  await page
    .locator('.animate-spin')
    .first()
    .waitFor({ state: 'detached', timeout: 20_000 })
    .catch(() => {});
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/${name}.png` });
  console.log(`${out}/${name}.png`);
}

const avery = await signedIn('avery@demo.curator.test');
// The demo seed links in the background once the server listens: wait for it.
let me;
for (let tries = 0; tries < 60; tries += 1) {
  me = (await (await avery.request.get(`${base}/api/`)).json()).user;
  if (me.accounts.length > 0) break;
  await avery.waitForTimeout(500);
}
const blake = await signedIn('blake@demo.curator.test');
const started = await (
  await blake.request.post(`${base}/api/messenger/conversation/start`, { data: { userId: me.id } })
).json();
await blake.request.post(`${base}/api/messenger/message/send`, {
  data: {
    conversationId: started.conversation.id,
    content:
      'Hi Avery! I loved Fresh Finds Weekly. Swap a song for my Sunset Sessions list? https://open.spotify.com/playlist/W1KJdIulicn0Wys9FcxxGf',
  },
});

await shot(avery, '/', 'phone-home');
await shot(avery, '/songswap', 'phone-songswaps');
await avery.locator('a[href^="/songswap/"]').first().click();
await avery.waitForURL(/\/songswap\/[^/]+$/);
await shot(avery, null, 'phone-trade');
await avery.goto(`${base}/playlists`);
await avery.locator('a[href^="/playlists/"]').first().click();
await avery.waitForURL(/\/playlists\/[^/]+\/[^/]+$/);
await shot(avery, null, 'phone-playlist');
await shot(avery, `/messenger/${started.conversation.id}`, 'phone-messenger');
await browser.close();
