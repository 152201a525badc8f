import { expect, type Page } from '@playwright/test';
import { test } from './appTest.js';
import { DEMO_PASSWORD, signIn, signUpAndSignIn, skipWelcome } from './support.js';

/**
 * The money path in the browser, against the local Stripe mounted on the demo server:
 * a fresh curator in trial buys Starter on the hosted checkout, switches to Pro at once and
 * finds the prorated invoice, and a card that fails changes nothing; the demo curator whose
 * trial ended ten days ago meets the chooser, the red banner and the free limits.
 */

const CHOOSER = 'Choose the plan that best suits your needs';
const TRIAL_EXPIRED_TEXT = 'Your trial has expired. Please choose a plan to continue.';
/** The demo curator whose trial ended ten days ago (server/seed/demoData.ts). */
const LAPSED_CURATOR = 'gale@demo.curator.test';

const chooser = (page: Page) => page.getByRole('dialog', { name: CHOOSER });
const planTab = (page: Page, plan: string) =>
  chooser(page).getByRole('tab', { name: new RegExp(`^${plan},`) });

/** Fills the local Stripe's hosted card form (any future expiry, any CVC) and subscribes. */
async function payOnHostedCheckout(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Cardholder name').fill('Robin Buyer');
  await page.getByRole('button', { name: 'Subscribe' }).click();
}

test('a curator in trial buys Starter on the hosted checkout, switches to Pro at once with a prorated invoice, and a card that fails changes nothing', async ({
  page,
}) => {
  await signUpAndSignIn(page, 'Robin Buyer');
  await skipWelcome(page);

  // The trial banner opens the chooser, which starts on Pro (a trial is treated as pro).
  const trialBanner = page.getByRole('status', { name: 'Trial' });
  await expect(trialBanner).toContainText(/You have \d+ days left in your trial/);
  await trialBanner.getByRole('button', { name: 'See plans' }).click();
  await expect(chooser(page)).toBeVisible();
  await expect(planTab(page, 'Pro')).toHaveAttribute('aria-selected', 'true');
  await expect(planTab(page, 'Pro')).toHaveAccessibleName(/Most Popular/);
  await planTab(page, 'Starter').click();
  await chooser(page).getByRole('button', { name: 'Choose Starter Plan - $18/month' }).click();

  // Stripe's hosted page (the local one): a card whose charges fail is refused, nothing is made.
  await expect(page).toHaveURL(/\/_stripe\/checkout\/cs_test_\w+/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Curator Starter');
  await payOnHostedCheckout(page, '4000 0000 0000 0341');
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await expect(page).toHaveURL(/\/_stripe\/checkout\/cs_test_\w+/);

  // A good card pays; back on the product, the plan arrives from Stripe's webhook.
  await payOnHostedCheckout(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/account\/upgrade\?session_id=cs_test_\w+/);
  await expect(page.getByText('You are on the Starter plan')).toBeVisible();
  await expect(page.getByText('Your current plan: Starter')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Trial' })).toBeHidden();

  // The chooser now marks Starter current and offers immediate switches.
  await page.getByRole('button', { name: 'Change plan' }).click();
  await expect(planTab(page, 'Starter')).toHaveAccessibleName(/Current/);
  await planTab(page, 'Starter').click();
  await expect(chooser(page).getByText('This is your current plan')).toBeVisible();
  await planTab(page, 'Pro').click();
  await chooser(page).getByRole('button', { name: 'Switch to Pro Plan - $45/month' }).click();
  // The immediate-switch marker: the chooser closes and the page reloads on the new plan.
  await expect(chooser(page)).toBeHidden();
  await expect(page.getByText('Your current plan: Pro')).toBeVisible();

  // The billing section: Pro, and the switch's prorated invoice, charged now.
  await page.goto('/profile/billing');
  await expect(page.getByRole('heading', { name: 'Pro plan' })).toBeVisible();
  const invoices = page.getByRole('table', { name: 'Invoices, newest first' });
  const proration = invoices.getByRole('row').filter({ hasText: 'Proration' });
  await expect(proration).toHaveCount(1);
  await expect(proration).toContainText('Paid');
  // Nearly a whole month of the difference: $45 − $18 = $27 at most.
  await expect(proration).toContainText(/\$2[0-7]\.\d\d/);
  await expect(invoices.getByRole('row').filter({ hasText: '$18.00' })).toHaveCount(1);

  // A card whose charges fail, saved in Stripe's billing portal…
  await page.getByRole('button', { name: 'Change card' }).click();
  await expect(page).toHaveURL(/\/_stripe\/portal\//);
  await page.getByRole('link', { name: 'Update payment method' }).click();
  await page.getByLabel('Card number').fill('4000 0000 0000 0341');
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Cardholder name').fill('Robin Buyer');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Your payment method has been updated.')).toBeVisible();
  await expect(page.getByText('•••• 0341')).toBeVisible();
  await page.getByRole('link', { name: /Return to Curator/ }).click();
  await expect(page).toHaveURL(/\/profile\/billing$/);

  // …refuses the upgrade it would pay for: the chooser says so and the plan stays Pro.
  await page.getByRole('button', { name: 'Change plan' }).click();
  await planTab(page, 'Enterprise').click();
  await chooser(page)
    .getByRole('button', { name: 'Switch to Enterprise Plan - $99/month' })
    .click();
  const refusal = chooser(page).getByRole('alert').filter({ hasText: 'Your plan was not changed' });
  await expect(refusal).toContainText('Your card was declined.');
  await expect(
    chooser(page).getByRole('button', { name: 'Switch to Enterprise Plan - $99/month' }),
  ).toBeEnabled();
  await chooser(page).getByRole('button', { name: 'Close' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Pro plan' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Invoices, newest first' }).getByRole('row'),
  ).toHaveCount(3); // the header, Starter's first invoice and the proration
});

test('a curator whose trial ended over a week ago meets the chooser, then the red banner and the free limits', async ({
  page,
}) => {
  await page.goto('/signin');
  await signIn(page, LAPSED_CURATOR, DEMO_PASSWORD);
  // Gale has no Spotify account: her first visit opens the welcome overlay alone
  // (docs/onboarding.md); the chooser waits for the next visit.
  await skipWelcome(page);
  await expect(chooser(page)).toHaveCount(0);
  await page.reload();

  // The chooser opens by itself once, saying the trial has expired.
  await expect(chooser(page)).toBeVisible();
  await expect(chooser(page).getByRole('status')).toHaveText(TRIAL_EXPIRED_TEXT);
  await chooser(page).getByRole('button', { name: 'Close' }).click();
  await expect(chooser(page)).toBeHidden();

  // Closed, it leaves the red banner at the bottom; no trial banner above.
  const red = page.getByRole('region', { name: 'Trial expired' });
  await expect(red).toBeVisible();
  await expect(red).toContainText(TRIAL_EXPIRED_TEXT);
  await expect(page.getByRole('status', { name: 'Trial' })).toBeHidden();
  await red.getByRole('button', { name: 'upgrade your account' }).click();
  await expect(chooser(page)).toBeVisible();
  await expect(red).toBeHidden();
  await chooser(page).getByRole('button', { name: 'Close' }).click();
  await expect(red).toBeVisible();

  // Free limits: the catalogue holds five songs; the sixth is PLAN_LIMIT, and 'See plans'
  // opens the chooser naming the limit reached.
  await page.goto('/catalog');
  await expect(page.getByText('0 of 5 songs on the free plan')).toBeVisible();
  const addUpcoming = async (title: string) => {
    await page.getByRole('button', { name: 'Add upcoming release' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an upcoming release' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Artists').fill('Gale Lapsed');
    await dialog.getByLabel('Release date').fill(`${new Date().getUTCFullYear() + 1}-05-01`);
    await dialog.getByRole('button', { name: 'Add upcoming release' }).click();
    return dialog;
  };
  for (const n of [1, 2, 3, 4, 5]) {
    const dialog = await addUpcoming(`Lapsed demo ${n}`);
    await expect(dialog).toBeHidden();
  }
  await expect(page.getByText('5 of 5 songs on the free plan')).toBeVisible();
  const sixth = await addUpcoming('Lapsed demo 6');
  const limit = sixth.getByRole('alert').filter({ hasText: 'Plan limit reached' });
  await expect(limit).toBeVisible();
  await limit.getByRole('link', { name: 'See plans' }).click();
  await expect(chooser(page)).toBeVisible();
  await expect(chooser(page).getByRole('alert')).toContainText('Plan limit reached');
  await expect(planTab(page, 'Pro')).toHaveAttribute('aria-selected', 'true');
});
