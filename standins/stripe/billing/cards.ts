import { newId } from '../ids.js';
import type { CustomerRecord, PaymentMethodRecord } from '../model.js';
import { presentPaymentMethod } from '../presenters/payments.js';
import type { StandInCore } from '../standInCore.js';
import type { Decline } from '../stripeErrors.js';
import type { CheckedCard } from '../testCards.js';
import { retry } from './lifecycle.js';

/**
 * Saving a card on a customer (Checkout, the portal, the control API). A card that is
 * refused outright is not saved; 4000 0000 0000 0341 is saved and fails when charged.
 */
export function attachCard(
  core: StandInCore,
  customer: CustomerRecord,
  checked: CheckedCard,
  holder: { name: string | null; email: string | null },
): PaymentMethodRecord | Decline {
  const behaviour = checked.card.behaviour;
  if (behaviour.kind === 'declined')
    return { code: behaviour.code, declineCode: behaviour.declineCode, message: behaviour.message };
  const card: PaymentMethodRecord = {
    id: newId('pm'),
    created: core.clock.now(),
    seq: core.store.nextSeq(),
    customerId: customer.id,
    brand: checked.card.brand,
    last4: checked.last4,
    expMonth: checked.expMonth,
    expYear: checked.expYear,
    funding: checked.card.funding,
    country: 'US',
    fingerprint: checked.fingerprint,
    billingName: holder.name,
    billingEmail: holder.email,
    behaviour,
  };
  core.store.paymentMethods.set(card.id, card);
  core.events.emit('payment_method.attached', presentPaymentMethod(card));
  return card;
}

/**
 * Makes a saved card the customer's default and their live subscriptions' default, as the
 * portal does; with `retryOpenInvoices`, past-due invoices are charged to it at once.
 */
export function makeDefaultCard(
  core: StandInCore,
  customer: CustomerRecord,
  card: PaymentMethodRecord,
  options: { retryOpenInvoices: boolean },
): void {
  core.updateCustomer(customer, () => (customer.defaultPaymentMethodId = card.id));
  const subscriptions = [...core.store.subscriptions.values()].filter(
    (subscription) => subscription.customerId === customer.id && subscription.status !== 'canceled',
  );
  for (const subscription of subscriptions)
    core.updateSubscription(subscription, () => (subscription.defaultPaymentMethodId = card.id));
  if (!options.retryOpenInvoices) return;
  const failing = [...core.store.invoices.values()].filter(
    (invoice) =>
      invoice.customerId === customer.id && invoice.status === 'open' && invoice.attemptCount > 0,
  );
  for (const invoice of failing) retry(core, invoice);
}
