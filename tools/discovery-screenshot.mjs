// `node tools/discovery-screenshot.mjs [baseUrl]`: docs/screenshots/discovery.png, taken in
// Debian's Chromium against a running server in demo mode on a FRESH data folder (default
// http://127.0.0.1:3000). Three demo curators who are not Avery's friends link a local Spotify user and show a playlist
// (the real path: their Discovery summary is written then); Avery adds songs by some of
// their artists to her catalogue, and Finley sends her a friend request (Drew's comes from
// the demo seed; Blake and Casey are already her friends, so not potential partners).
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const PLAYLISTS = {
  theo: 'q0oJhsqXtPaCDQJ1jtOcBG',
  lena: '74RruAuCOr48IfcQTfVxGj',
  sol: 'tIGqdsFYuW3IqYXFrdSX0I',
};
const browser = await chromium.launch(chromiumLaunchOptions);

async function signedIn(email) {
  const page = await (
    await browser.newContext({ viewport: { width: 1280, height: 1000 } })
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

/** Links the Spotify user through the welcome overlay; answers the curator and the account id. */
async function linked(email, spotifyName) {
  const page = await signedIn(email);
  const before = (await (await page.request.get(`${base}/api/`)).json()).user;
  if (before.accounts.length === 0) {
    await page.getByRole('button', { name: 'Connect Spotify Account' }).click();
    await page.getByRole('button', { name: new RegExp(spotifyName) }).click();
    await page.getByText(`Connected ${spotifyName}`).waitFor();
  }
  const me = (await (await page.request.get(`${base}/api/`)).json()).user;
  return { page, me, accountId: me.accounts[0].id };
}

async function showPlaylist(curator, playlistId) {
  const post = (path, data) => curator.page.request.post(`${base}/api/${path}`, { data });
  await post('playlists/add', { accountId: curator.accountId, playlistId });
  const shown = await post('playlists/visibility', {
    playlistId,
    visible: true,
    confirmPrivate: true,
  });
  if (!shown.ok()) throw new Error(`visibility: ${shown.status()} ${await shown.text()}`);
}

const items = async (page, playlistId) =>
  (await (await page.request.get(`${base}/_spotify/_control/playlists/${playlistId}/items`)).json())
    .items;

const emery = await linked('emery@demo.curator.test', 'Theo Okafor');
await showPlaylist(emery, PLAYLISTS.theo);
const finley = await linked('finley@demo.curator.test', 'Lena Kowalczyk');
await showPlaylist(finley, PLAYLISTS.lena);
const drew = await linked('drew@demo.curator.test', 'Sol Ortega');
await showPlaylist(drew, PLAYLISTS.sol);

const avery = await linked('avery@demo.curator.test', 'Mara Velden');
const catalogue = [
  ...(await items(avery.page, PLAYLISTS.theo)).slice(0, 4),
  ...(await items(avery.page, PLAYLISTS.lena)).slice(0, 1),
];
for (const track of catalogue)
  await avery.page.request.post(`${base}/api/songs/addtocatalog`, {
    data: { track: track.trackId },
  });
await finley.page.request.post(`${base}/api/users/friend/request/send`, {
  data: { userId: avery.me.id },
});

await avery.page.goto(`${base}/discovery`);
await avery.page.getByRole('list', { name: 'Potential partners' }).waitFor();
await avery.page.waitForLoadState('networkidle');
await avery.page.waitForTimeout(300);
await avery.page.screenshot({ path: 'docs/screenshots/discovery.png', fullPage: true });
console.log('docs/screenshots/discovery.png');
await browser.close();
