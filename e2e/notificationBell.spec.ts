import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './appTest.js';
import { DEMO_CURATOR, DEMO_PASSWORD, awaitDemoLinks, signIn } from './support.js';

/**
 * The notification centre, live between two browsers: Avery waits on Home; Finley, who is not
 * connected to Avery in the demo network (server/seed/demoNetwork.ts: Blake is already Avery's
 * friend), sends her a friend request from Discovery in a context of his own. Avery's bell
 * count and Home's friend-request count rise without a reload; the bell lists the request,
 * which opens Finley's profile. With the bell open, Home has no serious or critical WCAG 2.1
 * AA violation.
 */
const FINLEY = { email: 'finley@demo.curator.test', name: 'Finley Pro' };

async function curatorPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/signin');
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await awaitDemoLinks(page);
  return page;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });

async function unreadOf(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/, (\d+) unread$/.exec(name)?.[1] ?? 0);
}

/** Home's "friend requests" to-do: its count (0 when the card says none). */
async function homeRequestsOf(page: Page): Promise<number> {
  const link = page.getByRole('main').getByRole('link', { name: /^\d+ friend requests?$/ });
  if ((await link.count()) === 0) return 0;
  return Number(/^(\d+)/.exec((await link.textContent()) ?? '')?.[1] ?? 0);
}

test('a friend request raises the bell and Home live; the bell lists it and links to the sender', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const avery = await curatorPage(browser, DEMO_CURATOR.email);
  await expect(avery.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(bell(avery)).toBeVisible();
  // The desk and the bell's first read have arrived.
  await expect(
    avery.getByRole('main').getByRole('link', { name: /^\d+ friend requests?$/ }),
  ).toBeVisible();
  const unreadBefore = await unreadOf(avery);
  const requestsBefore = await homeRequestsOf(avery);

  const finley = await curatorPage(browser, FINLEY.email);
  await finley.goto('/discovery');
  await finley.getByRole('searchbox', { name: 'Search by name' }).fill('Avery');
  const card = finley
    .getByRole('list', { name: 'Potential partners' })
    .getByRole('article', { name: DEMO_CURATOR.name });
  await card.getByRole('button', { name: `Send ${DEMO_CURATOR.name} a friend request` }).click();
  await expect(
    card.getByRole('button', { name: `Cancel your friend request to ${DEMO_CURATOR.name}` }),
  ).toBeVisible();

  // Live on Avery's Home, no reload: the bell's count and the desk's request count.
  await expect(
    avery.getByRole('button', { name: `Notifications, ${unreadBefore + 1} unread` }),
  ).toBeVisible();
  await expect(
    avery.getByRole('main').getByRole('link', {
      name: `${requestsBefore + 1} friend request${requestsBefore + 1 === 1 ? '' : 's'}`,
    }),
  ).toBeVisible();

  await bell(avery).click();
  const panel = avery.getByRole('region', { name: 'Notifications' });
  const entry = panel.getByRole('link', { name: `New: ${FINLEY.name} sent you a friend request` });
  await expect(entry).toBeVisible();

  const results = await new AxeBuilder({ page: avery })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => ({ target: node.target, summary: node.failureSummary })),
    }));
  expect(serious).toEqual([]);

  // Seen in the open list: marked read, so the count drops.
  await expect(bell(avery)).toHaveAccessibleName(
    unreadBefore === 0 ? 'Notifications' : `Notifications, ${unreadBefore} unread`,
  );

  await entry.click();
  await expect(avery).toHaveURL(/\/discovery\/profile\/[0-9a-f-]+$/);
  await expect(avery.getByRole('heading', { name: FINLEY.name, level: 1 })).toBeVisible();
  await expect(panel).toBeHidden();
});

test('on a phone the open bell fits the screen', async ({ browser }) => {
  const page = await (
    await browser.newContext({ viewport: { width: 390, height: 844 } })
  ).newPage();
  await page.goto('/signin');
  await signIn(page, DEMO_CURATOR.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await awaitDemoLinks(page);
  await bell(page).click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    ),
  ).toBe(true);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell(page)).toBeFocused();
});
