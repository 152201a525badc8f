import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { STRIPE_WEBHOOK_PATH } from '../../common/api/billing/actions.js';
import { mailOutbox, stripeCustomers, users } from '../db/schema.js';
import { post, signedInUser, TEST_WEBHOOK_SECRET, type TestApp } from './harness.js';

/**
 * Billing in tests: the app listens on a loopback port so the local Stripe delivers its
 * signed webhooks to STRIPE_WEBHOOK_PATH over real HTTP, as Stripe would.
 */
export async function receiveWebhooks(t: TestApp): Promise<string> {
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const url = `${address}${STRIPE_WEBHOOK_PATH}`;
  t.stripe.control.setWebhookEndpoints([{ url, secret: TEST_WEBHOOK_SECRET }]);
  return url;
}

/** Waits until every webhook made so far was delivered (and retried, if refused). */
export const deliveriesSettled = (t: TestApp) => t.stripe.control.deliveriesSettled();

export type BillingUser = Awaited<ReturnType<typeof billingUser>>;

/** A signed-in user with `call(action, body)` and a look at their plan and customer. */
export async function billingUser(t: TestApp) {
  const user = await signedInUser(t);
  const call = (action: string, body: object = {}) =>
    post(t.app, `/api/${action}`, body, { cookie: user.cookie });
  const plan = async () =>
    (await t.context.db.select().from(users).where(eq(users.id, user.id)))[0]!.plan;
  const customerId = async () =>
    (
      await t.context.db.select().from(stripeCustomers).where(eq(stripeCustomers.userId, user.id))
    )[0]?.customerId;
  const startup = async () =>
    (await t.app.inject({ url: '/api/', headers: { cookie: user.cookie } })).json();
  return { ...user, call, plan, customerId, startup };
}

/** auth/upgrade answering a Checkout Session id. */
export async function checkoutFor(user: BillingUser, plan: string): Promise<string> {
  const response = await user.call('auth/upgrade', { plan });
  expect(response.statusCode, response.body).toBe(200);
  const { sessionId } = response.json() as { sessionId: string };
  expect(sessionId).toMatch(/^cs_test_/);
  return sessionId;
}

/** A user who bought a plan through Checkout (paid without a browser), webhooks delivered. */
export async function subscribedUser(t: TestApp, plan: string, card?: string) {
  const user = await billingUser(t);
  const sessionId = await checkoutFor(user, plan);
  expect(
    t.stripe.control.payCheckoutSession(sessionId, card ? { number: card } : {}),
  ).toMatchObject({ ok: true });
  await deliveriesSettled(t);
  expect(await user.plan()).toBe(plan);
  const customerId = (await user.customerId())!;
  const subscription = t.stripe.control.subscriptions(customerId)[0]!;
  return { ...user, sessionId, customerId: customerId, subscriptionId: subscription.id };
}

/** The subjects of the mails to `address`, in the order they were written. */
export async function mailSubjectsTo(t: TestApp, address: string): Promise<string[]> {
  const mails = await t.context.db
    .select({ subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address))
    .orderBy(asc(mailOutbox.createdAt));
  return mails.map((mail) => mail.subject);
}
