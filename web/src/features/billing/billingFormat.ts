import { format } from 'date-fns';
import type { Invoice, Subscription } from '../../../../common/api/billing/schemas.js';
import { formatCount } from '../../shared/lib/formatCount';
import { DISPLAY_DATE_FORMAT } from '../../shared/lib/formatDisplayDate';

/**
 * An amount in US cents as people read it: 4500 -> $45.00, -1250 -> -$12.50 (a credit),
 * 123456 -> $1,234.56. Without Intl, for the reason formatCount gives.
 */
export function formatUsdCents(cents: number): string {
  const whole = Math.abs(Math.round(cents));
  const dollars = formatCount(Math.floor(whole / 100));
  return `${cents < 0 ? '-' : ''}$${dollars}.${String(whole % 100).padStart(2, '0')}`;
}

/** The day of an ISO timestamp in the display form (March 05, 2026). */
export function formatBillingDate(isoTimestamp: string): string {
  const date = new Date(isoTimestamp);
  return Number.isNaN(date.getTime()) ? isoTimestamp : format(date, DISPLAY_DATE_FORMAT);
}

export type Tone = 'good' | 'warning' | 'bad' | 'neutral';

/** How a subscription's state is named next to the plan. */
export function subscriptionStatusLabel(subscription: Subscription): { label: string; tone: Tone } {
  if (subscription.cancelAtPeriodEnd && subscription.status !== 'canceled') {
    return { label: `Ends ${formatBillingDate(subscription.currentPeriodEnd)}`, tone: 'warning' };
  }
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      return { label: 'Active', tone: 'good' };
    case 'past_due':
      return { label: 'Payment failed', tone: 'bad' };
    case 'unpaid':
      return { label: 'Unpaid', tone: 'bad' };
    case 'incomplete':
      return { label: 'Awaiting payment', tone: 'warning' };
    case 'paused':
      return { label: 'Paused', tone: 'neutral' };
    case 'canceled':
    case 'incomplete_expired':
      return { label: 'Ended', tone: 'neutral' };
  }
}

export const INVOICE_STATUS_LABELS: Record<Invoice['status'], { label: string; tone: Tone }> = {
  paid: { label: 'Paid', tone: 'good' },
  open: { label: 'Due', tone: 'warning' },
  draft: { label: 'Draft', tone: 'neutral' },
  void: { label: 'Void', tone: 'neutral' },
  uncollectible: { label: 'Uncollectible', tone: 'bad' },
};

export const TONE_CLASSES: Record<Tone, string> = {
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200',
  bad: 'bg-red-50 text-red-800 ring-red-200',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
};
