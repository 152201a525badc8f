import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStripeStandIn, type RunningStripeStandIn } from './testing.js';

/** The hosted customer portal, driven as a browser would over HTTP. */
const JUNE_1 = Date.parse('2026-06-01T00:00:00Z') / 1000;
const JULY_1 = Date.parse('2026-07-01T00:00:00Z') / 1000;
let standIn: RunningStripeStandIn;
let stripe: Stripe;

beforeEach(async () => {
  standIn = await startStripeStandIn({ now: () => new Date(JUNE_1 * 1000) });
  stripe = new Stripe(standIn.apiKey, { ...standIn.sdkConfig, maxNetworkRetries: 0 });
});
afterEach(async () => {
  await standIn.close();
});

async function subscribedCustomer() {
  const customer = await stripe.customers.create({ email: 'june@example.test', name: 'June' });
  const price = (await stripe.prices.list({ lookup_keys: ['curator_advanced_monthly'] })).data[0]!;
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: 'http://app.test/ok',
  });
  standIn.control.payCheckoutSession(session.id);
  const subscription = (await stripe.subscriptions.list({ customer: customer.id })).data[0]!;
  const portal = await stripe.billingPortal.sessions.create({
    customer: customer.id,
    return_url: 'http://app.test/settings/billing',
  });
  return { customer, subscription, portal };
}

function post(url: string, fields: Record<string, string>) {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

describe('billing portal', () => {
  it('answers a session whose URL shows the plan, the next invoice and past invoices', async () => {
    const { portal } = await subscribedCustomer();
    expect(portal.id).toMatch(/^bps_/);
    expect(portal).toMatchObject({
      object: 'billing_portal.session',
      return_url: 'http://app.test/settings/billing',
      url: `${standIn.origin}/_stripe/portal/${portal.id}`,
    });
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('Curator Advanced');
    expect(page).toContain('$25.00');
    expect(page).toContain('Your plan renews on');
    expect(page).toContain('Next invoice: $25.00 on July 1, 2026');
    expect(page).toContain('VISA');
    expect(page).toContain('•••• 4242');
    expect(page).toContain('Invoice history');
    expect(page).toContain('href="http://app.test/settings/billing"');
  });

  it('cancels at period end after a confirmation, and renews', async () => {
    const { subscription, portal } = await subscribedCustomer();
    const confirm = await (
      await fetch(`${portal.url}?step=cancel&subscription=${subscription.id}`)
    ).text();
    expect(confirm).toContain('Cancel your plan?');

    const canceled = await post(`${portal.url}/cancel`, { subscription: subscription.id });
    expect(canceled.status).toBe(303);
    expect(canceled.headers.get('location')).toBe(`/_stripe/portal/${portal.id}?done=canceled`);
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: JULY_1,
    });
    const after = await (await fetch(`${portal.url}?done=canceled`)).text();
    expect(after).toContain('Your plan will be canceled on');
    expect(after).toContain('Renew plan');
    const update = standIn.control.events({ type: 'customer.subscription.updated' }).at(-1)!;
    expect(update.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });

    expect((await post(`${portal.url}/renew`, { subscription: subscription.id })).status).toBe(303);
    expect((await stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(false);
  });

  it('replaces the card: a declined one is refused, a good one becomes the default', async () => {
    const { customer, subscription, portal } = await subscribedCustomer();
    const card = (number: string) => ({
      cardNumber: number,
      cardExpiry: '09 / 31',
      cardCvc: '321',
      cardholderName: 'June',
    });
    const declined = await post(`${portal.url}/card`, card('4000000000000002'));
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');

    const saved = await post(`${portal.url}/card`, card('5555 5555 5555 4444'));
    expect(saved.status).toBe(303);
    const updated = (await stripe.customers.retrieve(customer.id)) as Stripe.Customer;
    const cardId = updated.invoice_settings.default_payment_method as string;
    expect((await stripe.paymentMethods.retrieve(cardId)).card).toMatchObject({
      brand: 'mastercard',
      last4: '4444',
    });
    expect((await stripe.subscriptions.retrieve(subscription.id)).default_payment_method).toBe(
      cardId,
    );
    expect(standIn.control.events().map((event) => event.type)).toEqual(
      expect.arrayContaining(['payment_method.attached', 'customer.updated']),
    );
  });

  it('pays a past-due invoice with the new card', async () => {
    const { customer, subscription } = await subscribedCustomer();
    standIn.control.setCustomerCard(customer.id, '4000000000000341');
    standIn.control.advanceClock({ to: new Date((JULY_1 + 7200) * 1000) });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    const fresh = await stripe.billingPortal.sessions.create({ customer: customer.id });
    expect(await (await fetch(fresh.url)).text()).toContain('Your last payment failed.');
    await post(`${fresh.url}/card`, {
      cardNumber: '4242424242424242',
      cardExpiry: '09 / 31',
      cardCvc: '321',
      cardholderName: 'June',
    });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  });

  it('refuses an unknown customer, and expires after an hour', async () => {
    await expect(
      stripe.billingPortal.sessions.create({ customer: 'cus_unknown000000' }),
    ).rejects.toMatchObject({ statusCode: 404, param: 'customer' });
    const { portal } = await subscribedCustomer();
    standIn.control.advanceClock({ seconds: 3601 });
    expect((await fetch(portal.url)).status).toBe(410);
  });
});
