import type {
  CheckoutSessionRecord,
  CustomerRecord,
  EventRecord,
  IdempotencyRecord,
  InvoiceItemRecord,
  InvoiceRecord,
  PaymentIntentRecord,
  PaymentMethodRecord,
  PortalSessionRecord,
  PriceRecord,
  ProductRecord,
  SubscriptionRecord,
} from './model.js';
import { noSuch } from './stripeErrors.js';

/** Every record the stand-in keeps, by id. */
export class StripeStore {
  customers = new Map<string, CustomerRecord>();
  products = new Map<string, ProductRecord>();
  prices = new Map<string, PriceRecord>();
  paymentMethods = new Map<string, PaymentMethodRecord>();
  checkoutSessions = new Map<string, CheckoutSessionRecord>();
  subscriptions = new Map<string, SubscriptionRecord>();
  invoiceItems = new Map<string, InvoiceItemRecord>();
  invoices = new Map<string, InvoiceRecord>();
  paymentIntents = new Map<string, PaymentIntentRecord>();
  portalSessions = new Map<string, PortalSessionRecord>();
  events = new Map<string, EventRecord>();
  idempotency = new Map<string, IdempotencyRecord>();
  private lastSeq = 0;

  clear(): void {
    for (const map of this.allMaps()) map.clear();
    this.lastSeq = 0;
  }

  allMaps(): Map<string, unknown>[] {
    return [
      this.customers,
      this.products,
      this.prices,
      this.paymentMethods,
      this.checkoutSessions,
      this.subscriptions,
      this.invoiceItems,
      this.invoices,
      this.paymentIntents,
      this.portalSessions,
      this.events,
      this.idempotency,
    ];
  }

  nextSeq(): number {
    this.lastSeq += 1;
    return this.lastSeq;
  }

  restoreSeq(records: Iterable<{ seq: number }>): void {
    for (const record of records) this.lastSeq = Math.max(this.lastSeq, record.seq);
  }

  customer(id: string, param = 'id'): CustomerRecord {
    const record = this.customers.get(id);
    if (!record || record.deleted) throw noSuch('customer', id, param);
    return record;
  }

  price(id: string, param = 'id'): PriceRecord {
    const record = this.prices.get(id);
    if (!record) throw noSuch('price', id, param);
    return record;
  }

  product(id: string, param = 'id'): ProductRecord {
    const record = this.products.get(id);
    if (!record) throw noSuch('product', id, param);
    return record;
  }

  subscription(id: string, param = 'id'): SubscriptionRecord {
    const record = this.subscriptions.get(id);
    if (!record) throw noSuch('subscription', id, param);
    return record;
  }

  invoice(id: string, param = 'id'): InvoiceRecord {
    const record = this.invoices.get(id);
    if (!record) throw noSuch('invoice', id, param);
    return record;
  }

  checkoutSession(id: string, param = 'session'): CheckoutSessionRecord {
    const record = this.checkoutSessions.get(id);
    if (!record) throw noSuch('checkout.session', id, param);
    return record;
  }

  paymentMethod(id: string, param = 'id'): PaymentMethodRecord {
    const record = this.paymentMethods.get(id);
    if (!record) throw noSuch('PaymentMethod', id, param);
    return record;
  }

  paymentIntent(id: string, param = 'intent'): PaymentIntentRecord {
    const record = this.paymentIntents.get(id);
    if (!record) throw noSuch('payment_intent', id, param);
    return record;
  }

  event(id: string): EventRecord {
    const record = this.events.get(id);
    if (!record) throw noSuch('event', id);
    return record;
  }
}

/** Newest first, as Stripe lists. */
export function newestFirst<T extends { seq: number }>(records: Iterable<T>): T[] {
  return [...records].sort((a, b) => b.seq - a.seq);
}
