import { expect } from '@playwright/test';
import { test } from './appTest.js';
import sharp from 'sharp';
import { confirmItIsMe, linkFromOutbox, signIn, signUpAndSignIn, skipWelcome } from './support.js';

const shots = 'docs/screenshots';

/** A photo as a phone writes it: EXIF naming the camera and where it was taken. */
async function photoWithGps(): Promise<Buffer> {
  const width = 640;
  const height = 480;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    pixels[i] = 60 + (x * 150) / width;
    pixels[i + 1] = 70;
    pixels[i + 2] = 200 - (x * 100) / width;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Make: 'CuratorPhone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 1234/100' },
    })
    .jpeg()
    .toBuffer();
}

test('a curator manages their own account: picture, notifications, password, e-mail and activity', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { email, password } = await signUpAndSignIn(page, 'Pia Picture');
  await skipWelcome(page);

  // Details
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
  await page.screenshot({ path: `${shots}/profile-details.png`, fullPage: true });

  // Picture: upload a photo with GPS; it shows in the top bar and comes back without EXIF.
  await page.getByRole('link', { name: 'Picture' }).click();
  await page.getByLabel('Choose a picture').setInputFiles({
    name: 'holiday.jpg',
    mimeType: 'image/jpeg',
    buffer: await photoWithGps(),
  });
  await expect(page.getByRole('img', { name: 'Preview of the chosen picture' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload picture' }).click();
  await expect(page.getByText('Your new picture is saved.')).toBeVisible();
  const current = page.getByRole('img', { name: 'Your current picture' });
  await expect(current).toBeVisible();
  const src = await current.getAttribute('src');
  expect(src).toMatch(/^\/api\/users\/profile\/picture\/[0-9a-f-]{36}\?size=512$/);
  const served = await page.request.get(src!);
  expect(served.headers()['content-type']).toBe('image/webp');
  const metadata = await sharp(await served.body()).metadata();
  expect(metadata.exif).toBeUndefined();
  expect(metadata.width).toBe(512);
  await page.screenshot({ path: `${shots}/profile-picture.png`, fullPage: true });

  // A renamed text file is refused next to the field.
  await page.getByLabel('Choose a picture').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('just some words, not a picture at all'),
  });
  await page.getByRole('button', { name: 'Upload picture' }).click();
  await expect(page.getByText(/This file is not a picture we can use/)).toBeVisible();

  // Notifications
  await page.getByRole('link', { name: 'Notifications' }).click();
  await page.getByLabel('Messages').uncheck();
  await page.getByRole('button', { name: 'Save choices' }).click();
  await expect(page.getByText('Your choices have been saved.')).toBeVisible();
  await page.screenshot({ path: `${shots}/profile-notifications.png`, fullPage: true });

  await page.getByRole('link', { name: 'Spotify accounts' }).click();
  await page.screenshot({ path: `${shots}/profile-spotify.png`, fullPage: true });

  // Security: a wrong current password is named; a right one changes it.
  await page.getByRole('link', { name: 'Security' }).click();
  await expect(page.getByRole('list', { name: 'Activity' })).toContainText('Signed in');
  const passwordForm = page.locator('form', { hasText: 'Change password' });
  await passwordForm.getByLabel('Current password').fill('not-the-password');
  await passwordForm.getByLabel('New password').fill('copper-meadow-lantern-88');
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordForm.getByText('The password is incorrect.').first()).toBeVisible();
  await passwordForm.getByLabel('Current password').fill(password);
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  // The notice; the activity list below may already name the change too.
  await expect(page.getByRole('status').filter({ hasText: 'Password changed' })).toBeVisible();

  // E-mail change: confirmed from the link mailed to the new address.
  const newEmail = `moved.${Date.now()}@example.test`;
  const emailForm = page.locator('form', { hasText: 'Change e-mail address' });
  await emailForm.getByLabel('New e-mail address').fill(newEmail);
  await emailForm.getByRole('button', { name: 'Change e-mail address' }).click();
  // The password change started a fresh session, which has not confirmed who it is yet.
  await confirmItIsMe(page, 'copper-meadow-lantern-88');
  await expect(page.getByText('Check your inbox')).toBeVisible();
  await page.screenshot({ path: `${shots}/profile-security.png`, fullPage: true });

  await page.goto(await linkFromOutbox(page, newEmail, 'onboarding/email'));
  await expect(page.getByText('Your account now uses this e-mail address.')).toBeVisible();
  await page.screenshot({ path: `${shots}/profile-email-confirmed.png`, fullPage: true });

  await page.goto('/profile/security');
  await expect(page.getByRole('list', { name: 'Activity' })).toContainText(
    'E-mail address changed',
  );
  await expect(page.getByRole('list', { name: 'Activity' })).toContainText('Password changed');
  await expect(page.getByText(newEmail).first()).toBeVisible();
  expect(email).not.toBe(newEmail);

  // The old password no longer signs in elsewhere; the new address and password do.
  await page.context().clearCookies();
  await page.goto('/signin');
  await signIn(page, newEmail, 'copper-meadow-lantern-88');
  await expect(page).toHaveURL(/\/$/);
});
