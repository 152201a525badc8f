import { expect, type Page } from '@playwright/test';

/** The demo curators seeded at first start (README's documented sign-in). */
export const DEMO_PASSWORD = 'curate-demo-2026';
export const DEMO_CURATOR = {
  email: 'avery@demo.curator.test',
  password: DEMO_PASSWORD,
  name: 'Avery Quinn',
};
export const FREE_CURATOR = {
  email: 'drew@demo.curator.test',
  password: DEMO_PASSWORD,
  name: 'Drew Free',
};

export const SIDEBAR_LABELS = [
  'Home',
  'Playlists',
  'Song Catalog',
  'Song Swaps',
  'My Network',
  'Discovery',
  'Messenger',
  'Your Profile',
];

export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Reads the demo outbox (/dev/mail) like a person would and answers the newest link of a kind to an address. */
export async function linkFromOutbox(
  page: Page,
  address: string,
  route: 'onboarding/verify' | 'onboarding/email' | 'onboarding/undo' | 'password/reset',
): Promise<string> {
  await page.goto('/dev/mail');
  // The newest mail to the address with such a link (a "New sign-in" mail may be newer).
  const mail = page
    .locator('article', { hasText: address })
    .filter({ has: page.locator(`a[href*="/${route}/"]`) })
    .first();
  await expect(mail).toBeVisible();
  const href = await mail.locator(`a[href*="/${route}/"]`).first().getAttribute('href');
  if (!href) throw new Error(`no ${route} link for ${address}`);
  return new URL(href).pathname;
}

/**
 * Answers the "Confirm it's you" dialog a security change opens (when this session has not
 * re-authenticated in the last minutes) with the password; the change then carries on.
 */
export async function confirmItIsMe(page: Page, password: string) {
  const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await dialog.getByLabel('Your password').fill(password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
}

/** Signs up a new curator, verifies the address from the outbox and signs in. */
export async function signUpAndSignIn(page: Page, name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.test`;
  const password = 'lantern-harbour-violet-42';
  await page.goto('/signup');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await page.goto(await linkFromOutbox(page, email, 'onboarding/verify'));
  await expect(page.getByText('Your e-mail address is verified.')).toBeVisible();
  await page.goto('/signin');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  return { email, password };
}

/** Curators without a Spotify account are welcomed by an overlay; Escape skips it for the session. */
export async function skipWelcome(page: Page) {
  const welcome = page.getByRole('dialog', { name: /^Welcome,/ });
  await expect(welcome).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(welcome).toBeHidden();
}

/**
 * Demo curators (all but Gale) are linked to the local Spotify in the background once the
 * server listens (docs/spotify.md, "Demo"): after signing one in, wait until the link is there,
 * then reload the page, which may have read its user before the link was made (it would show
 * the welcome overlay).
 */
export async function awaitDemoLinks(page: Page) {
  await expect
    .poll(
      async () => {
        const startup = (await (await page.request.get('/api/')).json()) as {
          user: { accounts: unknown[] } | null;
        };
        return startup.user?.accounts.length ?? 0;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  // Always, not only when the poll had to wait: sign-in may answer before the links are made
  // and the first poll come after them.
  await page.reload();
}

/** Connects a demo Spotify user through the local Spotify's consent page. */
export async function connectSpotify(page: Page, displayName: string) {
  await page.getByRole('button', { name: 'Connect Spotify Account' }).click();
  await expect(page).toHaveURL(/\/_spotify\/accounts\/authorize\?/);
  await page.getByRole('button', { name: new RegExp(displayName) }).click();
  await expect(page).toHaveURL(/\/spotify\/callback\?/);
  await expect(page.getByText(`Connected ${displayName}`)).toBeVisible();
}

export async function expectShell(page: Page) {
  await expect(page.getByRole('banner')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const label of SIDEBAR_LABELS)
    await expect(nav.getByRole('link', { name: new RegExp(`^${label}`) })).toBeVisible();
}
