import { describe, expect, it } from 'vitest';
import type { Subscription } from '../../../../common/api/billing/schemas.js';
import { formatBillingDate, formatUsdCents, subscriptionStatusLabel } from './billingFormat';

const subscription: Subscription = {
  plan: 'starter',
  status: 'active',
  currentPeriodEnd: '2026-07-03T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  nextInvoice: null,
  card: null,
};

describe('billing display', () => {
  it('shows cents as US dollars, credits with a minus', () => {
    expect(formatUsdCents(4500)).toBe('$45.00');
    expect(formatUsdCents(1987)).toBe('$19.87');
    expect(formatUsdCents(-1250)).toBe('-$12.50');
    expect(formatUsdCents(0)).toBe('$0.00');
    expect(formatUsdCents(123_456)).toBe('$1,234.56');
    expect(formatUsdCents(5)).toBe('$0.05');
  });

  it('shows days in the display form, e.g. March 05, 2026', () => {
    expect(formatBillingDate('2026-07-03T12:00:00.000Z')).toBe('July 03, 2026');
    expect(formatBillingDate('not a date')).toBe('not a date');
  });

  it('names the state: active, ending at the period end, failed payment', () => {
    expect(subscriptionStatusLabel(subscription)).toEqual({ label: 'Active', tone: 'good' });
    expect(subscriptionStatusLabel({ ...subscription, cancelAtPeriodEnd: true })).toEqual({
      label: 'Ends July 03, 2026',
      tone: 'warning',
    });
    expect(subscriptionStatusLabel({ ...subscription, status: 'past_due' })).toEqual({
      label: 'Payment failed',
      tone: 'bad',
    });
  });
});
