import type Stripe from 'stripe';
import { makeDefaultCard, attachCard } from './billing/cards.js';
import { payCheckoutSession, type CheckoutOutcome } from './billing/checkout.js';
import { runDueWork } from './billing/dueWork.js';
import { presentEvent } from './events.js';
import { newestFirst } from './store.js';
import type { StandInCore } from './standInCore.js';
import { checkCard } from './testCards.js';
import type { DeliveryAttempt, WebhookEndpointConfig } from './webhooks/delivery.js';

/**
 * The control API, for tests and demos: move the stand-in's clock (running renewals and
 * retries as Stripe would), give a customer a failing card, pay a Checkout Session
 * without a browser, and steer webhook delivery (resend, duplicate, hold and release in
 * another order, fail the next N). The same object backs the HTTP routes under
 * /_stripe/control.
 */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface SubscriptionSummary {
  id: string;
  customer: string;
  status: string;
  price: string;
  lookupKey: string | null;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  latestInvoice: string | null;
}

export interface StripeStandInControl {
  /** The stand-in's clock (Unix seconds). */
  now(): number;
  /** Moves the clock forward and runs everything that fell due, each at its own time. */
  advanceClock(by: { seconds?: number; days?: number } | { to: Date }): {
    now: number;
    ran: number;
  };
  /** Runs what is due on the clock as it stands (after a test moved the clock it gave). */
  runDueWork(): number;
  /** Saves a test card on the customer as their default, and their subscriptions' (default 0341: every charge fails). */
  setCustomerCard(customerId: string, cardNumber?: string): { paymentMethod: string };
  /** Pays a Checkout Session as the hosted page would (default card 4242...). */
  payCheckoutSession(
    sessionId: string,
    card?: { number?: string; name?: string; email?: string },
  ): CheckoutOutcome;
  events(filter?: { type?: string }): Stripe.EventBase[];
  /** Sends an event again to every endpoint (as the Dashboard's "Resend"). */
  resendEvent(eventId: string): Promise<DeliveryAttempt[]>;
  /** The next `count` deliveries are each sent twice. */
  duplicateNextDeliveries(count: number): void;
  holdDeliveries(): void;
  releaseDeliveries(order?: 'created' | 'reverse'): Promise<DeliveryAttempt[]>;
  /** The next `count` delivery attempts fail without being sent (then retried). */
  failNextDeliveries(count: number): void;
  deliveries(eventId?: string): DeliveryAttempt[];
  /** Resolves once no delivery is being sent and no retry is waiting. */
  deliveriesSettled(): Promise<void>;
  setWebhookEndpoints(endpoints: WebhookEndpointConfig[]): void;
  subscriptions(customerId?: string): SubscriptionSummary[];
  /** Back to the seeded catalogue, nothing else; clock and webhook settings kept. */
  reset(): void;
}

export function createControl(core: StandInCore): StripeStandInControl {
  const after = <T>(result: T): T => {
    core.persist();
    return result;
  };
  return {
    now: () => core.clock.now(),
    advanceClock(by) {
      const seconds =
        'to' in by
          ? Math.floor(by.to.getTime() / 1000) - core.clock.now()
          : (by.seconds ?? 0) + (by.days ?? 0) * 86_400;
      if (!Number.isFinite(seconds) || seconds < 0)
        throw new ControlError(400, 'The clock only moves forward.');
      core.clock.advance(Math.floor(seconds));
      const ran = runDueWork(core);
      return after({ now: core.clock.now(), ran });
    },
    runDueWork: () => after(runDueWork(core)),
    setCustomerCard(customerId, cardNumber = '4000000000000341') {
      runDueWork(core);
      const customer = core.store.customers.get(customerId);
      if (!customer || customer.deleted)
        throw new ControlError(404, `No such customer: '${customerId}'`);
      const now = new Date(core.clock.now() * 1000);
      const checked = checkCard(
        { number: cardNumber, expiry: `12 / ${now.getUTCFullYear() + 4}`, cvc: '123' },
        core.clock.now(),
      );
      if (!checked.ok) throw new ControlError(400, checked.message);
      const card = attachCard(core, customer, checked.value, {
        name: customer.name,
        email: customer.email,
      });
      if ('code' in card) throw new ControlError(400, card.message);
      makeDefaultCard(core, customer, card, { retryOpenInvoices: false });
      return after({ paymentMethod: card.id });
    },
    payCheckoutSession(sessionId, card = {}) {
      runDueWork(core);
      const session = core.store.checkoutSessions.get(sessionId);
      if (!session) throw new ControlError(404, `No such checkout.session: '${sessionId}'`);
      const year = new Date(core.clock.now() * 1000).getUTCFullYear() + 4;
      const checked = checkCard(
        { number: card.number ?? '4242424242424242', expiry: `12 / ${year}`, cvc: '123' },
        core.clock.now(),
      );
      if (!checked.ok) return { ok: false, message: checked.message };
      return after(
        payCheckoutSession(core, session, checked.value, {
          name: card.name ?? 'Test Customer',
          email: card.email ?? null,
        }),
      );
    },
    events: (filter = {}) =>
      newestFirst(core.store.events.values())
        .reverse()
        .filter((event) => filter.type === undefined || event.type === filter.type)
        .map((event) => presentEvent(event, core.webhooks.pendingFor(event.id))),
    resendEvent(eventId) {
      const event = core.store.events.get(eventId);
      if (!event) throw new ControlError(404, `No such event: '${eventId}'`);
      return core.webhooks.resend(event.id, event.type);
    },
    duplicateNextDeliveries: (count) => core.webhooks.duplicateNext(count),
    holdDeliveries: () => core.webhooks.hold(),
    releaseDeliveries: (order = 'created') => core.webhooks.release(order),
    failNextDeliveries: (count) => core.webhooks.failNext(count),
    deliveries: (eventId) =>
      core.webhooks.attempts.filter(
        (attempt) => eventId === undefined || attempt.eventId === eventId,
      ),
    deliveriesSettled: () => core.webhooks.settled(),
    setWebhookEndpoints(endpoints) {
      core.webhooks.endpoints = endpoints;
    },
    subscriptions: (customerId) =>
      newestFirst(core.store.subscriptions.values())
        .filter(
          (subscription) => customerId === undefined || subscription.customerId === customerId,
        )
        .map((subscription) => {
          const item = subscription.items[0];
          const price = item ? core.store.prices.get(item.priceId) : undefined;
          return {
            id: subscription.id,
            customer: subscription.customerId,
            status: subscription.status,
            price: item?.priceId ?? '',
            lookupKey: price?.lookupKey ?? null,
            currentPeriodEnd: item?.periodEnd ?? 0,
            cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
            latestInvoice: subscription.latestInvoiceId,
          };
        }),
    reset: () => core.reset(),
  };
}
