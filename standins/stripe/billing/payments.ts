import { newId } from '../ids.js';
import type {
  CustomerRecord,
  InvoiceRecord,
  PaymentIntentRecord,
  PaymentMethodRecord,
  SubscriptionRecord,
} from '../model.js';
import { presentPaymentIntent } from '../presenters/payments.js';
import type { StandInCore } from '../standInCore.js';
import type { Decline } from '../stripeErrors.js';
import { CHARGE_DECLINE } from '../testCards.js';

/**
 * Charging a saved card for an invoice: one PaymentIntent per invoice, confirmed again on
 * each attempt, succeeding or failing as the test card behind the payment method does.
 */
export const NO_PAYMENT_METHOD: Decline = {
  code: 'invoice_no_payment_method_types',
  message: 'The customer has no attached payment source or default payment method.',
};

/** The card an invoice is charged to: the subscription's default, else the customer's. */
export function paymentMethodFor(
  core: StandInCore,
  subscription: SubscriptionRecord,
): PaymentMethodRecord | undefined {
  const customer = core.store.customers.get(subscription.customerId);
  const id = subscription.defaultPaymentMethodId ?? customer?.defaultPaymentMethodId ?? null;
  return id ? core.store.paymentMethods.get(id) : undefined;
}

/** Whether charging this card would fail, and how (without charging). */
export function declineFor(card: PaymentMethodRecord | undefined): Decline | null {
  if (!card) return NO_PAYMENT_METHOD;
  if (card.behaviour.kind === 'succeeds') return null;
  if (card.behaviour.kind === 'chargesFail') return CHARGE_DECLINE;
  return {
    code: card.behaviour.code,
    declineCode: card.behaviour.declineCode,
    message: card.behaviour.message,
  };
}

/** Confirms the invoice's PaymentIntent with the card; answers the decline, or null when paid. */
export function chargeInvoice(
  core: StandInCore,
  invoice: InvoiceRecord,
  customer: CustomerRecord,
  card: PaymentMethodRecord | undefined,
): Decline | null {
  const now = core.clock.now();
  let intent = invoice.payments[0]
    ? core.store.paymentIntents.get(invoice.payments[0].paymentIntentId)
    : undefined;
  if (!intent) {
    intent = {
      id: newId('pi'),
      created: now,
      seq: core.store.nextSeq(),
      customerId: customer.id,
      invoiceId: invoice.id,
      amount: invoice.amountDue,
      currency: 'usd',
      paymentMethodId: null,
      status: 'requires_payment_method',
      lastError: null,
    } satisfies PaymentIntentRecord;
    core.store.paymentIntents.set(intent.id, intent);
    invoice.payments.push({
      id: newId('inpay'),
      created: now,
      paymentIntentId: intent.id,
      amountRequested: invoice.amountDue,
      amountPaid: null,
      status: 'open',
      paidAt: null,
    });
  }
  intent.paymentMethodId = card?.id ?? null;
  const decline = declineFor(card);
  if (decline) {
    intent.status = 'requires_payment_method';
    intent.lastError = decline;
    core.events.emit('payment_intent.payment_failed', presentPaymentIntent(intent));
    return decline;
  }
  intent.status = 'succeeded';
  intent.lastError = null;
  const payment = invoice.payments[0];
  if (payment) {
    payment.status = 'paid';
    payment.amountPaid = invoice.amountDue;
    payment.paidAt = now;
  }
  core.events.emit('payment_intent.succeeded', presentPaymentIntent(intent));
  return null;
}
