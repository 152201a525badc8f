import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { test } from './appTest.js';
import { DEMO_CURATOR, awaitDemoLinks, signIn } from './support.js';

const PLAYLIST = 'Morning Coffee Acoustic'; // Avery manages it on Mara Velden's account; 0 is locked

interface Item {
  position: number;
  trackId: string;
  name: string;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function spotifyItems(page: Page, playlistId: string): Promise<Item[]> {
  const answer = await page.request.get(`/_spotify/_control/playlists/${playlistId}/items`);
  return ((await answer.json()) as { items: Item[] }).items;
}

/** An edit on the local Spotify as another app (or the owner in Spotify's app) would make it. */
async function editOutside(page: Page, playlistId: string, edit: object) {
  const answer = await page.request.post('/_spotify/_control/edit', {
    data: { playlistId, edit },
  });
  expect(answer.ok()).toBe(true);
}

test('a curator follows a playlist’s history, restores a version after an outside edit, finds where a song is and downloads CSVs', async ({
  page,
}) => {
  // A long journey: history, an outside edit, a restore, the catalogue and two downloads.
  test.setTimeout(180_000);
  await page.goto('/signin');
  await signIn(page, DEMO_CURATOR.email, DEMO_CURATOR.password);
  await awaitDemoLinks(page);
  const startup = (await (await page.request.get('/api/')).json()) as {
    user: { accounts: { id: string; email: string }[] };
  };
  const accountId = startup.user.accounts.find((account) => account.email === 'Mara Velden')!.id;
  const listed = (await (
    await page.request.get('/_spotify/_control/playlists?userId=mara.velden')
  ).json()) as { playlists: { id: string; name: string }[] };
  const playlistId = listed.playlists.find((playlist) => playlist.name === PLAYLIST)!.id;

  // A change by the product: move the third track down one.
  await page.goto(`/playlists/${accountId}/${playlistId}`);
  await expect(page.getByRole('heading', { name: PLAYLIST, level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  const original = await spotifyItems(page, playlistId);
  const moved = original[2]!;
  await page.getByRole('button', { name: `Move ${moved.name} down` }).click();
  await expect
    .poll(async () => (await spotifyItems(page, playlistId))[3]?.trackId)
    .toBe(moved.trackId);
  const afterProduct = await spotifyItems(page, playlistId);

  // The History tab: the start of the history and the product's move.
  await page.getByRole('tab', { name: 'History' }).click();
  const versions = page.getByRole('list', { name: 'Versions, newest first' });
  const version = (n: number) =>
    versions.getByRole('listitem').filter({ hasText: new RegExp(`^Version ${n} ·`) });
  await expect(version(2)).toContainText('Changed in Curator');
  // Moving one track down past its neighbour is the neighbour moving up: either says it.
  const neighbour = original[3]!;
  await expect(version(2)).toContainText(
    new RegExp(
      `Moved “${escaped(moved.name)}” from 3 to 4|Moved “${escaped(neighbour.name)}” from 4 to 3`,
    ),
  );
  await expect(version(1)).toContainText('History started');

  // Another app removes a track and moves one to the top (below the lock) on Spotify.
  const removed = afterProduct[5]!;
  const raised = afterProduct[8]!;
  await editOutside(page, playlistId, { kind: 'remove', position: 5 });
  await editOutside(page, playlistId, { kind: 'move', from: 7, to: 1 });

  // Opening the history again records what changed outside the product.
  await page.reload();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(version(3)).toContainText('Changed outside Curator');
  await expect(version(3)).toContainText(`Removed “${removed.name}” from 6`);
  await expect(version(3)).toContainText(`Moved “${raised.name}” from`);

  // Compare the product's version with the outside one.
  await version(2).getByRole('checkbox', { name: 'Compare' }).check();
  await version(3).getByRole('checkbox', { name: 'Compare' }).check();
  const diff = page.getByRole('region', { name: 'Changes from version 2 to version 3' });
  await expect(diff).toContainText(`Removed “${removed.name}” from 6`);
  await expect(diff).toContainText(`Moved “${raised.name}” from`);

  // Restore version 2: the dialog says what stays and asks first.
  await version(2).getByRole('button', { name: 'Restore version 2' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore version 2?' });
  await expect(dialog).toContainText('Locked tracks stay at their positions');
  await expect(dialog).not.toContainText('swap');
  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  await expect(dialog).toBeHidden();
  await expect(version(4)).toContainText('Changed in Curator');
  // Spotify holds exactly version 2 again, the lock at 1 included.
  expect((await spotifyItems(page, playlistId)).map((item) => item.trackId)).toEqual(
    afterProduct.map((item) => item.trackId),
  );
  await page.screenshot({ path: 'test-results/history-restored.png', fullPage: true });

  // The playlist as CSV: its name as the file name, the header row, one row per track.
  const [playlistCsv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(playlistCsv.suggestedFilename()).toBe(`${PLAYLIST}.csv`);
  const playlistRows = (await readFile((await playlistCsv.path())!, 'utf8')).trim().split(/\r?\n/);
  expect(playlistRows[0]).toBe('position,track,artists,album,isrc,added at,locked,removal date');
  expect(playlistRows).toHaveLength(1 + afterProduct.length);
  expect(playlistRows[1]).toMatch(/^1,.*,yes,/);

  // Where is this song: from the catalogue, with the position and since when.
  const song = afterProduct[3]!; // the track moved by the product, at 4 now
  await page.goto('/catalog');
  await page
    .getByLabel('Search Spotify or paste a track link')
    .fill(`https://open.spotify.com/track/${song.trackId}`);
  await page
    .getByRole('button', { name: `Add ${song.name} to catalogue` })
    .first()
    .click();
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Favourite ${song.name}` }) });
  await row.getByRole('button', { name: 'Where is it?' }).click();
  const where = row.getByRole('region', { name: `Where “${song.name}” is` });
  await expect(where).toContainText(
    new RegExp(`${PLAYLIST} at 4, ?since [A-Z][a-z]+ \\d\\d, \\d{4}`),
  );

  // A title typed by a curator that a spreadsheet would run as a formula is neutralised.
  await page.getByRole('button', { name: 'Add upcoming release' }).click();
  const upcoming = page.getByRole('dialog', { name: 'Add an upcoming release' });
  await upcoming.getByLabel('Title').fill('=HYPERLINK("http://evil.test","Open")');
  await upcoming.getByLabel('Artists').fill('The Curators');
  await upcoming.getByLabel('Release date').fill(`${new Date().getUTCFullYear() + 1}-03-01`);
  await upcoming.getByRole('button', { name: 'Add upcoming release' }).click();
  await expect(upcoming).toBeHidden();
  const [catalogCsv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(catalogCsv.suggestedFilename()).toMatch(/\.csv$/);
  const catalogText = await readFile((await catalogCsv.path())!, 'utf8');
  expect(catalogText).toContain(`"'=HYPERLINK(""http://evil.test"",""Open"")"`);
  expect(catalogText).not.toMatch(/(^|,)=HYPERLINK/m);
});
