import { expect, test, type Page } from '@playwright/test';
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

/**
 * Holds the app's chunks back, as on a slow phone (the entry and its runtime are not), until
 * the returned release is called.
 */
async function holdAppChunks(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(?!index-|rolldown-runtime-)[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('the sign-in screen is painted before any script, and what is done on it meanwhile is kept', async ({
  page,
}) => {
  const release = await holdAppChunks(page);

  await page.goto('/signin', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Sign in to Curator' })).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered');
  await expect(page).toHaveTitle('Sign in · Curator');
  await page.getByLabel('E-mail').fill(DEMO_CURATOR.email);
  await page.getByLabel('Password').fill(DEMO_CURATOR.password);
  // Enter before the app is there is held: the page stays, no password in its URL.
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered');

  // Once the app has the screen, with what was typed, the held submit signs in.
  release();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
});

test('a press on Sign in that the app takes the page over in the middle of still signs in', async ({
  page,
}) => {
  const release = await holdAppChunks(page);
  await page.goto('/signin', { waitUntil: 'commit' });
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered');
  await page.getByLabel('E-mail').fill(DEMO_CURATOR.email);
  await page.getByLabel('Password').fill(DEMO_CURATOR.password);
  // Pressed on the page as sent, the app takes it over, released on the app's button: the
  // browser makes no click of a press and a release on two elements.
  await page.getByRole('button', { name: 'Sign in', exact: true }).hover();
  await page.mouse.down();
  release();
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await page.mouse.up();
  await expect(page).toHaveURL(/\/$/);
});

test('the other signed-out screens are painted before any script too, and the app takes them over', async ({
  page,
}) => {
  const release = await holdAppChunks(page);

  for (const [path, heading, title] of [
    ['/signup', 'Create your account', 'Sign up · Curator'],
    ['/forgotpassword', 'Forgot your password?', 'Forgot password · Curator'],
    ['/termsandconditions', 'Terms and Conditions', 'Terms and Conditions · Curator'],
    ['/privacy', 'Privacy Policy', 'Privacy Policy · Curator'],
  ] as const) {
    await page.goto(path, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered');
    await expect(page).toHaveTitle(title);
  }

  // A link followed before the app is there is an ordinary page load of a prerendered screen.
  await page.getByRole('link', { name: 'Terms and Conditions' }).click();
  await expect(page).toHaveURL(/\/termsandconditions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();

  release();
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
  await expect(page).toHaveTitle(/Terms and Conditions/);
});

test('a signed-in curator’s home, Playlists, Messenger and Song Swaps are painted before any script, and the app takes them over', async ({
  page,
}) => {
  await page.goto('/signin');
  await signIn(page, DEMO_CURATOR.email, DEMO_CURATOR.password);
  await expect(page).toHaveURL(/\/$/);

  const release = await holdAppChunks(page);
  const startupCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/') startupCalls.push(request.url());
  });
  await page.goto('/', { waitUntil: 'commit' });
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome, ${DEMO_CURATOR.name}` }),
  ).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered');
  await expect(page).toHaveTitle('Home · Curator');
  await expect(page.getByRole('link', { name: 'Song Catalog' }).first()).toBeVisible();

  release();
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome, ${DEMO_CURATOR.name}` }),
  ).toBeVisible();
  // The page carried the start-up answer it was rendered with: the app did not ask again.
  expect(startupCalls).toEqual([]);
  // The app's own navigation from here on.
  await page.getByRole('navigation').getByRole('link', { name: 'Song Catalog' }).click();
  await expect(page).toHaveURL(/\/catalog$/);

  // Messenger too, with the conversations read for it: the app asks for neither again to take
  // the page over; once its realtime channel is up it reads the conversations once, for what
  // came between the server's read and the channel (docs/decisions.md, "The messenger catches up on every connect").
  const releaseMessenger = await holdAppChunks(page);
  let releaseChannel = () => {};
  const channelReleased = new Promise<void>((resolve) => (releaseChannel = resolve));
  await page.route(/\/assets\/realtimeSocket-[^/]+\.js$/, async (route) => {
    await channelReleased;
    await route.fallback();
  });
  // The reads of the page at `shown`: the page before may still be finishing its own (the
  // channel's catch-up among them) while the next address loads.
  const reads: string[] = [];
  let shown = '/messenger';
  page.on('request', (request) => {
    if (new URL(request.frame().url()).pathname === shown)
      reads.push(new URL(request.url()).pathname);
  });
  await page.goto('/messenger', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Messenger' })).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered');
  await expect(page).toHaveTitle('Messenger · Curator');
  releaseMessenger();
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await expect(page.getByRole('heading', { level: 1, name: 'Messenger' })).toBeVisible();
  const conversationReads = () =>
    reads.filter((path) => path === '/api/' || path === '/api/messenger/conversations');
  expect(conversationReads()).toEqual([]);
  releaseChannel();
  await expect.poll(conversationReads).toEqual(['/api/messenger/conversations']);

  // Song Swaps too, with the open swaps in their buckets.
  const releaseSwaps = await holdAppChunks(page);
  reads.length = 0;
  shown = '/songswap';
  await page.goto('/songswap', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Song Swaps' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Pending \d+$/ })).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered');
  await expect(page).toHaveTitle('Song Swaps · Curator');
  // A button pressed before the app is there is pressed again once the app has the screen.
  await page.getByRole('button', { name: 'Open a swap' }).click();
  releaseSwaps();
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await expect(page.getByRole('dialog', { name: 'Open a song swap' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Open a song swap' })).toBeHidden();
  await expect(page.getByRole('tab', { name: /^Pending \d+$/ })).toBeVisible();
  expect(reads.filter((path) => path === '/api/' || path === '/api/trades/all')).toEqual([]);

  // Playlists too, with each account's playlists read from Spotify for it.
  const releasePlaylists = await holdAppChunks(page);
  reads.length = 0;
  shown = '/playlists';
  await page.goto('/playlists', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Playlists' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Manage' }).first()).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered');
  await expect(page).toHaveTitle('Playlists · Curator');
  releasePlaylists();
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await expect(page.getByRole('switch', { name: 'Manage' }).first()).toBeVisible();
  expect(reads.filter((path) => path === '/api/' || path.startsWith('/api/playlists/'))).toEqual(
    [],
  );

  // Signed out, the same address is the boot screen again, and the app sends to sign-in.
  await page.context().clearCookies();
  await page.goto('/');
  await expect(page).toHaveURL(/\/signin$/);
});
