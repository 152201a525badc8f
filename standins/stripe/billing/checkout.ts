import type { CheckoutSessionRecord } from '../model.js';
import { presentCheckoutSession } from '../presenters/checkoutSession.js';
import type { StandInCore } from '../standInCore.js';
import { CHARGE_DECLINE, type CheckedCard } from '../testCards.js';
import { attachCard } from './cards.js';
import { createCustomer } from './customers.js';
import { startSubscription } from './lifecycle.js';

/**
 * Paying a subscription-mode Checkout Session with a card: a refused card leaves the
 * session open and nothing made; a good one makes the customer (when the session had
 * none), saves the card, starts the subscription with its first paid invoice, completes
 * the session (checkout.session.completed) and answers where to send the browser.
 */
export type CheckoutOutcome =
  { ok: true; redirectTo: string | null } | { ok: false; message: string };

export function expireSession(core: StandInCore, session: CheckoutSessionRecord): void {
  if (session.status !== 'open') return;
  session.status = 'expired';
  core.events.emit('checkout.session.expired', presentCheckoutSession(core.present(), session));
}

export function payCheckoutSession(
  core: StandInCore,
  session: CheckoutSessionRecord,
  checked: CheckedCard,
  holder: { name: string | null; email: string | null },
): CheckoutOutcome {
  if (session.status !== 'open')
    return { ok: false, message: 'This Checkout Session is no longer active.' };
  const behaviour = checked.card.behaviour;
  // Checkout charges the first invoice while the customer is there: a card that cannot
  // pay is refused before anything exists.
  const refusal =
    behaviour.kind === 'declined'
      ? behaviour.message
      : behaviour.kind === 'chargesFail'
        ? CHARGE_DECLINE.message
        : null;
  if (refusal) {
    session.lastDecline = refusal;
    return { ok: false, message: refusal };
  }
  const customer = session.customerId
    ? core.store.customer(session.customerId)
    : createCustomer(core, { email: session.customerEmail ?? holder.email, name: holder.name });
  const card = attachCard(core, customer, checked, holder);
  if ('code' in card) {
    session.lastDecline = card.message;
    return { ok: false, message: card.message };
  }
  const { subscription, invoice } = startSubscription(core, {
    customerId: customer.id,
    lineItems: session.lineItems,
    paymentMethodId: card.id,
    metadata: session.subscriptionMetadata,
    description: session.subscriptionDescription,
  });
  session.status = 'complete';
  session.paymentStatus = 'paid';
  session.customerId = customer.id;
  session.subscriptionId = subscription.id;
  session.invoiceId = invoice.id;
  session.billingName = holder.name;
  session.lastDecline = null;
  core.events.emit('checkout.session.completed', presentCheckoutSession(core.present(), session));
  const redirectTo = session.successUrl?.replaceAll('{CHECKOUT_SESSION_ID}', session.id) ?? null;
  return { ok: true, redirectTo };
}
