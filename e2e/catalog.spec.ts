import { expect } from '@playwright/test';
import { test } from './appTest.js';
import { FREE_CURATOR, awaitDemoLinks, signIn } from './support.js';

const LATE_NIGHT = 'Wro5miOQZqqZM3Kg5uZFTV';

test('a free-plan curator builds a catalogue: by search, by link, an upcoming release; favourites, filters, removes, and meets the limit', async ({
  page,
}) => {
  const tracks = (
    await (await page.request.get(`/_spotify/_control/playlists/${LATE_NIGHT}/items`)).json()
  ).items as {
    trackId: string;
    name: string;
  }[];
  const distinct = [...new Map(tracks.map((track) => [track.trackId, track])).values()];
  const [bySearch, byLink, ...more] = distinct;

  await page.goto('/signin');
  await signIn(page, FREE_CURATOR.email, FREE_CURATOR.password);
  // Drew's one account (the free plan's limit) is Theo Okafor, linked by the demo seed.
  await awaitDemoLinks(page);
  await page.goto('/catalog');
  await expect(page.getByRole('heading', { name: 'Song Catalog', level: 1 })).toBeVisible();

  const search = page.getByLabel('Search Spotify or paste a track link');
  const addFromSpotify = async (query: string, name: string) => {
    await search.fill(query);
    await page
      .getByRole('button', { name: `Add ${name} to catalogue` })
      .first()
      .click();
    await expect(page.getByRole('button', { name: `Favourite ${name}` })).toBeVisible();
  };

  await addFromSpotify(bySearch!.name, bySearch!.name);
  await addFromSpotify(`https://open.spotify.com/track/${byLink!.trackId}`, byLink!.name);

  await page.getByRole('button', { name: 'Add upcoming release' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an upcoming release' });
  await dialog.getByLabel('Title').fill('Tomorrow’s Anthem');
  await dialog.getByLabel('Artists').fill('The Curators, Mira Lane');
  await dialog.getByLabel('Release date').fill(`${new Date().getUTCFullYear() + 1}-03-01`);
  await dialog.getByRole('button', { name: 'Add upcoming release' }).click();
  await expect(page.getByRole('button', { name: 'Favourite Tomorrow’s Anthem' })).toBeVisible();

  const star = page.getByRole('button', { name: `Favourite ${byLink!.name}` });
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Favourites' }).click();
  await expect(page.getByRole('button', { name: `Favourite ${byLink!.name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Favourite ${bySearch!.name}` })).toBeHidden();
  await page.getByRole('button', { name: 'Favourites' }).click();

  await page.getByRole('button', { name: `Actions for ${bySearch!.name}` }).click();
  await page.getByRole('menuitem', { name: 'Remove from catalogue…' }).click();
  await page.getByRole('button', { name: 'Remove song' }).click();
  await expect(page.getByRole('button', { name: `Favourite ${bySearch!.name}` })).toBeHidden();

  // Two songs and one upcoming release; the free plan holds five.
  for (const track of more.slice(0, 3))
    await addFromSpotify(`spotify:track:${track.trackId}`, track.name);
  await expect(page.getByText('5 of 5 songs on the free plan')).toBeVisible();
  await expect(page.getByText('Your catalogue is full.')).toBeVisible();

  // A sixth is refused with a message that offers the plans.
  await search.fill(`spotify:track:${more[3]!.trackId}`);
  await page
    .getByRole('button', { name: `Add ${more[3]!.name} to catalogue` })
    .first()
    .click();
  const limit = page.getByRole('alert').filter({ hasText: 'Plan limit reached' });
  await expect(limit).toBeVisible();
  await expect(limit.getByRole('link', { name: 'See plans' })).toHaveAttribute(
    'href',
    '/account/upgrade',
  );
  await expect(page.getByText('5 songs', { exact: true })).toBeVisible();
});
