/**
 * `npx tsx tools/stripe-screenshots.ts`: screenshots of the hosted Checkout page and
 * the customer portal into docs/screenshots, taken in Debian's Chromium against a stand-in
 * started here on a free port (a customer who moved from Starter to Pro mid-month).
 */
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';
import Stripe from 'stripe';
import { startStripeStandIn } from '../standins/stripe/testing.js';

const out = 'docs/screenshots';
const standIn = await startStripeStandIn({ now: () => new Date('2026-06-01T09:30:00Z') });
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const stripe = new Stripe(standIn.apiKey, standIn.sdkConfig);
  const prices = await stripe.prices.list({
    lookup_keys: ['curator_starter_monthly', 'curator_pro_monthly'],
  });
  const price = (plan: string) => prices.data.find((each) => each.metadata.plan === plan)!.id;
  const customer = await stripe.customers.create({
    email: 'mara@curator.test',
    name: 'Mara Velden',
  });
  const session = (plan: string) =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: price(plan), quantity: 1 }],
      success_url: 'http://127.0.0.1:3000/?checkout={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://127.0.0.1:3000/',
    });

  const page = await (
    await browser.newContext({ viewport: { width: 1280, height: 860 } })
  ).newPage();
  const pro = await session('pro');
  await page.goto(pro.url!);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration date').fill('12 / 30');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Cardholder name').fill('Mara Velden');
  await page.getByLabel('Cardholder name').blur();
  await page.screenshot({ path: `${out}/stripe-checkout.png`, fullPage: true });
  console.log(`${out}/stripe-checkout.png`);

  const starter = await session('starter');
  standIn.control.payCheckoutSession(starter.id, { name: 'Mara Velden' });
  const subscription = (await stripe.subscriptions.list({ customer: customer.id })).data[0]!;
  standIn.control.advanceClock({ days: 12 });
  await stripe.subscriptions.update(subscription.id, {
    items: [{ id: subscription.items.data[0]!.id, price: price('pro') }],
    proration_behavior: 'always_invoice',
  });
  const portal = await stripe.billingPortal.sessions.create({
    customer: customer.id,
    return_url: 'http://127.0.0.1:3000/',
  });
  await page.goto(portal.url);
  await page.screenshot({ path: `${out}/stripe-portal.png`, fullPage: true });
  console.log(`${out}/stripe-portal.png`);
} finally {
  await browser.close();
  await standIn.close();
}
