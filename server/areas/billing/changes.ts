import { randomUUID } from 'node:crypto';
import { IMMEDIATE_SWITCH_SESSION_ID } from '../../../common/api/billing/actions.js';
import type { Subscription } from '../../../common/api/billing/schemas.js';
import type { AppContext } from '../../appContext.js';
import { conflict, notFound, unauthenticated } from '../../lib/apiError.js';
import type { PaidPlan } from '../../integrations/stripe/prices.js';
import { subscriptionsOf } from '../../integrations/stripe/subscriptions.js';
import type { UserRow } from '../../identity/index.js';
import { startCheckout } from './checkout.js';
import { ensureCustomer } from './customers.js';
import { customerIdOf, lockUser } from './data.js';
import { currentSubscription, isLive } from './planRules.js';
import { syncUserBilling } from './sync.js';
import { presentSubscription } from './views.js';

/**
 * The billing changes a user makes: upgrade (Checkout, or an immediate prorated switch),
 * cancel at period end, resume. Each runs with the user's row locked, reads the customer's
 * subscriptions from Stripe first (so a checkout paid a moment ago, whose webhook has not
 * arrived, is seen), and ends with the same sync the webhooks run, so the answer and the next
 * GET /api/ already show the change. The webhooks of the change then find nothing new.
 */

/** auth/upgrade: a Checkout Session id, or IMMEDIATE_SWITCH_SESSION_ID after a switch. */
export async function upgrade(
  context: AppContext,
  caller: UserRow,
  plan: PaidPlan,
): Promise<string> {
  return context.db.transaction(async (tx) => {
    const user = await lockUser(tx, caller.id);
    if (!user) throw unauthenticated();
    const customerId = await ensureCustomer(context, tx, user);
    const current = currentSubscription(await subscriptionsOf(context.billing.stripe, customerId));
    if (!current || !isLive(current.status)) return startCheckout(context, user, customerId, plan);

    if (current.plan === plan) throw conflict(`You are already on the ${plan} plan.`);
    // The prorated difference is charged now; a declined card refuses the switch (402) and
    // leaves the subscription as it was. Choosing a plan also undoes a pending cancellation.
    await context.billing.stripe.subscriptions.update(
      current.id,
      {
        items: [{ id: current.itemId, price: await context.billing.prices.priceIdOf(plan) }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
        cancel_at_period_end: false,
      },
      { idempotencyKey: `curator-switch-${current.id}-${randomUUID()}` },
    );
    await syncUserBilling(context, tx, user, customerId);
    return IMMEDIATE_SWITCH_SESSION_ID;
  });
}

/** Sets or clears cancel at period end on the user's live subscription (404 without one). */
export async function setCancelAtPeriodEnd(
  context: AppContext,
  caller: UserRow,
  cancel: boolean,
): Promise<Subscription> {
  const facts = await context.db.transaction(async (tx) => {
    const user = await lockUser(tx, caller.id);
    if (!user) throw unauthenticated();
    const customerId = await customerIdOf(tx, user.id);
    const current = customerId
      ? currentSubscription(await subscriptionsOf(context.billing.stripe, customerId))
      : null;
    if (!customerId || !current || !isLive(current.status))
      throw notFound('You have no subscription to change.');
    if (current.cancelAtPeriodEnd !== cancel) {
      await context.billing.stripe.subscriptions.update(
        current.id,
        { cancel_at_period_end: cancel },
        { idempotencyKey: `curator-cancel-${current.id}-${cancel}-${randomUUID()}` },
      );
    }
    const { current: after } = await syncUserBilling(context, tx, user, customerId);
    if (!after) throw notFound('You have no subscription to change.');
    return after;
  });
  return presentSubscription(context, facts);
}
