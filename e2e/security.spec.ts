import { expect } from '@playwright/test';
import { test } from './appTest.js';
import { generate } from 'otplib';
import { confirmItIsMe, linkFromOutbox, signIn, signUpAndSignIn, skipWelcome } from './support.js';

/** Waits for the next 30-second TOTP step, so a fresh code is not the one already spent. */
async function nextStep(): Promise<void> {
  const msLeft = 30_000 - (Date.now() % 30_000);
  await new Promise((resolve) => setTimeout(resolve, msLeft + 500));
}

test('a curator turns on TOTP, signs out another session, and signs in again with a code', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { email, password } = await signUpAndSignIn(page, 'Tia Twofactor');
  await skipWelcome(page);

  // A second device.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/signin');
  await signIn(otherPage, email, password);
  await expect(otherPage).toHaveURL(/\/$/);

  await page.goto('/profile/security');
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await confirmItIsMe(page, password);
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.locator('code').first().textContent())!.trim();
  await page.getByLabel('Code from the app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(
    page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);

  // The session list: this device marked, the other signed out from here.
  const sessions = page.getByRole('list', { name: 'Where you are signed in' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByText('This device')).toBeVisible();
  await page.screenshot({ path: 'docs/screenshots/security.png', fullPage: true });
  await sessions.getByRole('button', { name: /^Sign out / }).click();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  const otherMe = await otherPage.request.get('/api/');
  expect((await otherMe.json()).user).toBeNull();
  await other.close();

  // Sign out, then in: the password asks for the second step.
  await page.request.post('/api/auth/signout');
  await page.goto('/signin');
  await signIn(page, email, password);
  await expect(page.getByRole('form', { name: 'Two-factor sign-in' })).toBeVisible();
  await nextStep();
  await page.getByLabel('Code').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the undo link mailed when TOTP was turned on signs everyone out and turns it off', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { email, password } = await signUpAndSignIn(page, 'Uma Undo');
  await skipWelcome(page);
  await page.goto('/profile/security');
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await confirmItIsMe(page, password);
  const secret = (await page.locator('code').first().textContent())!.trim();
  await page.getByLabel('Code from the app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' })).toBeVisible();

  // "This was not me": the link asks first, then undoes.
  await page.goto(await linkFromOutbox(page, email, 'onboarding/undo'));
  await page.getByRole('button', { name: 'Undo the change and sign everyone out' }).click();
  // This browser's session ended with every other one.
  await expect.poll(async () => (await (await page.request.get('/api/')).json()).user).toBeNull();

  // The password alone signs in again: no second step.
  await page.goto('/signin');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);
});
