import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStripeStandIn, type RunningStripeStandIn } from './testing.js';

/**
 * Subscriptions over time on the stand-in's clock: prorated switches, cancel at period
 * end, renewals, failed renewals and dunning; all through the real SDK.
 */
const JUNE_1 = Date.parse('2026-06-01T00:00:00Z') / 1000;
const JULY_1 = Date.parse('2026-07-01T00:00:00Z') / 1000;
const AUGUST_1 = Date.parse('2026-08-01T00:00:00Z') / 1000;
const DAY = 86_400;

let standIn: RunningStripeStandIn;
let stripe: Stripe;
let prices: Record<string, string>;

beforeEach(async () => {
  standIn = await startStripeStandIn({ now: () => new Date(JUNE_1 * 1000) });
  stripe = new Stripe(standIn.apiKey, { ...standIn.sdkConfig, maxNetworkRetries: 0 });
  const list = await stripe.prices.list({
    lookup_keys: ['curator_starter_monthly', 'curator_pro_monthly'],
  });
  prices = Object.fromEntries(list.data.map((price) => [price.metadata.plan, price.id]));
});
afterEach(async () => {
  await standIn.close();
});

async function subscribe(plan: string) {
  const customer = await stripe.customers.create({ email: `${plan}@example.test` });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: prices[plan]!, quantity: 1 }],
    success_url: 'http://app.test/ok',
  });
  expect(standIn.control.payCheckoutSession(session.id)).toMatchObject({ ok: true });
  const done = await stripe.checkout.sessions.retrieve(session.id);
  const subscription = await stripe.subscriptions.retrieve(done.subscription as string);
  return { customer, subscription, item: subscription.items.data[0]! };
}

const typesSince = (count: number) =>
  standIn.control
    .events()
    .slice(count)
    .map((event) => event.type);

describe('switching plans with proration_behavior=always_invoice', () => {
  it('charges the prorated difference at once, to the second', async () => {
    const { subscription, item } = await subscribe('starter');
    standIn.control.advanceClock({ seconds: 1_000_000 });
    const before = standIn.control.events().length;

    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: prices.pro }],
      proration_behavior: 'always_invoice',
      expand: ['latest_invoice'],
    });
    expect(updated.items.data[0]).toMatchObject({
      id: item.id,
      price: { id: prices.pro },
      current_period_start: JUNE_1,
      current_period_end: JULY_1,
    });
    const invoice = updated.latest_invoice as Stripe.Invoice;
    // 1,592,000 of the period's 2,592,000 seconds remain: 61.42 % of each month's price.
    expect(invoice).toMatchObject({
      billing_reason: 'subscription_update',
      status: 'paid',
      total: 1658,
      amount_due: 1658,
      amount_paid: 1658,
      parent: {
        subscription_details: {
          subscription: subscription.id,
          subscription_proration_date: JUNE_1 + 1_000_000,
        },
      },
    });
    const [credit, charge] = invoice.lines.data;
    expect(credit).toMatchObject({
      amount: -1106,
      description: 'Unused time on Curator Starter after 12 Jun 2026',
      period: { start: JUNE_1 + 1_000_000, end: JULY_1 },
      parent: {
        subscription_item_details: {
          proration: true,
          subscription_item: item.id,
          invoice_item: expect.stringMatching(/^ii_/),
          proration_details: {
            credited_items: {
              invoice: subscription.latest_invoice,
              invoice_line_items: [expect.any(String)],
            },
          },
        },
      },
      pricing: { price_details: { price: prices.starter } },
    });
    expect(charge).toMatchObject({
      amount: 2764,
      description: 'Remaining time on Curator Pro after 12 Jun 2026',
      pricing: { price_details: { price: prices.pro } },
    });
    expect(typesSince(before)).toEqual([
      'customer.subscription.updated',
      'invoice.created',
      'invoice.finalized',
      'payment_intent.succeeded',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
    const update = standIn.control.events({ type: 'customer.subscription.updated' }).at(-1)!;
    expect(update.data.previous_attributes).toMatchObject({
      items: {
        data: [expect.objectContaining({ price: expect.objectContaining({ id: prices.starter }) })],
      },
      latest_invoice: subscription.latest_invoice,
    });
  });

  it('turns a downgrade into credit that the next renewal uses', async () => {
    const { customer, subscription, item } = await subscribe('pro');
    standIn.control.advanceClock({ days: 15 });
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: prices.starter }],
      proration_behavior: 'always_invoice',
      expand: ['latest_invoice'],
    });
    const invoice = updated.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      total: -1350,
      amount_due: 0,
      status: 'paid',
      ending_balance: -1350,
    });
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      balance: -1350,
    });

    standIn.control.advanceClock({ to: new Date((JULY_1 + 2 * 3600) * 1000) });
    const renewal = (await stripe.invoices.list({ subscription: subscription.id, limit: 1 }))
      .data[0]!;
    expect(renewal).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'paid',
      total: 1800,
      starting_balance: -1350,
      amount_due: 450,
      ending_balance: 0,
    });
  });

  it('refuses a switch the card cannot pay with error_if_incomplete, changing nothing', async () => {
    const { customer, subscription, item } = await subscribe('starter');
    standIn.control.setCustomerCard(customer.id, '4000000000000341');
    standIn.control.advanceClock({ days: 10 });
    const attempt = stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: prices.pro }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
    });
    await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    await expect(attempt).rejects.toMatchObject({
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    const unchanged = await stripe.subscriptions.retrieve(subscription.id);
    expect(unchanged.items.data[0]?.price.id).toBe(prices.starter);
    expect(unchanged.status).toBe('active');
  });

  it('with allow_incomplete, a failed proration payment leaves the switch and makes it past_due', async () => {
    const { customer, subscription, item } = await subscribe('starter');
    standIn.control.setCustomerCard(customer.id, '4000000000000341');
    standIn.control.advanceClock({ days: 10 });
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: prices.pro }],
      proration_behavior: 'always_invoice',
      expand: ['latest_invoice'],
    });
    expect(updated.status).toBe('past_due');
    expect(updated.latest_invoice).toMatchObject({ status: 'open', attempt_count: 1 });
  });
});

describe('prorations left for the next invoice (create_prorations)', () => {
  it('shows them in the preview and bills them with the renewal', async () => {
    const { subscription, item } = await subscribe('starter');
    standIn.control.advanceClock({ days: 15 });
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: prices.pro }],
    });
    expect(updated.latest_invoice).toBe(subscription.latest_invoice);

    const preview = await stripe.invoices.createPreview({ subscription: subscription.id });
    expect(preview.id).toMatch(/^upcoming_in_/);
    expect(preview).toMatchObject({
      status: 'draft',
      created: JULY_1,
      total: 1350 + 4500,
      amount_due: 5850,
    });
    expect(preview.lines.data.map((line) => [line.amount, line.period.start])).toEqual([
      [-900, JUNE_1 + 15 * DAY],
      [2250, JUNE_1 + 15 * DAY],
      [4500, JULY_1],
    ]);

    standIn.control.advanceClock({ to: new Date((JULY_1 + 3601) * 1000) });
    const renewal = (await stripe.invoices.list({ subscription: subscription.id, limit: 1 }))
      .data[0]!;
    expect(renewal).toMatchObject({
      status: 'paid',
      amount_paid: 5850,
      period_start: JUNE_1,
      period_end: JULY_1,
    });
    expect(renewal.lines.data.map((line) => line.amount)).toEqual([-900, 2250, 4500]);
  });

  it('previews a switch without making it', async () => {
    const { subscription, item } = await subscribe('starter');
    standIn.control.advanceClock({ days: 15 });
    const preview = await stripe.invoices.createPreview({
      subscription: subscription.id,
      subscription_details: {
        items: [{ id: item.id, price: prices.pro }],
        proration_behavior: 'always_invoice',
        proration_date: JUNE_1 + 15 * DAY,
      },
    });
    expect(preview).toMatchObject({ total: 1350, billing_reason: 'subscription_update' });
    const still = await stripe.subscriptions.retrieve(subscription.id);
    expect(still.items.data[0]?.price.id).toBe(prices.starter);
  });
});

describe('renewals on the stand-in clock', () => {
  it('starts the next period and charges it an hour after the draft', async () => {
    const { subscription } = await subscribe('starter');
    const before = standIn.control.events().length;
    standIn.control.advanceClock({ to: new Date((JULY_1 + 60) * 1000) });
    const draft = (await stripe.invoices.list({ subscription: subscription.id, limit: 1 }))
      .data[0]!;
    expect(draft).toMatchObject({ status: 'draft', automatically_finalizes_at: JULY_1 + 3600 });
    standIn.control.advanceClock({ seconds: 3600 });
    const renewed = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ['latest_invoice'],
    });
    expect(renewed.items.data[0]).toMatchObject({
      current_period_start: JULY_1,
      current_period_end: AUGUST_1,
    });
    expect(renewed.latest_invoice).toMatchObject({
      id: draft.id,
      status: 'paid',
      amount_paid: 1800,
    });
    expect(typesSince(before)).toEqual([
      'customer.subscription.updated',
      'invoice.created',
      'invoice.finalized',
      'payment_intent.succeeded',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
    const [created, finalized] = standIn.control
      .events()
      .slice(before + 1)
      .map((event) => event.created);
    expect([created, finalized]).toEqual([JULY_1, JULY_1 + 3600]);
  });

  it('ends a subscription set to cancel at period end, with customer.subscription.deleted', async () => {
    const { subscription } = await subscribe('pro');
    standIn.control.advanceClock({ days: 3 });
    const canceling = await stripe.subscriptions.update(subscription.id, {
      cancel_at_period_end: true,
    });
    expect(canceling).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: JULY_1,
      canceled_at: JUNE_1 + 3 * DAY,
      cancellation_details: { reason: 'cancellation_requested' },
    });
    await expect(
      stripe.invoices.createPreview({ subscription: subscription.id }),
    ).rejects.toMatchObject({
      statusCode: 404,
      code: 'invoice_upcoming_none',
    });

    standIn.control.advanceClock({ days: 30 });
    const ended = await stripe.subscriptions.retrieve(subscription.id);
    expect(ended).toMatchObject({
      status: 'canceled',
      ended_at: JULY_1,
      canceled_at: JUNE_1 + 3 * DAY,
    });
    const deleted = standIn.control.events({ type: 'customer.subscription.deleted' });
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toMatchObject({
      created: JULY_1,
      data: { object: { id: subscription.id, status: 'canceled' } },
    });
    expect((await stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);
    expect(
      (await stripe.subscriptions.list({ customer: subscription.customer as string })).data,
    ).toEqual([]);
  });

  it('resumes when cancel_at_period_end is set back to false', async () => {
    const { subscription } = await subscribe('pro');
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    const resumed = await stripe.subscriptions.update(subscription.id, {
      cancel_at_period_end: false,
    });
    expect(resumed).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
    });
    standIn.control.advanceClock({ days: 31 });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  });

  it('cancels now on DELETE', async () => {
    const { subscription } = await subscribe('pro');
    standIn.control.advanceClock({ days: 2 });
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled).toMatchObject({
      status: 'canceled',
      ended_at: JUNE_1 + 2 * DAY,
      canceled_at: JUNE_1 + 2 * DAY,
    });
    await expect(stripe.subscriptions.cancel(subscription.id)).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    await expect(
      stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }),
    ).rejects.toMatchObject({
      message: 'A canceled subscription can only update its cancellation_details and metadata.',
    });
  });
});

describe('a renewal the card cannot pay', () => {
  it('goes past_due with invoice.payment_failed, retries on schedule, then cancels', async () => {
    const { customer, subscription } = await subscribe('starter');
    standIn.control.setCustomerCard(customer.id, '4000000000000341');
    standIn.control.advanceClock({ to: new Date((JULY_1 + 2 * 3600) * 1000) });

    const pastDue = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ['latest_invoice'],
    });
    expect(pastDue.status).toBe('past_due');
    const invoice = pastDue.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      status: 'open',
      billing_reason: 'subscription_cycle',
      attempt_count: 1,
      amount_due: 1800,
      amount_paid: 0,
      next_payment_attempt: JULY_1 + 3600 + 3 * DAY,
    });
    const failed = standIn.control.events({ type: 'invoice.payment_failed' });
    expect(failed.map((event) => (event.data.object as Stripe.Invoice).id)).toEqual([invoice.id]);
    const statusChange = standIn.control.events({ type: 'customer.subscription.updated' }).at(-1)!;
    expect(statusChange.data.previous_attributes).toMatchObject({ status: 'active' });
    expect(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).delinquent).toBe(
      true,
    );

    standIn.control.advanceClock({ days: 8 });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
    const retried = await stripe.invoices.retrieve(invoice.id);
    expect(retried).toMatchObject({ status: 'open', attempt_count: 4, next_payment_attempt: null });
    expect(standIn.control.events({ type: 'invoice.payment_failed' })).toHaveLength(4);
    const deleted = standIn.control.events({ type: 'customer.subscription.deleted' })[0]!;
    expect(deleted.data.object).toMatchObject({
      cancellation_details: { reason: 'payment_failed' },
    });
  });

  it('becomes active again when the open invoice is paid with a good card', async () => {
    const { customer, subscription } = await subscribe('starter');
    standIn.control.setCustomerCard(customer.id, '4000000000000341');
    standIn.control.advanceClock({ to: new Date((JULY_1 + 2 * 3600) * 1000) });
    const invoiceId = (await stripe.subscriptions.retrieve(subscription.id))
      .latest_invoice as string;
    await expect(stripe.invoices.pay(invoiceId)).rejects.toBeInstanceOf(
      Stripe.errors.StripeCardError,
    );
    standIn.control.setCustomerCard(customer.id, '4242424242424242');
    const paid = await stripe.invoices.pay(invoiceId);
    expect(paid).toMatchObject({ status: 'paid', attempt_count: 3 });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  });

  it('marks the subscription unpaid instead when configured so', async () => {
    await standIn.close();
    standIn = await startStripeStandIn({
      now: () => new Date(JUNE_1 * 1000),
      dunning: { retryDays: [1], finalAction: 'unpaid' },
    });
    stripe = new Stripe(standIn.apiKey, { ...standIn.sdkConfig, maxNetworkRetries: 0 });
    const { customer, subscription } = await subscribe('starter');
    standIn.control.setCustomerCard(customer.id, '4000000000000341');
    standIn.control.advanceClock({ to: new Date((JULY_1 + 3 * DAY) * 1000) });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('unpaid');
    expect(standIn.control.events({ type: 'invoice.payment_failed' })).toHaveLength(2);
  });
});
