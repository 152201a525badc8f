import { join } from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './appTest.js';
import { DEMO_PASSWORD, awaitDemoLinks, signIn } from './support.js';

const repoRoot = join(import.meta.dirname, '..');
const shot = (name: string) => join(repoRoot, 'docs/screenshots', name);

/** A demo curator signed in in a browser context of their own, their Spotify users linked. */
async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/signin');
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await awaitDemoLinks(page);
  return page;
}

const PITCH = 'Your Quiet Rooms list and my songs share a late-night mood: shall we swap?';
const REASON = 'Not my genre this month, sorry.';

test('a swap opened with a pitch shows it to the partner live; a declined swap shows its reason to the opener', async ({
  browser,
}) => {
  // Two curators sign in and wait for their demo links: more than the default minute on a busy machine.
  test.setTimeout(240_000);
  const avery = await signedIn(browser, 'avery@demo.curator.test');
  const blake = await signedIn(browser, 'blake@demo.curator.test');

  // Blake watches the Song Swaps list.
  await blake.goto('/songswap');
  const pendingTab = blake.getByRole('tab', { name: /^Pending/ });
  await expect(pendingTab).toHaveText(/\d/);
  const pendingBefore = Number((await pendingTab.textContent())!.replace(/\D+/g, ''));

  // Avery opens a swap with Blake, with a pitch.
  await avery.goto('/songswap');
  await avery.getByRole('button', { name: 'Open a swap' }).click();
  const dialog = avery.getByRole('dialog', { name: 'Open a song swap' });
  await dialog.locator('label', { hasText: 'Blake Rivera' }).click();
  await expect(dialog.getByRole('radio', { name: /Blake Rivera/ })).toBeChecked();
  await dialog.getByLabel('Pitch (optional)').fill(PITCH);
  await expect(dialog.getByText(/Blake Rivera sees it at the top of the swap/)).toBeVisible();
  for (const [width, name] of [
    [1440, 'open-swap-pitch.png'],
    [390, 'open-swap-pitch-mobile.png'],
  ] as const) {
    await avery.setViewportSize({ width, height: 900 });
    await dialog.getByLabel('Pitch (optional)').scrollIntoViewIfNeeded();
    await avery.screenshot({ path: shot(name) });
  }
  await avery.setViewportSize({ width: 1280, height: 720 });
  await dialog.getByRole('button', { name: 'Open swap' }).click();
  await expect(dialog).toBeHidden();

  // Blake sees it arrive live, its pitch under Avery's name, and at the top of the swap.
  await expect(pendingTab).toHaveText(new RegExp(`\\b${pendingBefore + 1}\\b`));
  await expect(blake.getByRole('table').getByText(`“${PITCH}”`)).toBeVisible();
  await blake.getByRole('table').getByRole('link', { name: 'Avery Quinn' }).first().click();
  const pitch = blake.getByRole('figure', { name: 'Pitch' });
  await expect(pitch).toContainText('Pitch from Avery Quinn');
  await expect(pitch).toContainText(PITCH);

  // Avery looks at the swap; Blake declines it with a reason.
  await avery.getByRole('table').getByRole('link', { name: 'Blake Rivera' }).first().click();
  await expect(avery.getByRole('figure', { name: 'Pitch' })).toContainText('Your pitch');
  await blake.getByRole('button', { name: 'Decline swap' }).click();
  const decline = blake.getByRole('dialog', { name: 'Decline this song swap?' });
  await decline.getByLabel('Reason for Avery Quinn (optional)').fill(REASON);
  await decline.getByRole('button', { name: 'Decline swap' }).click();
  await expect(blake).toHaveURL(/\/songswap$/);

  // Avery sees it declined, with the reason, without reloading.
  await expect(avery.getByText('Blake Rivera declined this song swap')).toBeVisible();
  await expect(avery.getByText(`Their reason: “${REASON}”`)).toBeVisible();
});
