import { expect, type Page } from '@playwright/test';
import { test } from './appTest.js';
import { DEMO_CURATOR, DEMO_PASSWORD, awaitDemoLinks, signIn } from './support.js';

/**
 * Playlist health in the demo (docs/playlist-health.md): Finley, not Avery's friend, shows
 * Focus Flow, whose seeded follower history holds one unusual rise; the health job labelled
 * it Suspicious when the demo was linked. Avery sees the labels in Discovery, hides Finley
 * with the filter, and sees the same label when opening a swap with Finley.
 */
const FINLEY = 'Finley Pro';

const finleyCard = (page: Page) =>
  page.getByRole('list', { name: 'Potential partners' }).getByRole('article', { name: FINLEY });

test('Discovery shows health labels with evidence, the filter hides a bought-looking partner, and Open a swap shows the label', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await page.goto('/signin');
  await signIn(page, DEMO_CURATOR.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await awaitDemoLinks(page);

  // Finley is the last demo curator linked: Discovery lists him once his playlist is shown.
  await expect(async () => {
    await page.goto('/discovery');
    await expect(finleyCard(page)).toBeVisible({ timeout: 20_000 });
  }).toPass({ timeout: 120_000 });

  const card = finleyCard(page);
  const playlists = card.getByRole('list', { name: `Playlists of ${FINLEY}` });
  await expect(playlists.getByText('Suspicious', { exact: true })).toBeVisible();
  await expect(playlists.getByRole('list', { name: 'Why Focus Flow is Suspicious' })).toContainText(
    /\+\d+ followers on \d+ \w{3}, \d+ times its usual daily change/,
  );
  // The other partners' visible playlists carry a label too.
  const others = page
    .getByRole('list', { name: 'Potential partners' })
    .getByRole('article')
    .filter({ hasNotText: FINLEY });
  await expect(
    others
      .first()
      .getByText(/^(Clean|Not enough history yet)$/)
      .first(),
  ).toBeVisible();

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 1000 });
    // From the top, so the sticky header stays where it belongs in the full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(card.getByText('Suspicious', { exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`health-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The filter hides Finley, and keeps the others.
  // The box follows the address (?bought=hide), which the click changes: click, then look.
  const hide = page.getByRole('checkbox', { name: 'Hide curators whose playlists look bought' });
  await hide.click();
  await expect(hide).toBeChecked();
  await expect(page).toHaveURL(/bought=hide/);
  await expect(finleyCard(page)).toBeHidden();
  await expect(
    page.getByRole('list', { name: 'Potential partners' }).getByRole('article').first(),
  ).toBeVisible();

  // Open a swap with Finley: his playlists with the same label and evidence.
  await page.goto('/songswap');
  await page.getByRole('button', { name: 'Open a swap' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open a song swap' });
  await dialog.locator('label', { hasText: FINLEY }).click();
  await expect(dialog.getByRole('radio', { name: new RegExp(FINLEY) })).toBeChecked();
  const section = dialog.getByRole('region', { name: `${FINLEY}’s playlists` });
  await expect(section.getByText('Suspicious', { exact: true })).toBeVisible();
  await expect(section.getByRole('list', { name: 'Why Focus Flow is Suspicious' })).toContainText(
    'times its usual daily change',
  );
});
