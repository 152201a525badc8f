import { expect } from '@playwright/test';
import { test } from './appTest.js';
import { connectSpotify, signUpAndSignIn } from './support.js';

const FRESH_FINDS = 'W1KJdIulicn0Wys9FcxxGf'; // mara.velden's, 25 tracks, one of them twice

test('a curator connects Spotify and manages a playlist: lock, removal date, duplicates, insights, stopping asks first; a revoked grant leads to /spotify', async ({
  page,
}) => {
  await signUpAndSignIn(page, 'Pat Playlister');

  // The welcome overlay, exactly as the spec describes it.
  const welcome = page.getByRole('dialog', { name: 'Welcome, Pat Playlister!' });
  await expect(welcome).toBeVisible();
  await expect(welcome.getByText(/at least one streaming account/)).toBeVisible();
  await expect(welcome.getByRole('link', { name: "I'll do this later" })).toHaveAttribute(
    'href',
    '/profile/spotify',
  );
  await connectSpotify(page, 'Mara Velden');

  // Playlists: manage Fresh Finds Weekly.
  await page.goto('/playlists');
  const row = page.getByRole('listitem').filter({ hasText: 'Fresh Finds Weekly' });
  const manage = row.getByRole('switch', { name: 'Manage' });
  await expect(manage).toHaveAttribute('aria-checked', 'false');
  await manage.click();
  await expect(manage).toHaveAttribute('aria-checked', 'true');
  await expect(row.getByRole('switch', { name: 'Visible to other curators' })).toBeVisible();

  // Playlist details, with removal dates switched on (the flag is off by default).
  await row.getByRole('link', { name: 'Fresh Finds Weekly' }).click();
  await expect(page).toHaveURL(new RegExp(`/playlists/[^/]+/${FRESH_FINDS}$`));
  await page.goto(`${page.url()}?feature=trackRemovaleDate`);
  await expect(page.getByRole('heading', { name: 'Fresh Finds Weekly', level: 1 })).toBeVisible();

  const lock = page.getByRole('switch', { name: 'Lock position 1', exact: true });
  await lock.click();
  await expect(lock).toHaveAttribute('aria-checked', 'true');

  const removal = page.getByLabel(/^Removal date for /).first();
  await removal.fill('2030-01-15');
  await removal.blur();
  await expect(page.getByText('January 15, 2030').first()).toBeVisible();

  await expect(page.getByText('Duplicate', { exact: true }).first()).toBeVisible();
  await expect(
    page.getByRole('img', { name: /Follower history of Fresh Finds Weekly/ }),
  ).toBeVisible();

  // Nothing of Spotify's snapshot id, and no moves past either end of the playlist.
  await expect(page.getByText(/snapshot/i)).toHaveCount(0);
  const tracks = page.getByRole('table', { name: /Tracks of Fresh Finds Weekly/ });
  const rows = tracks.getByRole('row');
  await expect(rows.nth(1).getByRole('button', { name: /^Move .* up$/ })).toHaveCount(0);
  await expect(rows.last().getByRole('button', { name: /^Move .* down$/ })).toHaveCount(0);

  // A switch's words are its label: clicking them filters the duplicates, and back.
  await expect(rows).toHaveCount(1 + 25);
  const onlyDuplicates = page.getByText('Show only duplicates', { exact: true });
  await onlyDuplicates.click();
  await expect(page.getByRole('switch', { name: 'Show only duplicates' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(rows).not.toHaveCount(1 + 25);
  await onlyDuplicates.click();
  await expect(rows).toHaveCount(1 + 25);

  // Stopping managing asks first, naming what would be deleted; Cancel keeps it all.
  const manageHere = page.getByRole('switch', { name: 'Manage' });
  await manageHere.click();
  const stop = page.getByRole('dialog', { name: 'Stop managing Fresh Finds Weekly?' });
  await expect(stop).toContainText('its follower history');
  await expect(stop).toContainText('1 locked position');
  await expect(stop).toContainText('1 removal date');
  await stop.getByRole('button', { name: 'Cancel' }).click();
  await expect(stop).toBeHidden();
  await expect(manageHere).toHaveAttribute('aria-checked', 'true');

  // Someone revokes the app's access on Spotify; the next call finds out and the app asks to re-authorise.
  const revoked = await page.request.post('/_spotify/_control/revoke', {
    data: { userId: 'mara.velden' },
  });
  expect(revoked.ok()).toBe(true);
  await page.goto('/playlists');
  await expect(page).toHaveURL(/\/spotify$/);
  await expect(page.getByText('Needs re-authorisation')).toBeVisible();
});
