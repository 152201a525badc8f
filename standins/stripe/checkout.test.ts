import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStripeStandIn, type RunningStripeStandIn } from './testing.js';

/** Subscription-mode Checkout: the SDK creates the session, a "browser" pays on the hosted page. */
let standIn: RunningStripeStandIn;
let stripe: Stripe;
let proPrice: string;

beforeEach(async () => {
  standIn = await startStripeStandIn({ now: () => new Date('2026-06-01T12:00:00Z') });
  stripe = new Stripe(standIn.apiKey, { ...standIn.sdkConfig, maxNetworkRetries: 0 });
  proPrice = (await stripe.prices.list({ lookup_keys: ['curator_pro_monthly'] })).data[0]!.id;
});
afterEach(async () => {
  await standIn.close();
});

async function openSession(customer?: string) {
  const owner = customer ?? (await stripe.customers.create({ email: 'sol@example.test' })).id;
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: owner,
    line_items: [{ price: proPrice, quantity: 1 }],
    success_url: 'http://app.test/billing/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://app.test/billing',
    client_reference_id: 'user_17',
    metadata: { userId: 'user_17' },
    subscription_data: { metadata: { userId: 'user_17', plan: 'pro' } },
  });
}

/** Types of the events made since the session was opened (its customer's creation aside). */
const eventsSince = (count: number) =>
  standIn.control
    .events()
    .slice(count)
    .map((event) => event.type);

/** Posts the hosted page's form as a browser would, without following the redirect. */
async function pay(url: string, card: string) {
  const page = await fetch(url);
  const action = /<form method="post" action="([^"]+)"/.exec(await page.text())?.[1];
  return fetch(new URL(action!, url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      cardNumber: card,
      cardExpiry: '12 / 30',
      cardCvc: '123',
      cardholderName: 'Sol Ortega',
    }).toString(),
  });
}

describe('Checkout Session', () => {
  it('is created open, with a hosted page URL on the stand-in', async () => {
    const session = await openSession();
    expect(session.id).toMatch(/^cs_test_a1[0-9A-Za-z]{56}$/);
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      subscription: null,
      amount_total: 4500,
      currency: 'usd',
      client_reference_id: 'user_17',
      metadata: { userId: 'user_17' },
      url: `${standIn.origin}/_stripe/checkout/${session.id}`,
      ui_mode: 'hosted_page',
    });
    expect(session.expires_at).toBe(Date.parse('2026-06-02T12:00:00Z') / 1000);
  });

  it('shows a real payment form with the product, the price per month and the test cards', async () => {
    const session = await openSession();
    const response = await fetch(session.url!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await response.text();
    expect(page).toContain('Subscribe to Curator Pro');
    expect(page).toContain('$45.00');
    expect(page).toMatch(/per<br ?\/?>month/);
    expect(page).toContain('Test mode');
    expect(page).toContain('4242 4242 4242 4242');
    expect(page).toContain('4000 0000 0000 0341');
    for (const [id, label] of [
      ['cardNumber', 'Card number'],
      ['cardExpiry', 'Expiration date'],
      ['cardCvc', 'Security code (CVC)'],
      ['cardholderName', 'Cardholder name'],
    ])
      expect(page).toContain(`<label for="${id}">${label}</label>`);
    expect(page).toContain('href="http://app.test/billing"');
    expect(page).not.toContain('<script');
  });

  it('with 4242 4242 4242 4242 starts an active subscription with a paid invoice and redirects', async () => {
    const session = await openSession();
    const before = standIn.control.events().length;
    const response = await pay(session.url!, '4242 4242 4242 4242');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `http://app.test/billing/success?session_id=${session.id}`,
    );

    const done = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['subscription', 'subscription.latest_invoice', 'customer'],
    });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    const subscription = done.subscription as Stripe.Subscription;
    expect(subscription.id).toMatch(/^sub_/);
    expect(subscription).toMatchObject({
      status: 'active',
      customer: (done.customer as Stripe.Customer).id,
      cancel_at_period_end: false,
      metadata: { userId: 'user_17', plan: 'pro' },
      default_payment_method: expect.stringMatching(/^pm_/),
    });
    const item = subscription.items.data[0]!;
    expect(item.id).toMatch(/^si_/);
    expect(item.price.id).toBe(proPrice);
    expect(item.current_period_start).toBe(Date.parse('2026-06-01T12:00:00Z') / 1000);
    expect(item.current_period_end).toBe(Date.parse('2026-07-01T12:00:00Z') / 1000);
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_create',
      amount_due: 4500,
      amount_paid: 4500,
      attempt_count: 1,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id },
      },
    });
    expect(invoice.lines.data[0]).toMatchObject({
      amount: 4500,
      description: '1 × Curator Pro (at $45.00 / month)',
      pricing: { price_details: { price: proPrice } },
    });
    const withPrices = await stripe.invoices.retrieve(invoice.id, {
      expand: ['lines.data.pricing.price_details.price'],
    });
    expect(withPrices.lines.data[0]?.pricing?.price_details?.price).toMatchObject({
      object: 'price',
      lookup_key: 'curator_pro_monthly',
    });
    const withPayments = await stripe.invoices.retrieve(invoice.id, { expand: ['payments'] });
    expect(withPayments.payments?.data[0]).toMatchObject({
      status: 'paid',
      amount_paid: 4500,
      payment: { type: 'payment_intent', payment_intent: expect.stringMatching(/^pi_/) },
    });
    const card = await stripe.paymentMethods.retrieve(
      subscription.default_payment_method as string,
    );
    expect(card.card).toMatchObject({
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2030,
    });

    expect(eventsSince(before)).toEqual([
      'payment_method.attached',
      'customer.subscription.created',
      'invoice.created',
      'invoice.finalized',
      'payment_intent.succeeded',
      'invoice.paid',
      'invoice.payment_succeeded',
      'checkout.session.completed',
    ]);
  });

  it('with a declined card (0341 or 0002) stays open, shows the decline and makes nothing', async () => {
    const session = await openSession();
    const before = standIn.control.events().length;
    for (const card of ['4000 0000 0000 0341', '4000000000000002']) {
      const response = await pay(session.url!, card);
      expect(response.status).toBe(402);
      expect(await response.text()).toContain('Your card was declined.');
    }
    const after = await stripe.checkout.sessions.retrieve(session.id);
    expect(after).toMatchObject({ status: 'open', payment_status: 'unpaid', subscription: null });
    expect((await stripe.subscriptions.list({ status: 'all' })).data).toHaveLength(0);
    expect((await stripe.invoices.list()).data).toHaveLength(0);
    expect(eventsSince(before)).toEqual([]);

    const retried = await pay(session.url!, '4242424242424242');
    expect(retried.status).toBe(303);
  });

  it('refuses malformed card details with the field’s message', async () => {
    const session = await openSession();
    const response = await fetch(session.url!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        cardNumber: '4242 4242 4242 4241',
        cardExpiry: '12 / 30',
        cardCvc: '123',
        cardholderName: 'Sol',
      }).toString(),
    });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('Your card number is invalid.');
    expect(page).toMatch(/id="cardNumber"[^>]*aria-invalid="true"/);
  });

  it('creates the customer when the session had only an email', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'new@example.test',
      line_items: [{ price: proPrice }],
      success_url: 'http://app.test/ok',
    });
    expect((await pay(session.url!, '4242424242424242')).status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['customer'] });
    expect(done.customer).toMatchObject({ object: 'customer', email: 'new@example.test' });
    expect(standIn.control.events()[0]?.type).toBe('customer.created');
  });

  it('expires through the API and then refuses payment', async () => {
    const session = await openSession();
    const before = standIn.control.events().length;
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    const page = await fetch(session.url!);
    expect(page.status).toBe(410);
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('This Checkout Session has a status of "expired"'),
    });
    expect(eventsSince(before)).toEqual(['checkout.session.expired']);
  });

  it('expires by itself after 24 hours on the stand-in clock', async () => {
    const session = await openSession();
    standIn.control.advanceClock({ days: 1, seconds: 1 });
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
  });

  it('validates what it is given', async () => {
    const customer = (await stripe.customers.create({})).id;
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        line_items: [{ price: 'price_missing', quantity: 1 }],
        success_url: 'http://app.test/ok',
      }),
    ).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'line_items[0][price]',
    });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        customer_email: 'x@example.test',
        line_items: [{ price: proPrice }],
      }),
    ).rejects.toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError' });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        line_items: [{ price: proPrice }],
        success_url: 'not a url',
      }),
    ).rejects.toMatchObject({ param: 'success_url', code: 'url_invalid' });
  });
});
