import { test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';

/**
 * Playwright's `test` whose pages wait, after each load of an app page (goto, reload), until
 * the app runs it (`data-app-ready` on the document). Every page comes rendered by the server,
 * and what is pressed before the app's JavaScript has run does nothing (a form's submit reloads
 * the page): a person waits for a page to respond, and so do these tests. Pages that are not
 * the app's (the demo outbox) are not waited for; nor is a load asked with another `waitUntil`.
 */
export const test = base.extend<object, { browser: Browser }>({
  page: async ({ page }, use) => {
    await use(waitingForApp(page));
  },
  context: async ({ context }, use) => {
    await use(contextWaitingForApp(context));
  },
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => contextWaitingForApp(await newContext(...args));
      const newPage = browser.newPage.bind(browser);
      browser.newPage = async (...args) => waitingForApp(await newPage(...args));
      await use(browser);
    },
    { scope: 'worker' },
  ],
});

const prepared = new WeakSet<object>();

function contextWaitingForApp(context: BrowserContext): BrowserContext {
  if (prepared.has(context)) return context;
  prepared.add(context);
  const newPage = context.newPage.bind(context);
  context.newPage = async () => waitingForApp(await newPage());
  return context;
}

function waitingForApp(page: Page): Page {
  if (prepared.has(page)) return page;
  prepared.add(page);
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (!options?.waitUntil) await appReady(page);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    if (!options?.waitUntil) await appReady(page);
    return response;
  };
  return page;
}

/** Waits until the app runs the page, if it is an app page (it has the app's root). */
async function appReady(page: Page): Promise<void> {
  if ((await page.locator('#root').count()) === 0) return;
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}
