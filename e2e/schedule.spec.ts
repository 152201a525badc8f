import { AxeBuilder } from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { test } from './appTest.js';
import { DEMO_CURATOR, awaitDemoLinks, signIn } from './support.js';

/**
 * The schedule journey of the demo curator Avery: Home's "Coming up" leads to the full schedule,
 * which lists swap ends and scheduled removals by day and filters them; the calendar URL made
 * there answers an iCalendar feed until it is revoked.
 */
test('Avery opens the schedule from Home, filters it, and makes and revokes the calendar URL', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/signin');
  await signIn(page, DEMO_CURATOR.email, DEMO_CURATOR.password);
  await awaitDemoLinks(page);

  await page.getByRole('link', { name: 'Full schedule' }).click();
  await expect(page).toHaveURL(/\/schedule$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  const schedule = page.getByRole('list', { name: 'Schedule' });
  const swapEnd = schedule.getByRole('link', { name: /^Swap ends\s*Swap with .+ ends$/ }).first();
  await expect(swapEnd).toBeVisible();
  await expect(swapEnd).toHaveAttribute('href', /^\/songswap\/[0-9a-f-]{36}$/);
  const removal = schedule.getByRole('link', { name: /^Removal\s*.+ leaves .+$/ }).first();
  await expect(removal).toBeVisible();
  await expect(removal).toHaveAttribute('href', /^\/playlists\/[^/]+\/[^/]+$/);
  await expect(schedule.getByRole('heading', { level: 2 }).first()).toBeVisible();

  // Filter by the partner of the first swap end: only that partner's swaps are left.
  const partner = /^Swap ends\s*Swap with (.+) ends$/.exec(
    (await swapEnd.innerText()).replace(/\n/g, ' '),
  )![1]!;
  await page.getByLabel('Partner').selectOption({ label: partner });
  await expect(schedule).not.toHaveAttribute('aria-busy');
  await expect(schedule.getByRole('link', { name: /^Removal/ })).toHaveCount(0);
  const withPartner = schedule.getByRole('link');
  await expect(withPartner.first()).toBeVisible();
  for (const text of await withPartner.allInnerTexts())
    expect(text).toContain(`Swap with ${partner}`);
  await page.getByLabel('Partner').selectOption({ label: 'All partners' });

  // Filter by playlist: its removals (and the swaps placed in it) only.
  const playlist = /leaves (.+)$/.exec((await removal.innerText()).replace(/\n/g, ' '))![1]!;
  await page.getByLabel('Playlist').selectOption({ label: playlist });
  // Until its answer arrives the list shows every playlist's entries, marked busy.
  await expect(schedule).not.toHaveAttribute('aria-busy');
  const inPlaylist = schedule.getByRole('link', { name: /^Removal/ });
  await expect(inPlaylist.first()).toBeVisible();
  for (const text of await inPlaylist.allInnerTexts()) expect(text).toContain(`leaves ${playlist}`);
  await page.getByLabel('Playlist').selectOption({ label: 'All playlists' });
  await expect(swapEnd).toBeVisible();

  // axe-core on the schedule: no serious or critical WCAG 2.1 AA violation.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target) }));
  expect(serious).toEqual([]);

  // The calendar URL: made once, answers text/calendar with the schedule, 404 once revoked.
  await page.getByRole('button', { name: 'Create calendar URL' }).click();
  const url = await page.getByLabel('Your calendar URL').inputValue();
  expect(url).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const path = new URL(url).pathname;
  // The feed needs no cookie: a calendar app reads it with the URL alone.
  const feed = await page.request.fetch(path, { headers: { cookie: '' } });
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const body = await feed.text();
  expect(body).toContain('BEGIN:VCALENDAR');
  expect(body).toMatch(/SUMMARY:Swap with .+ ends/);
  expect(body).toContain('DTSTART;VALUE=DATE:');

  await page.getByRole('button', { name: 'Revoke URL' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke your calendar URL?' });
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('You have no calendar URL.')).toBeVisible();
  expect((await page.request.fetch(path)).status()).toBe(404);
});
