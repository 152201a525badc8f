import type { SubscriptionStatus } from '../../../common/api/billing/schemas.js';
import type { CustomerPlan } from '../../../common/domain/plans.js';
import type { SubscriptionFacts } from '../../integrations/stripe/subscriptions.js';

/**
 * The rules that turn a customer's Stripe subscriptions into the product's plan. Pure, so
 * they are tested alone (planRules.test.ts); sync.ts applies them to what Stripe answers.
 */

/** Statuses in which the subscription's plan is the user's: paid, or in Stripe's retries. */
export const LIVE_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];
/** The subscription exists but grants nothing (ended, or waiting for a first payment). */
const ENDED_STATUSES: readonly SubscriptionStatus[] = ['canceled', 'unpaid', 'paused'];

export const isLive = (status: SubscriptionStatus) => LIVE_STATUSES.includes(status);

function standing(status: SubscriptionStatus): number {
  if (isLive(status)) return 0;
  if (status === 'incomplete') return 1;
  if (status === 'unpaid' || status === 'paused') return 2;
  return 3; // canceled, incomplete_expired
}

/**
 * The subscription that speaks for the customer: a live one before any other, then by how
 * much it still stands, then the newest. (Two live ones would mean two checkouts were paid
 * at once; the newest wins and the other is reported by the sync.)
 */
export function currentSubscription(all: readonly SubscriptionFacts[]): SubscriptionFacts | null {
  const sorted = [...all].sort(
    (a, b) => standing(a.status) - standing(b.status) || b.created - a.created,
  );
  return sorted[0] ?? null;
}

/**
 * The plan a user holds given their current subscription:
 * - none ever: what they had (trial or free) stays;
 * - live (active, trialing, past_due): the subscription's plan; past_due keeps it through
 *   Stripe's retries;
 * - ended (canceled, unpaid, paused): free;
 * - never paid (incomplete, incomplete_expired): access was never granted, so a trial or free
 *   user keeps what they had.
 */
export function planAfter(
  previous: CustomerPlan,
  current: Pick<SubscriptionFacts, 'status' | 'plan'> | null,
): CustomerPlan {
  if (!current) return previous;
  if (isLive(current.status)) return current.plan;
  if (ENDED_STATUSES.includes(current.status)) return 'free';
  return previous === 'trial' ? 'trial' : 'free';
}
