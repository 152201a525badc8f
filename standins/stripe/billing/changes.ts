import { newId } from '../ids.js';
import type { InvoiceItemRecord, Metadata, SubscriptionRecord } from '../model.js';
import { mergeMetadata } from '../params.js';
import type { StandInCore } from '../standInCore.js';
import { cardError, invalidRequest, noSuch } from '../stripeErrors.js';
import { createInvoice, finalizeInvoice, attemptPayment } from './invoicing.js';
import { lineFromInvoiceItem, pendingItems, prorationItems } from './lines.js';
import { settlePayment } from './lifecycle.js';
import { declineFor } from './payments.js';

/**
 * POST /v1/subscriptions/{id}: a price or quantity switch with Stripe's proration
 * behaviours (create_prorations: invoice items for the next invoice; always_invoice: an
 * invoice now, charged at once; none), cancel at period end and its undoing, metadata,
 * description and the default payment method, in one customer.subscription.updated.
 */
export type ProrationBehavior = 'create_prorations' | 'always_invoice' | 'none';
export type PaymentBehavior =
  'allow_incomplete' | 'error_if_incomplete' | 'default_incomplete' | 'pending_if_incomplete';

export interface SubscriptionUpdate {
  item?: { id: string; priceId?: string; quantity?: number };
  prorationBehavior: ProrationBehavior;
  prorationDate?: number;
  paymentBehavior: PaymentBehavior;
  cancelAtPeriodEnd?: boolean;
  metadata?: Metadata | null;
  description?: string | null;
  defaultPaymentMethodId?: string | null;
}

export function changeSubscription(
  core: StandInCore,
  subscription: SubscriptionRecord,
  update: SubscriptionUpdate,
): void {
  const { store } = core;
  const now = core.clock.now();
  if (subscription.status === 'canceled') {
    const onlyMetadata =
      update.item === undefined &&
      update.cancelAtPeriodEnd === undefined &&
      update.description === undefined &&
      update.defaultPaymentMethodId === undefined;
    if (!onlyMetadata)
      throw invalidRequest(
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
  }
  if (update.paymentBehavior === 'pending_if_incomplete')
    throw invalidRequest(
      'The local Stripe stand-in does not support payment_behavior=pending_if_incomplete.',
      'payment_behavior',
    );
  const item = update.item
    ? subscription.items.find((candidate) => candidate.id === update.item?.id)
    : undefined;
  if (update.item && !item) throw noSuch('subscription item', update.item.id, 'items[0][id]');
  if (update.defaultPaymentMethodId) {
    const card = store.paymentMethod(update.defaultPaymentMethodId, 'default_payment_method');
    if (card.customerId !== subscription.customerId)
      throw invalidRequest(
        `The payment method '${card.id}' must be attached to the customer first.`,
        'default_payment_method',
      );
  }
  const next = item
    ? {
        priceId: update.item?.priceId ?? item.priceId,
        quantity: update.item?.quantity ?? item.quantity,
      }
    : undefined;
  if (next) {
    const price = store.price(next.priceId, 'items[0][price]');
    if (!price.active) throw invalidRequest(`The price specified is inactive.`, 'items[0][price]');
  }
  const switching =
    item && next && (next.priceId !== item.priceId || next.quantity !== item.quantity);
  const prorationDate = update.prorationDate ?? now;
  if (item && (prorationDate < item.periodStart || prorationDate > item.periodEnd))
    throw invalidRequest(
      'proration_date must be within the current period of the subscription.',
      'proration_date',
    );
  const prorations: InvoiceItemRecord[] =
    switching && item && next && update.prorationBehavior !== 'none'
      ? prorationItems(core, subscription, item, next, prorationDate).filter(
          (entry) => entry.amount !== 0,
        )
      : [];
  const invoiceNow = update.prorationBehavior === 'always_invoice' && prorations.length > 0;
  if (invoiceNow && update.paymentBehavior === 'error_if_incomplete') {
    const customer = store.customer(subscription.customerId);
    const due =
      [...pendingItems(core, subscription), ...prorations].reduce(
        (sum, entry) => sum + entry.amount,
        0,
      ) + customer.balance;
    const cardId =
      update.defaultPaymentMethodId ??
      subscription.defaultPaymentMethodId ??
      customer.defaultPaymentMethodId;
    const decline =
      due > 0 ? declineFor(cardId ? store.paymentMethods.get(cardId) : undefined) : null;
    if (decline) throw cardError(decline);
  }

  const invoiceId = invoiceNow ? newId('in') : undefined;
  core.updateSubscription(subscription, () => {
    if (item && next) {
      item.priceId = next.priceId;
      item.quantity = next.quantity;
    }
    if (update.cancelAtPeriodEnd === true && !subscription.cancelAtPeriodEnd) {
      subscription.cancelAtPeriodEnd = true;
      subscription.cancelAt = subscription.items[0]?.periodEnd ?? null;
      subscription.canceledAt = now;
      subscription.cancellationReason = 'cancellation_requested';
    } else if (update.cancelAtPeriodEnd === false && subscription.cancelAtPeriodEnd) {
      subscription.cancelAtPeriodEnd = false;
      subscription.cancelAt = null;
      subscription.canceledAt = null;
      subscription.cancellationReason = null;
    }
    subscription.metadata = mergeMetadata(subscription.metadata, update.metadata);
    if (update.description !== undefined) subscription.description = update.description;
    if (update.defaultPaymentMethodId !== undefined)
      subscription.defaultPaymentMethodId = update.defaultPaymentMethodId;
    if (invoiceId) subscription.latestInvoiceId = invoiceId;
  });
  for (const entry of prorations) store.invoiceItems.set(entry.id, entry);
  if (!invoiceId) return;

  const invoice = createInvoice(core, {
    id: invoiceId,
    subscription,
    billingReason: 'subscription_update',
    lines: pendingItems(core, subscription).map(lineFromInvoiceItem),
    periodStart: now,
    periodEnd: now,
    prorationDate,
  });
  finalizeInvoice(core, invoice);
  if (invoice.status === 'open') settlePayment(core, invoice, attemptPayment(core, invoice));
}
