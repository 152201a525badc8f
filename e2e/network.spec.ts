import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './appTest.js';
import sharp from 'sharp';
import { DEMO_PASSWORD, awaitDemoLinks, linkFromOutbox, signIn, skipWelcome } from './support.js';

/**
 * The network journey: two demo curators in browser contexts of their own become
 * friends through Discovery, one groups the other and changes their picture, and a newcomer
 * signs up from an invitation link and lands as a friend. Finley (A) and Drew (B) are not
 * connected in the demo network (server/seed/demoNetwork.ts), and nobody has asked Drew yet,
 * so his Discovery badge starts empty.
 */
const FINLEY = { email: 'finley@demo.curator.test', name: 'Finley Pro' };
const DREW = { email: 'drew@demo.curator.test', name: 'Drew Free' };

interface Curator {
  page: Page;
  id: string;
}

async function me(page: Page): Promise<{ id: string; userProfilePicture: string | null }> {
  return (
    (await (await page.request.get('/api/')).json()) as {
      user: { id: string; userProfilePicture: string | null };
    }
  ).user;
}

/** A demo curator signed in, in a browser context of their own. */
async function curatorPage(browser: Browser, email: string): Promise<Curator> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/signin');
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  // Demo curators are linked to the local Spotify: no welcome overlay.
  await awaitDemoLinks(page);
  return { page, id: (await me(page)).id };
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function openFromSidebar(page: Page, label: string) {
  await sidebar(page)
    .getByRole('link', { name: new RegExp(`^${label}`) })
    .click();
  await expect(page.getByRole('heading', { name: label, level: 1 })).toBeVisible();
}

/** A picture a person could upload: a 600 px JPEG of one colour. */
async function photo(): Promise<Buffer> {
  return sharp({
    create: { width: 600, height: 600, channels: 3, background: { r: 20, g: 160, b: 120 } },
  })
    .jpeg()
    .toBuffer();
}

test('two curators become friends from Discovery, group, see a new picture, and a newcomer lands as a friend from an invitation', async ({
  browser,
}) => {
  // Three curators and some twenty screens: a generous budget for a busy machine.
  test.setTimeout(240_000);
  const finley = await curatorPage(browser, FINLEY.email);
  const drew = await curatorPage(browser, DREW.email);

  // Drew waits elsewhere in the app; no request for him yet.
  await drew.page.goto('/playlists');
  const drewBadge = sidebar(drew.page).getByLabel('1 friend request received');
  await expect(drewBadge).toBeHidden();

  // Finley finds Drew in Discovery and sends a request.
  await openFromSidebar(finley.page, 'Discovery');
  await finley.page.getByRole('searchbox', { name: 'Search by name' }).fill('Drew');
  const card = finley.page
    .getByRole('list', { name: 'Potential partners' })
    .getByRole('article', { name: DREW.name });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Send ${DREW.name} a friend request` }).click();
  await expect(
    card.getByRole('button', { name: `Cancel your friend request to ${DREW.name}` }),
  ).toBeVisible();

  // Drew's badge counts it live, without a reload.
  await expect(drewBadge).toBeVisible();
  await expect(drewBadge).toHaveText('1');

  // Drew accepts in Discovery; the badge goes.
  await openFromSidebar(drew.page, 'Discovery');
  await drew.page
    .getByRole('list', { name: 'Friend requests for you' })
    .getByRole('button', { name: `Accept ${FINLEY.name}’s friend request` })
    .click();
  await expect(drewBadge).toBeHidden();

  // Both see each other in My Network.
  await openFromSidebar(drew.page, 'My Network');
  await expect(
    drew.page.getByRole('list', { name: 'Friends' }).getByRole('link', { name: FINLEY.name }),
  ).toBeVisible();
  await openFromSidebar(finley.page, 'My Network');
  const finleyFriends = finley.page.getByRole('list', { name: 'Friends' });
  await expect(finleyFriends.getByRole('link', { name: DREW.name })).toBeVisible();

  // Finley makes a group with Drew in it.
  await finley.page.getByRole('tab', { name: 'Groups' }).click();
  await finley.page.getByLabel('New group').fill('Free-plan scouts');
  await finley.page.getByRole('button', { name: 'Create group' }).click();
  const group = finley.page.getByRole('region', { name: 'Group Free-plan scouts' });
  await expect(group).toBeVisible();
  await group.getByLabel('Add a friend to Free-plan scouts').selectOption({ label: DREW.name });
  await group.getByRole('button', { name: 'Add' }).click();
  await expect(
    group.getByRole('list', { name: 'Members of Free-plan scouts' }).getByRole('link', {
      name: DREW.name,
    }),
  ).toBeVisible();
  await finley.page.getByRole('tab', { name: 'Friends' }).click();
  await expect(
    finleyFriends
      .getByRole('list', { name: `${DREW.name}’s groups` })
      .getByText('Free-plan scouts'),
  ).toBeVisible();

  // Finley uploads a new picture…
  const before = (await me(finley.page)).userProfilePicture;
  await finley.page.goto('/profile/picture');
  await finley.page
    .getByLabel('Choose a picture')
    .setInputFiles({ name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  await finley.page.getByRole('button', { name: 'Upload picture' }).click();
  await expect(finley.page.getByText('Your new picture is saved.')).toBeVisible();
  const pictureId = (await me(finley.page)).userProfilePicture;
  expect(pictureId).toBeTruthy();
  expect(pictureId).not.toBe(before);

  // …and Drew sees it on Finley's profile, opened from My Network.
  await drew.page
    .getByRole('list', { name: 'Friends' })
    .getByRole('link', { name: FINLEY.name })
    .click();
  await expect(drew.page).toHaveURL(new RegExp(`/network/profile/${finley.id}$`));
  await expect(drew.page.getByRole('heading', { name: FINLEY.name, level: 1 })).toBeVisible();
  const picture = drew.page.locator('main img').first();
  await expect(picture).toHaveAttribute('src', `/api/users/profile/picture/${pictureId}`);
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  // Finley invites a curator with a link.
  await finley.page.goto('/network');
  await finley.page.getByRole('button', { name: 'Invite a curator' }).click();
  await finley.page.getByRole('button', { name: 'Create link' }).click();
  const link = await finley.page.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(/\/onboarding\/invite\/[\w-]+$/);
  await finley.page.getByRole('button', { name: 'Done' }).click();

  // A newcomer opens it in a fresh context, signs up, verifies from the outbox and signs in…
  const newcomer = await (await browser.newContext()).newPage();
  await newcomer.goto(new URL(link).pathname);
  await expect(
    newcomer.getByRole('heading', { name: `${FINLEY.name} invited you to Curator` }),
  ).toBeVisible();
  await newcomer.getByRole('link', { name: 'Sign up' }).click();
  await expect(newcomer).toHaveURL(/\/signup$/);
  const email = `invited.${Date.now()}@example.test`;
  const password = 'lantern-harbour-violet-42';
  await newcomer.getByLabel('Name').fill('Indra Invited');
  await newcomer.getByLabel('E-mail').fill(email);
  await newcomer.getByLabel('Password').fill(password);
  await newcomer.getByRole('button', { name: 'Create account' }).click();
  await expect(newcomer.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await newcomer.goto(await linkFromOutbox(newcomer, email, 'onboarding/verify'));
  await expect(newcomer.getByText('Your e-mail address is verified.')).toBeVisible();
  await newcomer.getByRole('link', { name: 'Sign in' }).click();
  await signIn(newcomer, email, password);

  // …and lands in My Network as Finley's friend.
  await expect(newcomer).toHaveURL(/\/network$/);
  await skipWelcome(newcomer);
  await expect(
    newcomer.getByText(`You accepted the invitation: you and ${FINLEY.name} are friends now.`),
  ).toBeVisible();
  await expect(
    newcomer.getByRole('list', { name: 'Friends' }).getByRole('link', { name: FINLEY.name }),
  ).toBeVisible();

  // Finley finds the newcomer among his friends, and the link is used up.
  await finley.page.reload();
  await expect(finleyFriends.getByRole('link', { name: 'Indra Invited' })).toBeVisible();
  await finley.page.getByRole('tab', { name: 'Invitations' }).click();
  await expect(finley.page.getByText('No open invitations')).toBeVisible();
});
