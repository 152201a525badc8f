import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { test } from './appTest.js';
import { routeScreens, type RouteScreen } from './routeScreens.js';
import { DEMO_CURATOR, awaitDemoLinks, signIn } from './support.js';

/**
 * Every screen fits a phone: at 390 px wide no route scrolls sideways. The routes come from the
 * router's own source (routeScreens.ts), so a screen added
 * to the router is walked without a change here. A route with parameters is filled with the
 * links the screens themselves show (a swap of the Song Swaps list, a playlist of Playlists,
 * a conversation of Messenger), found while walking; one no screen links to fails the test,
 * so a new kind of page gets a way to reach it.
 */
const PHONE = { width: 390, height: 844 };
const routes = routeScreens(
  readFileSync(join(import.meta.dirname, '../web/src/app/router.tsx'), 'utf8'),
);
const signedInRoutes = routes.filter((route) => route.layouts.includes('ProtectedLayout'));
const signedOutRoutes = routes.filter((route) => !route.layouts.includes('ProtectedLayout'));
/** Pages of one parameterised route walked at most: a few swaps in different states, every profile section. */
const PAGES_PER_PATTERN = 6;

const hasParameters = (route: RouteScreen) => route.path.includes(':');
/** '/songswap/:tradeId' -> /^\/songswap\/[^/?#]+$/ */
const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[\w-]+/g, '[^/?#]+')}$`);

interface Overflow {
  scrollWidth: number;
  clientWidth: number;
  /** The outermost boxes that reach past the right edge: where the page gets too wide. */
  outermost: string[];
  /** The innermost ones: usually why (a long word, a fixed width, a row that does not wrap). */
  innermost: string[];
}

/**
 * The document's sideways overflow, with the elements that cause it; null when it fits.
 * Elements inside a box that scrolls or clips sideways by itself do not widen the page.
 */
async function horizontalOverflow(page: Page): Promise<Overflow | null> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return null;
    const edge = root.clientWidth + 0.5;
    // Clipped by a box that scrolls or hides sideways, unless positioned out of it: an
    // absolutely positioned element (a screen-reader-only label) is clipped only by boxes from
    // its containing block up, and widens the page from anywhere inside.
    const clipped = (element: Element) => {
      let position = getComputedStyle(element).position;
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        const contains =
          position === 'fixed'
            ? false
            : position === 'absolute'
              ? style.position !== 'static'
              : true;
        if (!contains) continue;
        if (style.overflowX !== 'visible') return true;
        position = style.position;
      }
      return false;
    };
    const wide = [...document.body.querySelectorAll('*')].filter((element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.right > edge && !clipped(element);
    });
    const describe = (element: Element) => {
      const trail: string[] = [];
      for (
        let e: Element | null = element;
        e && e !== document.body && trail.length < 4;
        e = e.parentElement
      ) {
        const classes = [...e.classList].slice(0, 4).join('.');
        trail.unshift(
          `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${classes ? `.${classes}` : ''}`,
        );
      }
      const rect = element.getBoundingClientRect();
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
      return `${trail.join(' > ')} (left ${Math.round(rect.left)}, width ${Math.round(rect.width)}, right ${Math.round(rect.right)})${text ? ` "${text}"` : ''}`;
    };
    const outermost = wide.filter((element) => !wide.includes(element.parentElement as Element));
    const innermost = wide.filter(
      (element) => !wide.some((other) => other !== element && element.contains(other)),
    );
    return {
      scrollWidth: root.scrollWidth,
      clientWidth: root.clientWidth,
      outermost: outermost.slice(0, 4).map(describe),
      innermost: innermost.slice(0, 6).map(describe),
    };
  });
}

/** The screen has taken over the prerendered page, and nothing is loading any more. */
async function settled(page: Page) {
  await expect(page.locator('#root:not([data-prerendered])')).toBeAttached();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.animate-spin:visible')).toHaveCount(0);
}

/** The same-origin paths the page links to. */
async function linkedPaths(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('a[href]')]
      .map((link) => new URL((link as HTMLAnchorElement).href, location.href))
      .filter((url) => url.origin === location.origin)
      .map((url) => url.pathname),
  );
}

/** Opens a path at phone width and fails with the overflowing elements if it scrolls sideways. */
async function expectFits(page: Page, path: string) {
  await page.goto(path);
  await settled(page);
  const overflow = await horizontalOverflow(page);
  const report = overflow
    ? `${overflow.scrollWidth} px wide at ${overflow.clientWidth} px\n` +
      `  outermost:\n    ${overflow.outermost.join('\n    ')}\n` +
      `  innermost:\n    ${overflow.innermost.join('\n    ')}`
    : 'fits';
  // Soft: the walk goes on, so one run names every screen that does not fit.
  expect.soft(report, `${path} at ${PHONE.width} px`).toBe('fits');
}

/**
 * Walks the routes: those without parameters first, then each parameterised one at the links
 * to it that the walked pages show (pages reached that way add their links too).
 */
async function walk(
  page: Page,
  list: RouteScreen[],
  fill: (route: RouteScreen) => string[] = () => [],
) {
  const seen = new Set<string>();
  const queue = list.filter((route) => !hasParameters(route)).map((route) => route.path);
  const parameterised = list.filter(hasParameters);
  const visited = new Map(parameterised.map((route) => [route.path, [...fill(route)]]));
  queue.push(...[...visited.values()].flat());
  const fitted: string[] = [];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    await test.step(path, () => expectFits(page, path));
    fitted.push(path);
    for (const linked of await linkedPaths(page)) {
      const route = parameterised.find((candidate) => patternOf(candidate.path).test(linked));
      const pages = route && visited.get(route.path);
      if (!pages || pages.includes(linked) || pages.length >= PAGES_PER_PATTERN) continue;
      pages.push(linked);
      queue.push(linked);
    }
  }
  const unreached = [...visited].filter(([, pages]) => pages.length === 0).map(([path]) => path);
  expect(unreached, 'routes no walked screen links to').toEqual([]);
  return fitted;
}

test.use({ viewport: PHONE });

test('the router has signed-in and signed-out screens to walk', () => {
  expect(signedInRoutes.length).toBeGreaterThan(15);
  expect(signedOutRoutes.map((route) => route.path)).toContain('/signin');
});

test('no signed-out screen scrolls sideways at 390 px', async ({ page }) => {
  // Links mailed to a visitor carry a code; a made-up one shows the screen's "link is not
  // valid" state, which has to fit as well.
  await walk(page, signedOutRoutes, (route) => [
    route.path.replace(/:[\w-]+/g, 'a-made-up-code-that-is-not-valid'),
  ]);
});

test('no signed-in screen of the demo curator scrolls sideways at 390 px, Song Swaps shows cards', async ({
  page,
}) => {
  // Some forty pages, each until its data has come.
  test.setTimeout(600_000);
  await page.goto('/signin');
  await signIn(page, DEMO_CURATOR.email, DEMO_CURATOR.password);
  await expect(page).toHaveURL(/\/$/);
  await awaitDemoLinks(page);

  // A conversation whose message holds a long link and a long word, as curators paste them.
  await page.goto('/network');
  await settled(page);
  const profile = await page.locator('a[href^="/network/profile/"]').first().getAttribute('href');
  await page.goto(`/messenger?with=${profile!.split('/').at(-1)}`);
  await expect(page).toHaveURL(/\/messenger\/[^/?]+$/);
  const composer = page.getByRole('textbox', { name: /^Message to / });
  const link = `https://open.spotify.com/playlist/${'W1KJdIulicn0Wys9FcxxGf'.repeat(4)}?si=${'a'.repeat(40)}`;
  await composer.fill(
    `Here is the list: ${link} — Supercalifragilisticexpialidociously-long-title-2026`,
  );
  await composer.press('Enter');
  await expect(page.getByRole('listitem').filter({ hasText: link }).last()).toBeVisible();

  const fitted = await walk(page, signedInRoutes);
  expect(fitted).toEqual(expect.arrayContaining(['/', '/songswap', '/messenger', '/schedule']));

  // Song Swaps lists its swaps as cards: each row stacks its cells, nothing scrolls sideways.
  await page.goto('/songswap');
  await settled(page);
  const scroller = page.getByTestId('trades-table-scroller');
  await expect(scroller.getByRole('row').nth(1)).toBeVisible();
  expect(
    await scroller.evaluate((element) => element.scrollWidth - element.clientWidth),
  ).toBeLessThanOrEqual(0);
  const cells = scroller.getByRole('row').nth(1).getByRole('cell');
  const first = (await cells.first().boundingBox())!;
  const last = (await cells.last().boundingBox())!;
  expect(last.y, 'the cells of a swap stack into a card').toBeGreaterThan(first.y);
});
