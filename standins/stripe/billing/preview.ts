import { randomBase62 } from '../ids.js';
import type { InvoiceLineRecord, InvoiceRecord, SubscriptionRecord } from '../model.js';
import type { StandInCore } from '../standInCore.js';
import { StripeApiError } from '../stripeErrors.js';
import { periodOf } from './calendar.js';
import type { ProrationBehavior } from './changes.js';
import { lineFromInvoiceItem, pendingItems, periodLine, prorationItems } from './lines.js';

/**
 * POST /v1/invoices/create_preview for a subscription: the next renewal invoice (pending
 * prorations and the next period at the price it will have), or, previewing a switch with
 * always_invoice, the proration invoice it would charge now. Nothing is stored.
 */
export interface PreviewChange {
  item?: { id: string; priceId?: string; quantity?: number };
  prorationBehavior: ProrationBehavior;
  prorationDate?: number;
}

export function noUpcomingInvoice(customerId: string): StripeApiError {
  return new StripeApiError({
    status: 404,
    type: 'invalid_request_error',
    code: 'invoice_upcoming_none',
    message: `No upcoming invoices for customer: ${customerId}`,
  });
}

const previewLineId = () => `il_tmp_${randomBase62(24)}`;

export function previewInvoice(
  core: StandInCore,
  subscription: SubscriptionRecord,
  change: PreviewChange,
): InvoiceRecord {
  const now = core.clock.now();
  const customer = core.store.customer(subscription.customerId, 'customer');
  const item = change.item
    ? subscription.items.find((candidate) => candidate.id === change.item?.id)
    : undefined;
  if (change.item && !item)
    throw new StripeApiError({
      status: 404,
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such subscription item: '${change.item.id}'`,
      param: 'subscription_details[items][0][id]',
    });
  const next = item
    ? {
        priceId: change.item?.priceId ?? item.priceId,
        quantity: change.item?.quantity ?? item.quantity,
      }
    : undefined;
  if (next) core.store.price(next.priceId, 'subscription_details[items][0][price]');
  const switching =
    item && next && (next.priceId !== item.priceId || next.quantity !== item.quantity);
  const prorationDate = change.prorationDate ?? now;
  const prorations =
    switching && item && next && change.prorationBehavior !== 'none'
      ? prorationItems(core, subscription, item, next, prorationDate).filter(
          (entry) => entry.amount !== 0,
        )
      : [];
  const pending = [...pendingItems(core, subscription), ...prorations].map((entry) => ({
    ...lineFromInvoiceItem(entry),
    id: previewLineId(),
  }));
  const invoiceNow = change.prorationBehavior === 'always_invoice' && prorations.length > 0;
  if (!invoiceNow && (subscription.status === 'canceled' || subscription.cancelAtPeriodEnd))
    throw noUpcomingInvoice(customer.id);

  let lines: InvoiceLineRecord[] = pending;
  let created = now;
  let period = { start: now, end: now };
  if (!invoiceNow) {
    const current = subscription.items[0];
    const upcoming = periodOf(subscription.billingCycleAnchor, subscription.periodIndex + 1);
    lines = [
      ...pending,
      ...subscription.items.map((each) => ({
        ...periodLine(
          core,
          each === item && next
            ? { ...each, priceId: next.priceId, quantity: next.quantity }
            : each,
          upcoming,
        ),
        id: previewLineId(),
      })),
    ];
    created = upcoming.start;
    period = { start: current?.periodStart ?? now, end: current?.periodEnd ?? now };
  }
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  return {
    id: `upcoming_in_${randomBase62(20)}`,
    created,
    seq: 0,
    customerId: customer.id,
    subscriptionId: subscription.id,
    subscriptionMetadata: { ...subscription.metadata },
    billingReason: invoiceNow ? 'subscription_update' : 'upcoming',
    status: 'draft',
    number: null,
    lines,
    periodStart: period.start,
    periodEnd: period.end,
    startingBalance: customer.balance,
    endingBalance: Math.min(0, total + customer.balance),
    amountDue: Math.max(0, total + customer.balance),
    amountPaid: 0,
    attemptCount: 0,
    nextPaymentAttempt: invoiceNow ? now : created + 3600,
    finalizesAt: null,
    finalizedAt: null,
    paidAt: null,
    firstFailedAt: null,
    payments: [],
    prorationDate: prorations.length > 0 ? prorationDate : null,
  };
}
