import { expect } from '@playwright/test';
import { test } from './appTest.js';
import {
  DEMO_CURATOR,
  awaitDemoLinks,
  expectShell,
  linkFromOutbox,
  signIn,
  skipWelcome,
} from './support.js';

test('a newcomer signs up, verifies from the outbox, signs in and sees the shell', async ({
  page,
}) => {
  const email = `newcomer.${Date.now()}@example.test`;
  const password = 'lantern-harbour-violet-42';

  await page.goto('/signup');
  await page.getByLabel('Name').fill('Nico Newcomer');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

  const verifyPath = await linkFromOutbox(page, email, 'onboarding/verify');
  await page.goto(verifyPath);
  await expect(page.getByText('Your e-mail address is verified.')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/signin$/);
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  await skipWelcome(page);
  await expectShell(page);
  await expect(page.getByText('You have 14 days left in your trial')).toBeVisible();
});

test('a protected deep link survives sign-in, and sign-out lands on /signin', async ({ page }) => {
  await page.goto('/songswap?tab=pending');
  await expect(page).toHaveURL(/\/signin\?redirect=%2Fsongswap%3Ftab%3Dpending$/);

  await signIn(page, DEMO_CURATOR.email, DEMO_CURATOR.password);
  await expect(page).toHaveURL(/\/songswap\?tab=pending$/);
  // The demo curator is linked to the local Spotify: no welcome overlay.
  await awaitDemoLinks(page);
  await expect(page.getByRole('heading', { name: 'Song Swaps', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Song Swaps/ })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.getByRole('button', { name: `Account menu for ${DEMO_CURATOR.name}` }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  // Signed out deliberately: the session is gone on the server too.
  const startup = await page.request.get('/api/');
  expect((await startup.json()).user).toBeNull();
});

test('a protected route opened signed out asks for nothing of it before the guard sends to /signin', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && pathname !== '/api/') asked.push(pathname);
  });
  const unauthorized: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) unauthorized.push(new URL(response.url()).pathname);
  });
  for (const path of ['/playlists', '/playlists/some-account/some-playlist', '/messenger']) {
    // The server's guard answers a redirect before anything of the page is read.
    await page.goto(path);
    await expect(page).toHaveURL(/\/signin\?redirect=/);
    await expect(page.getByRole('heading', { name: 'Sign in to Curator' })).toBeVisible();
  }
  expect(asked).toEqual([]);
  expect(unauthorized).toEqual([]);
});

test('opening the root while signed out goes to plain /signin', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/signin$/);
});

test('a render crash shows the Application Error screen and is reported', async ({ page }) => {
  await page.goto('/signin');
  await signIn(page, DEMO_CURATOR.email, DEMO_CURATOR.password);
  await expect(page).toHaveURL(/\/$/);

  const report = page.waitForRequest(
    (request) => request.url().endsWith('/api/app/log/error') && request.method() === 'POST',
  );
  await awaitDemoLinks(page);
  await page.goto('/?crash=render');
  await expect(page.getByRole('heading', { name: 'Application Error' })).toBeVisible();
  await expect(
    page.getByText('Something went wrong. Please report this to our support team.'),
  ).toBeVisible();
  const sent = (await report).postDataJSON();
  expect(sent.error.message).toBeTruthy();
  expect(sent.location).toContain('crash=render');
});

test('an unknown route shows the router fallback', async ({ page }) => {
  await page.goto('/signin');
  await signIn(page, DEMO_CURATOR.email, DEMO_CURATOR.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/no/such/place');
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
});
