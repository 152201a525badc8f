import { newId } from '../ids.js';
import type { InvoiceRecord, LineItemInput, Metadata, SubscriptionRecord } from '../model.js';
import { presentSubscription } from '../presenters/subscription.js';
import type { StandInCore } from '../standInCore.js';
import type { Decline } from '../stripeErrors.js';
import { addMonths, periodOf } from './calendar.js';
import { attemptPayment, createInvoice, finalizeInvoice } from './invoicing.js';
import { lineFromInvoiceItem, pendingItems, periodLine } from './lines.js';

/**
 * A subscription's life on the stand-in's clock: started by a paid Checkout, renewed at
 * each period end (a draft invoice, finalized and charged an hour later, as Stripe does),
 * made past_due by a failed payment and active again by a paid one, and ended at a period
 * end it was set to cancel at, when asked, or when the dunning schedule gives up.
 */
const RENEWAL_DRAFT_SECONDS = 3600;

export function startSubscription(
  core: StandInCore,
  input: {
    customerId: string;
    lineItems: LineItemInput[];
    paymentMethodId: string;
    metadata: Metadata;
    description: string | null;
  },
): { subscription: SubscriptionRecord; invoice: InvoiceRecord; decline: Decline | null } {
  const now = core.clock.now();
  const invoiceId = newId('in');
  const subscription: SubscriptionRecord = {
    id: newId('sub'),
    created: now,
    seq: core.store.nextSeq(),
    customerId: input.customerId,
    status: 'active',
    items: input.lineItems.map((line) => ({
      id: newId('si'),
      created: now,
      seq: core.store.nextSeq(),
      priceId: line.priceId,
      quantity: line.quantity,
      periodStart: now,
      periodEnd: addMonths(now, 1),
      metadata: {},
    })),
    billingCycleAnchor: now,
    startDate: now,
    cancelAtPeriodEnd: false,
    cancelAt: null,
    canceledAt: null,
    endedAt: null,
    cancellationReason: null,
    defaultPaymentMethodId: input.paymentMethodId,
    latestInvoiceId: invoiceId,
    metadata: { ...input.metadata },
    description: input.description,
    periodIndex: 0,
  };
  core.store.subscriptions.set(subscription.id, subscription);
  core.events.emit(
    'customer.subscription.created',
    presentSubscription(core.present(), subscription),
  );
  const invoice = createInvoice(core, {
    id: invoiceId,
    subscription,
    billingReason: 'subscription_create',
    lines: subscription.items.map((item) =>
      periodLine(core, item, { start: item.periodStart, end: item.periodEnd }),
    ),
    periodStart: now,
    periodEnd: now,
  });
  finalizeInvoice(core, invoice);
  const decline = attemptPayment(core, invoice);
  if (decline) core.updateSubscription(subscription, () => (subscription.status = 'incomplete'));
  return { subscription, invoice, decline };
}

/**
 * Ends a subscription with customer.subscription.deleted: now (asked, or dunning gave up),
 * or at the period end it was set to cancel at, where canceled_at stays when it was asked.
 */
export function endSubscription(
  core: StandInCore,
  subscription: SubscriptionRecord,
  reason: NonNullable<SubscriptionRecord['cancellationReason']>,
  atPeriodEnd?: number,
): void {
  if (subscription.status === 'canceled') return;
  const endedAt = atPeriodEnd ?? core.clock.now();
  subscription.status = 'canceled';
  subscription.endedAt = endedAt;
  if (atPeriodEnd === undefined || subscription.canceledAt === null)
    subscription.canceledAt = endedAt;
  subscription.cancellationReason = reason;
  // Prorations still waiting for an invoice are dropped with the subscription.
  for (const item of pendingItems(core, subscription)) core.store.invoiceItems.delete(item.id);
  core.events.emit(
    'customer.subscription.deleted',
    presentSubscription(core.present(), subscription),
  );
}

/** The work due when the current period ends: cancel, or start the next period and bill it. */
export function renew(core: StandInCore, subscription: SubscriptionRecord): void {
  const item = subscription.items[0];
  if (!item) return;
  const endedPeriod = { start: item.periodStart, end: item.periodEnd };
  if (
    subscription.cancelAtPeriodEnd ||
    (subscription.cancelAt !== null && subscription.cancelAt <= endedPeriod.end)
  ) {
    endSubscription(core, subscription, 'cancellation_requested', endedPeriod.end);
    return;
  }
  const invoiceId = newId('in');
  core.updateSubscription(subscription, () => {
    subscription.periodIndex += 1;
    const next = periodOf(subscription.billingCycleAnchor, subscription.periodIndex);
    for (const each of subscription.items) {
      each.periodStart = next.start;
      each.periodEnd = next.end;
    }
    subscription.latestInvoiceId = invoiceId;
  });
  const lines = [
    ...pendingItems(core, subscription).map(lineFromInvoiceItem),
    ...subscription.items.map((each) =>
      periodLine(core, each, { start: each.periodStart, end: each.periodEnd }),
    ),
  ];
  createInvoice(core, {
    id: invoiceId,
    subscription,
    billingReason: 'subscription_cycle',
    lines,
    periodStart: endedPeriod.start,
    periodEnd: endedPeriod.end,
    // Stripe leaves an unpaid subscription's new invoices as drafts.
    finalizesAt: subscription.status === 'unpaid' ? null : endedPeriod.end + RENEWAL_DRAFT_SECONDS,
  });
}

/** After an automatic attempt: past_due on failure, the final dunning action when spent. */
export function settlePayment(
  core: StandInCore,
  invoice: InvoiceRecord,
  decline: Decline | null,
): void {
  const subscription = core.store.subscriptions.get(invoice.subscriptionId);
  if (!subscription || subscription.status === 'canceled') return;
  if (!decline) {
    const stillFailing = [...core.store.invoices.values()].some(
      (other) =>
        other.subscriptionId === subscription.id &&
        other.status === 'open' &&
        other.attemptCount > 0,
    );
    if (!stillFailing && (subscription.status === 'past_due' || subscription.status === 'unpaid'))
      core.updateSubscription(subscription, () => (subscription.status = 'active'));
    return;
  }
  if (subscription.status === 'active')
    core.updateSubscription(subscription, () => (subscription.status = 'past_due'));
  if (invoice.nextPaymentAttempt !== null) return;
  const action = core.options.dunning?.finalAction ?? 'cancel';
  if (action === 'cancel') endSubscription(core, subscription, 'payment_failed');
  else if (action === 'unpaid' && subscription.status !== 'unpaid')
    core.updateSubscription(subscription, () => (subscription.status = 'unpaid'));
}

/** Finalizes a renewal draft and charges it. */
export function collect(core: StandInCore, invoice: InvoiceRecord): void {
  finalizeInvoice(core, invoice);
  if (invoice.status !== 'open') return;
  settlePayment(core, invoice, attemptPayment(core, invoice));
}

/** An automatic retry of an invoice whose payment failed. */
export function retry(core: StandInCore, invoice: InvoiceRecord): void {
  settlePayment(core, invoice, attemptPayment(core, invoice));
}
