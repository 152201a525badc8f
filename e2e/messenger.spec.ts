import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './appTest.js';
import { DEMO_PASSWORD, awaitDemoLinks, signIn } from './support.js';

/** A curator signed in, in a browser context of their own. */
async function curatorPage(browser: Browser, email: string): Promise<{ page: Page; id: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/signin');
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  // Demo curators are linked to the local Spotify: no welcome overlay.
  await awaitDemoLinks(page);
  const id = ((await (await page.request.get('/api/')).json()) as { user: { id: string } }).user.id;
  return { page, id };
}

test('two curators chat live: online dots, a message appears for the other, the badge counts it, opening clears it', async ({
  browser,
}) => {
  const blake = await curatorPage(browser, 'blake@demo.curator.test');
  const casey = await curatorPage(browser, 'casey@demo.curator.test');

  // Blake starts the conversation and writes, so Casey sees his green dot.
  await blake.page.goto(`/messenger?with=${casey.id}`);
  const thread = blake.page.getByLabel('Message to Casey Morgan');
  await expect(thread).toBeVisible();
  await blake.page
    .getByRole('textbox', { name: 'Message to Casey Morgan' })
    .fill('Hi Casey! Fancy a swap?');
  await blake.page.keyboard.press('Enter');
  await expect(
    blake.page.getByLabel('Messages with Casey Morgan').getByText('Hi Casey! Fancy a swap?'),
  ).toBeVisible();

  // Casey, elsewhere in the app, is told live: the sidebar badge counts the conversation.
  const badge = casey.page
    .getByRole('navigation', { name: 'Main' })
    .getByLabel('1 conversation with unread messages');
  await expect(badge).toBeVisible();

  await casey.page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Messenger/ })
    .click();
  const conversation = casey.page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link', { name: /Blake Rivera/ });
  await expect(conversation).toBeVisible();
  await expect(conversation.getByRole('img', { name: 'online' })).toBeVisible();
  await conversation.click();
  await expect(
    casey.page.getByLabel('Messages with Blake Rivera').getByText('Hi Casey! Fancy a swap?'),
  ).toBeVisible();
  await expect(badge).toBeHidden();

  // Casey answers; it appears live in Blake's open thread.
  await blake.page.goto('/messenger');
  const withCasey = blake.page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link', { name: /Casey Morgan/ });
  await withCasey.click();
  await casey.page
    .getByRole('textbox', { name: 'Message to Blake Rivera' })
    .fill('Sure, send me your catalogue.');
  await casey.page.keyboard.press('Enter');
  await expect(
    blake.page.getByLabel('Messages with Casey Morgan').getByText('Sure, send me your catalogue.'),
  ).toBeVisible();

  // Having written to Blake, Casey is shown online to him (presence is shared with friends and
  // with the people one has written to; before answering, Blake saw no dot).
  await blake.page.goto('/messenger');
  await expect(withCasey.getByRole('img', { name: 'online' })).toBeVisible();
});
