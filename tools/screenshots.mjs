// `node tools/screenshots.mjs [baseUrl]`: screenshots of the main screens into docs/screenshots,
// taken in Debian's Chromium against a running server in demo mode on a FRESH data folder
// (default http://127.0.0.1:3000). The demo seed has linked the demo curators to the local
// Spotify (docs/spotify.md, "Demo"): Avery's home and Playlists are taken as a first sign-in
// sees them (demo-*.png); then it manages one more playlist, adds songs and sends a message.
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = 'docs/screenshots';
const FRESH_FINDS = 'W1KJdIulicn0Wys9FcxxGf';
const LATE_NIGHT = 'Wro5miOQZqqZM3Kg5uZFTV';
const browser = await chromium.launch(chromiumLaunchOptions);

async function signedIn(email) {
  const page = await (
    await browser.newContext({ viewport: { width: 1280, height: 860 } })
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

async function shot(page, path, name, options = {}) {
  if (path) await page.goto(`${base}${path}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/${name}.png`, ...options });
  console.log(`${out}/${name}.png`);
}

const visitor = await (
  await browser.newContext({ viewport: { width: 1280, height: 800 } })
).newPage();
await shot(visitor, '/signin', 'signin');
await shot(visitor, '/signup', 'signup');

// Gale is kept unlinked to show onboarding.
// Gale's trial has ended: the plan chooser opens first, the welcome overlay waits behind it.
const gale = await signedIn('gale@demo.curator.test');
await gale
  .getByRole('dialog', { name: 'Choose the plan that best suits your needs' })
  .getByRole('button', { name: 'Close' })
  .click();
await shot(gale, null, 'welcome-overlay');

const avery = await signedIn('avery@demo.curator.test');
// The demo seed links in the background once the server listens: wait for it.
let me;
for (let tries = 0; tries < 60; tries += 1) {
  me = (await (await avery.request.get(`${base}/api/`)).json()).user;
  if (me.accounts.length > 0) break;
  await avery.waitForTimeout(500);
}
await shot(avery, '/', 'demo-home');
await shot(avery, '/playlists', 'demo-playlists', { fullPage: true });
const accountId = me.accounts.find((account) => account.email === 'Mara Velden').id;
// Late Night Drive as seeded: 90 days of followers, locks, removal dates, duplicates.
await avery.setViewportSize({ width: 1280, height: 1500 });
await shot(avery, `/playlists/${accountId}/${LATE_NIGHT}`, 'demo-playlist-details');
await avery.setViewportSize({ width: 1280, height: 860 });
await avery.request.post(`${base}/api/playlists/add`, {
  data: { accountId, playlistId: FRESH_FINDS },
});
const tracks = (
  await (await avery.request.get(`${base}/_spotify/_control/playlists/${FRESH_FINDS}/items`)).json()
).items;
for (const track of tracks.slice(0, 4))
  await avery.request.post(`${base}/api/songs/addtocatalog`, { data: { track: track.trackId } });
await avery.request.post(`${base}/api/playlists/add-position`, {
  data: { playlistId: FRESH_FINDS, position: 0 },
});

const blake = await signedIn('blake@demo.curator.test');
const started = await (
  await blake.request.post(`${base}/api/messenger/conversation/start`, { data: { userId: me.id } })
).json();
await blake.request.post(`${base}/api/messenger/message/send`, {
  data: {
    conversationId: started.conversation.id,
    content: 'Hi Avery! I loved Fresh Finds Weekly. Swap a song for my Sunset Sessions list?',
  },
});

await shot(avery, '/', 'home');
await shot(avery, '/playlists', 'playlists');
await shot(avery, `/playlists/${accountId}/${FRESH_FINDS}`, 'playlist-details', { fullPage: true });
await shot(avery, '/catalog', 'catalog');
await shot(avery, `/messenger/${started.conversation.id}`, 'messenger');
await shot(avery, '/songswap', 'songswaps');
const firstTrade = avery.getByRole('table').getByRole('link').first();
await firstTrade.click();
await shot(avery, null, 'trade-details', { fullPage: true });
await shot(avery, '/profile', 'profile');
await browser.close();
