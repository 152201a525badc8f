import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMEDIATE_SWITCH_SESSION_ID } from '../../../common/api/billing/actions.js';
import { stripeCustomers } from '../../db/schema.js';
import {
  billingUser,
  deliveriesSettled,
  receiveWebhooks,
  subscribedUser,
  mailSubjectsTo,
} from '../../test/billing.js';
import { createTestApp, post, type TestApp } from '../../test/harness.js';

/**
 * A subscription over time on the local Stripe's clock: immediate prorated switches,
 * cancelling at period end and resuming, renewals that fail, and the end of it all.
 */
let t: TestApp;
let stripe: Stripe;
beforeAll(async () => {
  t = await createTestApp();
  await receiveWebhooks(t);
  stripe = new Stripe(t.stripe.apiKey, { ...t.stripe.sdkConfig, maxNetworkRetries: 0 });
});
afterAll(() => t.close());

const DAY = 86_400;

const mailsTo = (address: string) => mailSubjectsTo(t, address);

/** Moves the local Stripe's clock (renewals, retries, period ends run as they fall due). */
async function advance(to: { days?: number; seconds?: number } | { to: Date }) {
  t.stripe.control.advanceClock(to);
  await deliveriesSettled(t);
}

describe('switching plans with a subscription', () => {
  it('switches at once and charges the prorated difference now', async () => {
    const user = await subscribedUser(t, 'starter');
    await advance({ days: 10 });

    t.stripe.control.holdDeliveries();
    const response = await user.call('auth/upgrade', { plan: 'pro' });
    expect(response.json()).toEqual({ sessionId: IMMEDIATE_SWITCH_SESSION_ID });
    // Already switched when the client reloads, before any webhook of the switch arrived.
    expect(await user.plan()).toBe('pro');
    expect((await user.startup()).user.customer.plan).toBe('pro');
    await t.stripe.control.releaseDeliveries();
    await deliveriesSettled(t);

    const invoices = await stripe.invoices.list({ customer: user.customerId, limit: 10 });
    const proration = invoices.data[0]!;
    expect(proration).toMatchObject({ billing_reason: 'subscription_update', status: 'paid' });
    expect(proration.lines.data.map((line) => line.description)).toEqual([
      expect.stringMatching(/^Unused time on Curator Starter after /),
      expect.stringMatching(/^Remaining time on Curator Pro after /),
    ]);
    // 18 → 45 USD a month with about two thirds of the month left: about 18 USD now.
    expect(proration.total).toBeGreaterThan(1500);
    expect(proration.total).toBeLessThan(2100);
    expect(proration.amount_paid).toBe(proration.total);

    const listed = (await user.call('auth/stripe/invoices')).json().invoices;
    expect(listed[0]).toMatchObject({
      id: proration.id,
      proration: true,
      status: 'paid',
      description: 'Plan switch (prorated)',
    });
    expect(await mailsTo(user.email)).toEqual([
      'Welcome to Curator Starter',
      'You switched to Curator Pro',
    ]);
    const { subscription } = (await user.call('auth/stripe/subscription')).json();
    expect(subscription).toMatchObject({ plan: 'pro', nextInvoice: { amountDue: 4500 } });
  });

  it('credits a downgrade to the next invoice', async () => {
    const user = await subscribedUser(t, 'pro');
    await advance({ days: 15 });
    expect((await user.call('auth/upgrade', { plan: 'starter' })).json().sessionId).toBe(
      IMMEDIATE_SWITCH_SESSION_ID,
    );
    expect(await user.plan()).toBe('starter');
    const [credit] = (await stripe.invoices.list({ customer: user.customerId })).data;
    expect(credit!.total).toBeLessThan(0);
    const { subscription } = (await user.call('auth/stripe/subscription')).json();
    expect(subscription.nextInvoice.amountDue).toBeLessThan(1800);
  });

  it('refuses the plan the user already has', async () => {
    const user = await subscribedUser(t, 'advanced');
    const response = await user.call('auth/upgrade', { plan: 'advanced' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('CONFLICT');
  });

  it('refuses a switch the card cannot pay, and changes nothing', async () => {
    const user = await subscribedUser(t, 'starter');
    t.stripe.control.setCustomerCard(user.customerId, '4000000000000341');
    const response = await user.call('auth/upgrade', { plan: 'enterprise' });
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toMatchObject({
      code: 'PAYMENT_FAILED',
      message: 'Your card was declined.',
    });
    await deliveriesSettled(t);
    expect(await user.plan()).toBe('starter');
    expect(t.stripe.control.subscriptions(user.customerId)[0]).toMatchObject({
      lookupKey: 'curator_starter_monthly',
      status: 'active',
    });
  });

  it('lets one of several upgrades at once through: one customer, one session', async () => {
    const user = await billingUser(t);
    const answers = await Promise.all(
      [1, 2, 3].map(() => user.call('auth/upgrade', { plan: 'pro' })),
    );
    const ids = new Set(answers.map((answer) => answer.json().sessionId));
    expect(ids.size).toBe(1);
    const customers = await t.context.db
      .select()
      .from(stripeCustomers)
      .where(eq(stripeCustomers.userId, user.id));
    expect(customers).toHaveLength(1);
  });
});

describe('cancelling at period end', () => {
  it('keeps the plan until the period ends, can be undone, and then ends in free', async () => {
    const user = await subscribedUser(t, 'starter');
    const cancelled = (await user.call('auth/stripe/cancel')).json().subscription;
    expect(cancelled).toMatchObject({
      plan: 'starter',
      cancelAtPeriodEnd: true,
      nextInvoice: null,
    });
    expect((await user.startup()).meta.billing).toMatchObject({ cancelAtPeriodEnd: true });

    const resumed = (await user.call('auth/stripe/resume')).json().subscription;
    expect(resumed).toMatchObject({ cancelAtPeriodEnd: false, nextInvoice: { amountDue: 1800 } });
    // Cancelling twice is still one cancellation.
    await user.call('auth/stripe/cancel');
    expect((await user.call('auth/stripe/cancel')).json().subscription.cancelAtPeriodEnd).toBe(
      true,
    );

    await advance({ days: 20 });
    expect(await user.plan()).toBe('starter');
    await advance({ to: new Date(Date.parse(cancelled.currentPeriodEnd) + 60_000) });
    expect(await user.plan()).toBe('free');
    expect((await user.startup()).meta.billing).toMatchObject({ status: 'canceled' });
    expect((await user.call('auth/stripe/subscription')).json()).toEqual({ subscription: null });
    expect(await mailsTo(user.email)).toEqual([
      'Welcome to Curator Starter',
      'Your Curator Starter plan has ended',
    ]);
    // Buying again is a new checkout.
    expect((await user.call('auth/upgrade', { plan: 'pro' })).json().sessionId).toMatch(/^cs_/);
  });

  it('is undone by choosing another plan', async () => {
    const user = await subscribedUser(t, 'starter');
    await user.call('auth/stripe/cancel');
    await user.call('auth/upgrade', { plan: 'advanced' });
    const { subscription } = (await user.call('auth/stripe/subscription')).json();
    expect(subscription).toMatchObject({ plan: 'advanced', cancelAtPeriodEnd: false });
  });
});

describe('a renewal that cannot be charged', () => {
  it('makes the subscription past_due with a banner flag and a mail, keeps the plan, then ends it', async () => {
    const user = await subscribedUser(t, 'starter');
    t.stripe.control.setCustomerCard(user.customerId, '4000000000000341');
    const { subscription } = (await user.call('auth/stripe/subscription')).json();
    // The renewal draft is charged an hour after the period ends.
    await advance({ to: new Date(Date.parse(subscription.currentPeriodEnd) + 2 * 3600_000) });

    expect(await user.plan()).toBe('starter');
    expect((await user.startup()).meta.billing).toMatchObject({
      plan: 'starter',
      status: 'past_due',
    });
    expect((await user.call('auth/stripe/subscription')).json().subscription.status).toBe(
      'past_due',
    );
    const mails = await mailsTo(user.email);
    expect(mails).toEqual([
      'Welcome to Curator Starter',
      'We could not charge your card for Curator Starter',
    ]);

    // Stripe's retries (3, 5 and 7 days later) fail too: the subscription is canceled.
    await advance({ days: 4 });
    expect(await mailsTo(user.email)).toHaveLength(2);
    await advance({ seconds: 4 * DAY });
    expect(await user.plan()).toBe('free');
    expect((await mailsTo(user.email)).at(-1)).toBe('Your Curator Starter plan has ended');
  });

  it('is mended by a new card in the portal before the retries run out', async () => {
    const user = await subscribedUser(t, 'pro');
    t.stripe.control.setCustomerCard(user.customerId, '4000000000000341');
    const { subscription } = (await user.call('auth/stripe/subscription')).json();
    await advance({ to: new Date(Date.parse(subscription.currentPeriodEnd) + 2 * 3600_000) });
    expect((await user.startup()).meta.billing.status).toBe('past_due');

    t.stripe.control.setCustomerCard(user.customerId, '4242424242424242');
    await advance({ days: 3 });
    expect((await user.startup()).meta.billing.status).toBe('active');
    expect(await user.plan()).toBe('pro');
  });
});

describe('removing the account', () => {
  it('deletes the Stripe customer, which ends the subscription at once', async () => {
    const user = await subscribedUser(t, 'starter');
    const removed = await post(
      t.app,
      '/api/auth/removeaccount',
      { password: user.password },
      { cookie: user.cookie },
    );
    expect(removed.statusCode).toBe(200);
    await deliveriesSettled(t);
    expect(t.stripe.control.subscriptions(user.customerId)[0]?.status).toBe('canceled');
  });
});
