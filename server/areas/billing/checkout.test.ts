import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, subscriptions, users } from '../../db/schema.js';
import {
  billingUser,
  checkoutFor,
  deliveriesSettled,
  receiveWebhooks,
  subscribedUser,
} from '../../test/billing.js';
import { createTestApp, latestMailTo, type TestApp } from '../../test/harness.js';

/**
 * Buying a plan through Stripe Checkout on the local Stripe, through the official SDK: the
 * session, the hosted page, the webhooks that grant the plan, the session check.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await receiveWebhooks(t);
});
afterAll(() => t.close());

/** Pays on the hosted page as a browser would: the form, a card, the redirect back. */
async function payOnHostedPage(pageUrl: string, card = '4242424242424242') {
  const page = await fetch(pageUrl);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no payment form at ${pageUrl}`);
  const year = (t.clock.now().getUTCFullYear() + 3) % 100;
  return fetch(new URL(action.replace(/&amp;/g, '&'), pageUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      cardNumber: card,
      cardExpiry: `12 / ${year}`,
      cardCvc: '123',
      cardholderName: 'Ada Lovelace',
    }).toString(),
  });
}

describe('upgrading without a subscription', () => {
  it('answers a Checkout Session id, and the checkout hand-off sends the browser to its page', async () => {
    const user = await billingUser(t);
    await t.context.db.update(users).set({ plan: 'free' }).where(eq(users.id, user.id));
    const sessionId = await checkoutFor(user, 'starter');

    const handOff = await t.app.inject({
      url: `/api/auth/stripe/checkout?session=${sessionId}`,
      headers: { cookie: user.cookie },
    });
    expect(handOff.statusCode).toBe(303);
    expect(handOff.headers.location).toBe(`${t.stripe.origin}/_stripe/checkout/${sessionId}`);

    const check = await user.call('auth/stripe/session/check', { sessionId });
    expect(check.json()).toEqual({ status: 'open', paid: false, plan: 'free' });

    const paid = await payOnHostedPage(String(handOff.headers.location));
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `${t.config.appOrigin}/account/upgrade?session_id=${sessionId}`,
    );
    await deliveriesSettled(t);

    expect(await user.plan()).toBe('starter');
    const after = await user.call('auth/stripe/session/check', { sessionId });
    expect(after.json()).toEqual({ status: 'complete', paid: true, plan: 'starter' });
    const startup = await user.startup();
    expect(startup.user.customer.plan).toBe('starter');
    expect(startup.meta.billing).toMatchObject({
      plan: 'starter',
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    expect((await latestMailTo(t, user.email))?.subject).toBe('Welcome to Curator Starter');

    // A finished session's hand-off goes back to the upgrade page, which checks it.
    const again = await t.app.inject({
      url: `/api/auth/stripe/checkout?session=${sessionId}`,
      headers: { cookie: user.cookie },
    });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`/account/upgrade?session_id=${sessionId}`);
  });

  it('makes one Stripe customer per user, and gives the open session again for the same plan', async () => {
    const user = await billingUser(t);
    const first = await checkoutFor(user, 'pro');
    const second = await checkoutFor(user, 'pro');
    expect(second).toBe(first);
    const other = await checkoutFor(user, 'advanced');
    expect(other).not.toBe(first);

    const customerId = await user.customerId();
    const customers = t.stripe.control.events({ type: 'customer.created' });
    const mine = customers.filter(
      (event) => (event.data.object as { id: string }).id === customerId,
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]!.data.object).toMatchObject({
      email: user.email,
      metadata: { userId: user.id },
    });
    // Only the newest session can still be paid: a second subscription cannot happen.
    expect(t.stripe.control.payCheckoutSession(first)).toMatchObject({ ok: false });
    expect(t.stripe.control.payCheckoutSession(other)).toMatchObject({ ok: true });
    await deliveriesSettled(t);
    expect(await user.plan()).toBe('advanced');
  });

  it('grants the plan from the webhook, never from the browser coming back', async () => {
    const user = await billingUser(t);
    const sessionId = await checkoutFor(user, 'pro');
    t.stripe.control.holdDeliveries();
    expect(t.stripe.control.payCheckoutSession(sessionId)).toMatchObject({ ok: true });

    const check = await user.call('auth/stripe/session/check', { sessionId });
    expect(check.json()).toEqual({ status: 'complete', paid: true, plan: 'trial' });
    expect(await user.plan()).toBe('trial');

    await t.stripe.control.releaseDeliveries();
    await deliveriesSettled(t);
    expect(await user.plan()).toBe('pro');
  });

  it('leaves the plan alone when the card is declined on the hosted page', async () => {
    const user = await billingUser(t);
    const sessionId = await checkoutFor(user, 'starter');
    const declined = await payOnHostedPage(
      `${t.stripe.origin}/_stripe/checkout/${sessionId}`,
      '4000000000000002',
    );
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    await deliveriesSettled(t);
    expect(await user.plan()).toBe('trial');
    const [row] = await t.context.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(row).toBeUndefined();
  });

  it('answers 404 for a session that is not the caller’s, or that Stripe never made', async () => {
    const owner = await billingUser(t);
    const sessionId = await checkoutFor(owner, 'starter');
    const stranger = await billingUser(t);
    await checkoutFor(stranger, 'starter');

    const check = await stranger.call('auth/stripe/session/check', { sessionId });
    expect(check.statusCode).toBe(404);
    const handOff = await t.app.inject({
      url: `/api/auth/stripe/checkout?session=${sessionId}`,
      headers: { cookie: stranger.cookie },
    });
    expect(handOff.statusCode).toBe(404);
    const unknown = await owner.call('auth/stripe/session/check', {
      sessionId: 'cs_test_a1neverMadeBySomeone',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('sends an anonymous browser to sign in, and refuses a malformed session id', async () => {
    const anonymous = await t.app.inject({ url: '/api/auth/stripe/checkout?session=cs_test_x1' });
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe('/signin?redirect=%2Faccount%2Fupgrade');
    const user = await billingUser(t);
    const malformed = await t.app.inject({
      url: '/api/auth/stripe/checkout?session=../../v1/customers',
      headers: { cookie: user.cookie },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('refuses the free plan and plans that do not exist', async () => {
    const user = await billingUser(t);
    for (const plan of ['free', 'trial', 'platinum']) {
      const response = await user.call('auth/upgrade', { plan });
      expect(response.statusCode).toBe(400);
    }
    expect(await user.customerId()).toBeUndefined();
  });
});

describe('the billing section', () => {
  it('shows the subscription with its next invoice and card, and the invoices', async () => {
    const user = await subscribedUser(t, 'pro');
    const { subscription } = (await user.call('auth/stripe/subscription')).json();
    expect(subscription).toMatchObject({
      plan: 'pro',
      status: 'active',
      cancelAtPeriodEnd: false,
      nextInvoice: { amountDue: 4500, date: subscription.currentPeriodEnd },
      card: { brand: 'visa', last4: '4242' },
    });
    expect(Date.parse(subscription.currentPeriodEnd)).toBeGreaterThan(t.clock.now().getTime());

    const { invoices, hasMore } = (await user.call('auth/stripe/invoices')).json();
    expect(hasMore).toBe(false);
    expect(invoices).toEqual([
      expect.objectContaining({
        status: 'paid',
        total: 4500,
        amountPaid: 4500,
        proration: false,
        description: 'First month',
        hostedInvoiceUrl: expect.stringContaining('/_stripe/'),
      }),
    ]);
  });

  it('answers nothing to show for a user who never paid', async () => {
    const user = await billingUser(t);
    expect((await user.call('auth/stripe/subscription')).json()).toEqual({ subscription: null });
    expect((await user.call('auth/stripe/invoices')).json()).toEqual({
      invoices: [],
      hasMore: false,
    });
    for (const action of ['auth/stripe/cancel', 'auth/stripe/resume', 'auth/stripe/portal']) {
      const response = await user.call(action);
      expect(response.statusCode, action).toBe(404);
    }
    expect((await user.startup()).meta.billing).toBeNull();
  });

  it('opens the billing portal for changing the card, returning to the billing section', async () => {
    const user = await subscribedUser(t, 'starter');
    const response = await user.call('auth/stripe/portal');
    expect(response.statusCode).toBe(200);
    const { url } = response.json();
    expect(url).toMatch(new RegExp(`^${t.stripe.origin}/_stripe/portal/`));
    const page = await (await fetch(url)).text();
    expect(page).toContain(`${t.config.appOrigin}/profile/billing`);
  });
});

describe('mail', () => {
  it('is written to the outbox with the change that caused it', async () => {
    const user = await subscribedUser(t, 'advanced');
    const mails = await t.context.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, user.email));
    expect(mails.map((mail) => mail.subject)).toEqual(['Welcome to Curator Advanced']);
    expect(mails[0]!.text).toContain(`${t.config.appOrigin}/profile/billing`);
  });
});
