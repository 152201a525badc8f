import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './appTest.js';
import { DEMO_PASSWORD, awaitDemoLinks, signIn } from './support.js';

interface StandInItem {
  trackId: string;
  name: string;
  artists: string[];
}

interface Curator {
  page: Page;
  id: string;
  name: string;
  playlistId: string;
  playlistName: string;
  song: StandInItem;
}

async function items(page: Page, playlistId: string): Promise<StandInItem[]> {
  return (
    (await (await page.request.get(`/_spotify/_control/playlists/${playlistId}/items`)).json()) as {
      items: StandInItem[];
    }
  ).items;
}

/**
 * A demo curator in a browser context of their own, with the Spotify user the demo seed
 * linked, one managed playlist shown to others, and one song in the catalogue.
 */
async function curator(
  browser: Browser,
  who: {
    email: string;
    name: string;
    spotifyName: string;
    playlistId: string;
    playlistName: string;
    songFrom: string;
  },
): Promise<Curator> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/signin');
  await signIn(page, who.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  // The demo seed linked the curator's Spotify users (docs/spotify.md, "Demo"): no consent page needed.
  await awaitDemoLinks(page);
  const me = (
    (await (await page.request.get('/api/')).json()) as {
      user: { id: string; accounts: { id: string; email: string }[] };
    }
  ).user;
  const account = me.accounts.find((linked) => linked.email === who.spotifyName)!;
  const managed = await page.request.post('/api/playlists/add', {
    data: { accountId: account.id, playlistId: who.playlistId },
  });
  expect(managed.ok()).toBe(true);
  // Managing never shows a playlist to others: show it (a yes for a private one).
  const shown = await page.request.post('/api/playlists/visibility', {
    data: { playlistId: who.playlistId, visible: true, confirmPrivate: true },
  });
  expect(shown.ok()).toBe(true);
  const song = (await items(page, who.songFrom)).find((item) => !item.name.includes('Live'))!;
  const added = await page.request.post('/api/songs/addtocatalog', {
    data: { track: song.trackId },
  });
  expect(added.ok()).toBe(true);
  return {
    page,
    id: me.id,
    name: who.name,
    playlistId: who.playlistId,
    playlistName: who.playlistName,
    song,
  };
}

const songLabel = (song: StandInItem) => `${song.name} by ${song.artists.join(', ')}`;

async function approveAndPlace(placer: Curator, owner: Curator, position: number) {
  const { page } = placer;
  await page.getByRole('button', { name: `Approve ${owner.song.name}` }).click();
  const form = page.getByRole('form', { name: `Place ${owner.song.name} in a playlist` });
  await form.getByLabel('Playlist').selectOption({ label: placer.playlistName });
  await form.getByLabel('Position').fill(String(position));
  await form.getByRole('button', { name: 'Place in playlist' }).click();
  // The stand-in's playlist really changed: the owner's song is at that position.
  await expect
    .poll(async () => (await items(page, placer.playlistId))[position - 1]?.trackId)
    .toBe(owner.song.trackId);
  // The owner sees it live.
  await expect(
    owner.page
      .getByRole('listitem', { name: owner.song.name })
      .getByText(new RegExp(`${placer.name} placed it in`)),
  ).toBeVisible();
}

const statusOf = (page: Page) =>
  page.locator('header').filter({ has: page.getByRole('heading', { name: /^Song swap with/ }) });

test('two curators swap songs live: open, approve, place on Spotify, accept on both sides without reloading', async ({
  browser,
}) => {
  const avery = await curator(browser, {
    email: 'avery@demo.curator.test',
    name: 'Avery Quinn',
    spotifyName: 'Sol Ortega',
    playlistId: 'uRLijWdEPIV47EOdY22jx6',
    playlistName: 'Synthwave Horizons',
    songFrom: 'bQtE4bdgQvdiCfgmZ0ZMFq',
  });
  const blake = await curator(browser, {
    email: 'blake@demo.curator.test',
    name: 'Blake Rivera',
    spotifyName: 'Lena Kowalczyk',
    playlistId: 'B2QxajnJ05y59a47CH76TG',
    playlistName: 'Dance Floor Memory',
    songFrom: '74RruAuCOr48IfcQTfVxGj',
  });

  // Blake watches the Song Swaps list.
  await blake.page.goto('/songswap');
  const pendingTab = blake.page.getByRole('tab', { name: /^Pending/ });
  // The count shows '…' until the pending bucket has loaded: read it once it is a number.
  await expect(pendingTab).toHaveText(/\d/);
  const pendingBefore = Number((await pendingTab.textContent())!.replace(/\D+/g, ''));

  // Avery opens a swap with Blake: one song of each.
  await avery.page.goto('/songswap');
  await avery.page.getByRole('button', { name: 'Open a swap' }).click();
  const dialog = avery.page.getByRole('dialog', { name: 'Open a song swap' });
  // The curator choices are radios styled as cards: a person clicks the card (its label).
  await dialog.locator('label', { hasText: 'Blake Rivera' }).click();
  await expect(dialog.getByRole('radio', { name: /Blake Rivera/ })).toBeChecked();
  await dialog.getByRole('radio', { name: '14 days' }).click();
  await dialog.getByRole('checkbox', { name: songLabel(avery.song) }).click();
  await dialog.getByRole('checkbox', { name: songLabel(blake.song) }).click();
  await dialog.getByRole('button', { name: 'Open swap' }).click();
  await expect(dialog).toBeHidden();

  // Blake sees it appear live, and opens it.
  await expect(pendingTab).toHaveText(new RegExp(`\\b${pendingBefore + 1}\\b`));
  await blake.page.getByRole('table').getByRole('link', { name: 'Avery Quinn' }).first().click();
  await expect(
    blake.page.getByRole('heading', { name: 'Song swap with Avery Quinn' }),
  ).toBeVisible();
  await expect(blake.page.getByRole('listitem', { name: avery.song.name })).toBeVisible();

  await avery.page.getByRole('table').getByRole('link', { name: 'Blake Rivera' }).first().click();
  await expect(
    avery.page.getByRole('heading', { name: 'Song swap with Blake Rivera' }),
  ).toBeVisible();

  // Each places the other's song into their own playlist on Spotify.
  await approveAndPlace(blake, avery, 2);
  await approveAndPlace(avery, blake, 3);

  // Both accept; both screens show it accepted without a reload.
  await avery.page.getByRole('button', { name: 'Accept swap' }).click();
  await expect(avery.page.getByRole('button', { name: 'You accepted' })).toBeVisible();
  await blake.page.getByRole('button', { name: 'Accept swap' }).click();
  await expect(blake.page.getByRole('button', { name: 'You accepted' })).toBeVisible();
  await expect(statusOf(blake.page).getByText('Accepted', { exact: true })).toBeVisible();
  await expect(statusOf(avery.page).getByText('Accepted', { exact: true })).toBeVisible();
});
