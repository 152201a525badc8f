import { describe, expect, it } from 'vitest';
import type { SubscriptionStatus } from '../../../common/api/billing/schemas.js';
import type { SubscriptionFacts } from '../../integrations/stripe/subscriptions.js';
import { currentSubscription, planAfter } from './planRules.js';

let created = 1_000;
function facts(status: SubscriptionStatus, plan: SubscriptionFacts['plan'] = 'starter') {
  created += 1;
  return {
    id: `sub_${created}`,
    customerId: 'cus_1',
    status,
    plan,
    itemId: 'si_1',
    priceId: 'price_1',
    currentPeriodEnd: new Date(),
    cancelAtPeriodEnd: false,
    created,
    card: null,
  } satisfies SubscriptionFacts;
}

describe('the subscription that speaks for a customer', () => {
  it('is a live one before any other, then the newest', () => {
    const oldActive = facts('active', 'starter');
    const canceled = facts('canceled', 'pro');
    expect(currentSubscription([canceled, oldActive])).toBe(oldActive);
    const newerPastDue = facts('past_due', 'advanced');
    expect(currentSubscription([oldActive, canceled, newerPastDue])).toBe(newerPastDue);
  });

  it('is the newest ended one when none is live, and none without subscriptions', () => {
    const first = facts('canceled');
    const second = facts('incomplete_expired');
    const unpaid = facts('unpaid');
    expect(currentSubscription([first, second])).toBe(second);
    expect(currentSubscription([first, second, unpaid])).toBe(unpaid);
    expect(currentSubscription([])).toBeNull();
  });
});

describe('the plan a user holds', () => {
  it('is the subscription’s while it is live, past_due included (Stripe is retrying)', () => {
    for (const status of ['active', 'trialing', 'past_due'] as const)
      expect(planAfter('trial', facts(status, 'pro'))).toBe('pro');
    expect(planAfter('starter', facts('active', 'enterprise'))).toBe('enterprise');
  });

  it('drops to free once the subscription has ended', () => {
    for (const status of ['canceled', 'unpaid', 'paused'] as const) {
      expect(planAfter('pro', facts(status, 'pro'))).toBe('free');
      expect(planAfter('trial', facts(status, 'pro'))).toBe('free');
    }
  });

  it('is unchanged by a checkout that was never paid, and without any subscription', () => {
    for (const status of ['incomplete', 'incomplete_expired'] as const) {
      expect(planAfter('trial', facts(status))).toBe('trial');
      expect(planAfter('free', facts(status))).toBe('free');
    }
    expect(planAfter('trial', null)).toBe('trial');
    expect(planAfter('free', null)).toBe('free');
  });
});
