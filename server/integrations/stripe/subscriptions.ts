import type Stripe from 'stripe';
import {
  subscriptionStatusSchema,
  type SubscriptionStatus,
} from '../../../common/api/billing/schemas.js';
import { planOfPrice, type PaidPlan } from './prices.js';

/** What the product reads from one Stripe subscription. */
export interface SubscriptionFacts {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  plan: PaidPlan;
  /** The subscription's one item (its price is switched in place). */
  itemId: string;
  priceId: string;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  created: number;
  card: { brand: string; last4: string } | null;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * Reads a subscription whole. In this API version the billing period lives on the items.
 * A subscription to a price of no plan of ours is not the product's (null).
 */
export function subscriptionFacts(subscription: Stripe.Subscription): SubscriptionFacts | null {
  const item = subscription.items.data[0];
  if (!item) return null;
  const plan = planOfPrice(item.price);
  if (!plan) return null;
  const method = subscription.default_payment_method;
  const card = typeof method === 'object' && method?.card ? method.card : null;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    // A status Stripe adds later grants nothing until we know what it means.
    status:
      subscriptionStatusSchema.options.find((known) => known === subscription.status) ??
      'incomplete',
    plan,
    itemId: item.id,
    priceId: item.price.id,
    currentPeriodEnd: new Date(item.current_period_end * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    created: subscription.created,
    card: card ? { brand: card.brand, last4: card.last4 } : null,
  };
}

/** Every subscription of a customer, whatever its status, newest first, with its card. */
export async function subscriptionsOf(
  stripe: Stripe,
  customerId: string,
): Promise<SubscriptionFacts[]> {
  const list = await stripe.subscriptions.list({
    customer: customerId,
    status: 'all',
    limit: 100,
    expand: ['data.default_payment_method'],
  });
  return list.data
    .map(subscriptionFacts)
    .filter((facts): facts is SubscriptionFacts => facts !== null);
}

export { idOf as stripeIdOf };
