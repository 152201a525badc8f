import { expect, type Page } from '@playwright/test';

/** The demo curator seeded at first start (README's documented sign-in). */
export const DEMO_CURATOR = {
  email: 'avery@demo.curator.test',
  password: 'curate-demo-2026',
  name: 'Avery Quinn',
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
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Reads the demo outbox (/dev/mail) like a person would and answers the newest link of a kind to an address. */
export async function linkFromOutbox(
  page: Page,
  address: string,
  route: 'onboarding/verify' | 'password/reset',
): Promise<string> {
  await page.goto('/dev/mail');
  const mail = page.locator('article', { hasText: address }).first();
  await expect(mail).toBeVisible();
  const href = await mail.locator(`a[href*="/${route}/"]`).first().getAttribute('href');
  if (!href) throw new Error(`no ${route} link for ${address}`);
  return new URL(href).pathname;
}

export async function expectShell(page: Page) {
  await expect(page.getByRole('banner')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const label of SIDEBAR_LABELS)
    await expect(nav.getByRole('link', { name: new RegExp(`^${label}`) })).toBeVisible();
}
