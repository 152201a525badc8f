import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_WEBHOOK_PATH } from '../../../common/api/billing/actions.js';
import { stripeEvents, subscriptions } from '../../db/schema.js';
import {
  billingUser,
  checkoutFor,
  deliveriesSettled,
  receiveWebhooks,
  subscribedUser,
  mailSubjectsTo,
} from '../../test/billing.js';
import { createTestApp, TEST_WEBHOOK_SECRET, type TestApp } from '../../test/harness.js';

/**
 * Stripe's webhooks as they arrive in real life: signed (or not), twice, late, out of order.
 * The local Stripe delivers them over HTTP; its control API replays, duplicates and reverses.
 */
let t: TestApp;
/** Stripe as its Dashboard would change things, behind the product's back. */
let dashboard: Stripe;
beforeAll(async () => {
  t = await createTestApp();
  await receiveWebhooks(t);
  dashboard = new Stripe(t.stripe.apiKey, { ...t.stripe.sdkConfig, maxNetworkRetries: 0 });
});
afterAll(() => t.close());

const sign = (payload: string, secret = TEST_WEBHOOK_SECRET, timestamp?: number) =>
  dashboard.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp ? { timestamp } : {}),
  });

const deliver = (payload: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: STRIPE_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    payload,
  });

const storedEvents = async () =>
  Number((await t.context.db.select({ n: sql<number>`count(*)::int` }).from(stripeEvents))[0]!.n);
const mailsTo = (address: string) => mailSubjectsTo(t, address);
const stored = async (userId: string) =>
  (await t.context.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];

/** A real event of the stand-in as Stripe's body would carry it. */
function bodyOf(type: string, customerId: string) {
  const event = t.stripe.control
    .events({ type })
    .filter((e) => (e.data.object as { customer?: string }).customer === customerId)
    .at(-1);
  if (!event) throw new Error(`no ${type} event for ${customerId}`);
  return { event, payload: JSON.stringify(event, null, 2) };
}

describe('webhook signatures', () => {
  it('refuses a bad, missing, stale or tampered signature and stores nothing', async () => {
    const user = await subscribedUser(t, 'starter');
    const { payload } = bodyOf('customer.subscription.created', user.customerId);
    const before = await storedEvents();
    const now = Math.floor(Date.now() / 1000);

    const refused = [
      await deliver(payload, sign(payload, 'whsec_someone_elses_secret')),
      await deliver(payload),
      await deliver(payload, sign(payload, TEST_WEBHOOK_SECRET, now - 301)),
      await deliver(payload.replace('"active"', '"canceled"'), sign(payload)),
      await deliver('', sign('')),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await storedEvents()).toBe(before);
    expect(await user.plan()).toBe('starter');
  });

  it('accepts a signature within the five minutes of tolerance', async () => {
    const user = await subscribedUser(t, 'starter');
    const { payload } = bodyOf('invoice.paid', user.customerId);
    const response = await deliver(
      payload,
      sign(payload, TEST_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 290),
    );
    expect(response.statusCode).toBe(200);
    // Delivered by the stand-in already: stored, so nothing happens again.
    expect(response.json()).toEqual({ received: true, outcome: 'duplicate' });
  });
});

describe('the same event twice', () => {
  it('changes nothing the second time, for one event or every event of a checkout', async () => {
    const user = await subscribedUser(t, 'pro');
    const { event } = bodyOf('checkout.session.completed', user.customerId);
    const [row] = await t.context.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, event.id));
    expect(row).toMatchObject({ outcome: 'synced', customerId: user.customerId });
    const events = await storedEvents();
    const mails = await mailsTo(user.email);
    const synced = (await stored(user.id))!.syncedAt;

    const [resent] = await t.stripe.control.resendEvent(event.id);
    expect(resent).toMatchObject({ ok: true, status: 200 });
    expect(await storedEvents()).toBe(events);
    expect(await mailsTo(user.email)).toEqual(mails);
    expect((await stored(user.id))!.syncedAt).toEqual(synced);

    // Every event of a whole checkout delivered a second time: each is acted on once.
    const other = await billingUser(t);
    const sessionId = await checkoutFor(other, 'starter');
    const since = t.stripe.control.events().length;
    t.stripe.control.payCheckoutSession(sessionId);
    await deliveriesSettled(t);
    const checkoutEvents = t.stripe.control.events().slice(since);
    expect(checkoutEvents.map((e) => e.type)).toContain('checkout.session.completed');
    const eventsAfterFirst = await storedEvents();
    for (const e of checkoutEvents) {
      const [again] = await t.stripe.control.resendEvent(e.id);
      expect(again).toMatchObject({ ok: true });
    }
    expect(await storedEvents()).toBe(eventsAfterFirst);
    expect(await other.plan()).toBe('starter');
    expect(await mailsTo(other.email)).toEqual(['Welcome to Curator Starter']);
  });
});

describe('events out of order', () => {
  it('end in Stripe’s present state when delivered in reverse', async () => {
    const user = await billingUser(t);
    const sessionId = await checkoutFor(user, 'starter');
    t.stripe.control.holdDeliveries();
    t.stripe.control.payCheckoutSession(sessionId);
    const customerId = (await user.customerId())!;
    const [subscription] = t.stripe.control.subscriptions(customerId);
    const full = await dashboard.subscriptions.retrieve(subscription!.id);
    const pro = (await dashboard.prices.list({ lookup_keys: ['curator_pro_monthly'] })).data[0]!;
    await dashboard.subscriptions.update(full.id, {
      items: [{ id: full.items.data[0]!.id, price: pro.id }],
      proration_behavior: 'always_invoice',
    });

    await t.stripe.control.releaseDeliveries('reverse');
    await deliveriesSettled(t);
    expect(await user.plan()).toBe('pro');
    expect(await stored(user.id)).toMatchObject({ plan: 'pro', status: 'active' });
  });

  it('never move a user back to an older state, however late an event comes', async () => {
    const user = await subscribedUser(t, 'advanced');
    t.stripe.control.holdDeliveries();
    await dashboard.subscriptions.cancel(user.subscriptionId);
    await t.stripe.control.releaseDeliveries('reverse');
    await deliveriesSettled(t);
    expect(await user.plan()).toBe('free');

    // The subscription's creation (active, advanced) arrives again, much later.
    const created = t.stripe.control
      .events({ type: 'customer.subscription.created' })
      .find((e) => (e.data.object as { id: string }).id === user.subscriptionId)!;
    await t.context.db.delete(stripeEvents).where(eq(stripeEvents.id, created.id));
    await t.stripe.control.resendEvent(created.id);
    expect(await user.plan()).toBe('free');
    expect(await stored(user.id)).toMatchObject({ plan: 'advanced', status: 'canceled' });
    expect(await mailsTo(user.email)).toEqual([
      'Welcome to Curator Advanced',
      'Your Curator Advanced plan has ended',
    ]);
  });
});

describe('events the product does not act on', () => {
  it('stores them and answers 200, and ignores customers that are not ours', async () => {
    const user = await subscribedUser(t, 'starter');
    const { event: created } = bodyOf('invoice.created', user.customerId);
    const [row] = await t.context.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, created.id));
    expect(row?.outcome).toBe('ignored');

    const stranger = await dashboard.customers.create({ email: 'not-ours@example.test' });
    const foreign = JSON.stringify({
      id: 'evt_foreign_customer_1',
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'sub_x', object: 'subscription', customer: stranger.id } },
    });
    const response = await deliver(foreign, sign(foreign));
    expect(response.json()).toEqual({ received: true, outcome: 'unknown customer' });
  });
});

describe('stored events', () => {
  it('are kept 35 days for spotting duplicates, then forgotten', async () => {
    const oldest = await t.context.db.select().from(stripeEvents).limit(1);
    expect(oldest).toHaveLength(1);
    t.clock.advance(36 * 86_400_000);
    const late = JSON.stringify({
      id: 'evt_after_retention_1',
      object: 'event',
      type: 'invoice.created',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'in_x', object: 'invoice', customer: null } },
    });
    expect((await deliver(late, sign(late))).json()).toEqual({
      received: true,
      outcome: 'ignored',
    });
    const kept = await t.context.db.select({ id: stripeEvents.id }).from(stripeEvents);
    expect(kept.map((row) => row.id)).toEqual(['evt_after_retention_1']);
  });
});
