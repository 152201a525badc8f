// `node tools/history-screenshots.mjs [baseUrl]`: docs/screenshots/history.png (a managed
// playlist's History tab comparing two versions) and docs/screenshots/where-is-song.png (the
// catalogue's "Where is it?" panel), taken in Debian's Chromium against a running server in
// demo mode on a FRESH data folder (default http://127.0.0.1:3000). Avery moves a track in
// Morning Coffee Acoustic through the product; then another app removes one and moves one on
// the local Spotify (its control route), and the History tab records it when opened.
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = 'docs/screenshots';
const PLAYLIST = 'Morning Coffee Acoustic';
const browser = await chromium.launch(chromiumLaunchOptions);

const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
page.setDefaultTimeout(60_000);
await page.goto(`${base}/signin`);
// The form works once the app has taken the server's page (it marks the document).
await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
await page.getByLabel('E-mail').fill('avery@demo.curator.test');
await page.getByLabel('Password', { exact: true }).fill('curate-demo-2026');
await page.getByRole('button', { name: 'Sign in', exact: true }).click();
await page.waitForURL(`${base}/`);
// The demo seed links in the background once the server listens: wait for it.
let me;
for (let tries = 0; tries < 60; tries += 1) {
  me = (await (await page.request.get(`${base}/api/`)).json()).user;
  if (me.accounts.length > 0) break;
  await page.waitForTimeout(500);
}
const accountId = me.accounts.find((account) => account.email === 'Mara Velden').id;
const { playlists } = await (
  await page.request.get(`${base}/_spotify/_control/playlists?userId=mara.velden`)
).json();
const playlistId = playlists.find((playlist) => playlist.name === PLAYLIST).id;
const items = async () =>
  (await (await page.request.get(`${base}/_spotify/_control/playlists/${playlistId}/items`)).json())
    .items;
const edit = (body) =>
  page.request.post(`${base}/_spotify/_control/edit`, { data: { playlistId, edit: body } });

async function shot(name, options = {}) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/${name}.png`, ...options });
  console.log(`${out}/${name}.png`);
}

// A change through the product, then two outside it.
await page.goto(`${base}/playlists/${accountId}/${playlistId}`);
const before = await items();
// Wait for the product's answer: it records its version right after its edit.
await Promise.all([
  page.waitForResponse((response) => response.url().endsWith('/api/playlists/move-track')),
  page.getByRole('button', { name: `Move ${before[2].name} down` }).click(),
]);
await edit({ kind: 'remove', position: 5 });
await edit({ kind: 'move', from: 7, to: 1 });

await page.reload();
await page.getByRole('tab', { name: 'History' }).click();
const versions = page.getByRole('list', { name: 'Versions, newest first' });
const entries = versions.getByRole('listitem');
await entries.first().waitFor();
await entries.last().getByRole('checkbox', { name: 'Compare' }).check();
await entries.first().getByRole('checkbox', { name: 'Compare' }).check();
await page.getByRole('region', { name: /^Changes from version 1 to version/ }).waitFor();
await page.getByRole('tablist').scrollIntoViewIfNeeded();
await page.mouse.wheel(0, -120);
await shot('history');

// Where is this song: a track of the playlist added to the catalogue.
const song = (await items())[3];
await page.request.post(`${base}/api/songs/addtocatalog`, { data: { track: song.trackId } });
await page.goto(`${base}/catalog`);
const row = page
  .getByRole('listitem')
  .filter({ has: page.getByRole('button', { name: `Favourite ${song.name}` }) });
await row.getByRole('button', { name: 'Where is it?' }).click();
await row.getByText(`${PLAYLIST} at`).waitFor();
await row.scrollIntoViewIfNeeded();
await shot('where-is-song');
await browser.close();
