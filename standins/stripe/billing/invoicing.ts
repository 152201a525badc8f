import { newId } from '../ids.js';
import type {
  BillingReason,
  InvoiceLineRecord,
  InvoiceRecord,
  SubscriptionRecord,
} from '../model.js';
import { invoiceTotal, presentInvoice } from '../presenters/invoice.js';
import type { StandInCore } from '../standInCore.js';
import type { Decline } from '../stripeErrors.js';
import { DAY_SECONDS } from './calendar.js';
import { chargeInvoice, paymentMethodFor } from './payments.js';

/**
 * An invoice's life: made as a draft (invoice.created), finalized (a number, the
 * customer's credit applied, invoice.finalized), then paid (invoice.paid and
 * invoice.payment_succeeded) or its payment failed (invoice.payment_failed, with the next
 * automatic retry set from the dunning schedule).
 */
export const DEFAULT_RETRY_DAYS = [3, 5, 7];

export interface NewInvoice {
  id?: string;
  subscription: SubscriptionRecord;
  billingReason: BillingReason;
  lines: InvoiceLineRecord[];
  periodStart: number;
  periodEnd: number;
  prorationDate?: number | null;
  /** When a draft finalizes by itself; null keeps it a draft. */
  finalizesAt?: number | null;
}

export function createInvoice(core: StandInCore, input: NewInvoice): InvoiceRecord {
  const now = core.clock.now();
  const invoice: InvoiceRecord = {
    id: input.id ?? newId('in'),
    created: now,
    seq: core.store.nextSeq(),
    customerId: input.subscription.customerId,
    subscriptionId: input.subscription.id,
    subscriptionMetadata: { ...input.subscription.metadata },
    billingReason: input.billingReason,
    status: 'draft',
    number: null,
    lines: input.lines,
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
    startingBalance: 0,
    endingBalance: null,
    amountDue: Math.max(0, invoiceTotal({ lines: input.lines })),
    amountPaid: 0,
    attemptCount: 0,
    nextPaymentAttempt: null,
    finalizesAt: input.finalizesAt ?? null,
    finalizedAt: null,
    paidAt: null,
    firstFailedAt: null,
    payments: [],
    prorationDate: input.prorationDate ?? null,
  };
  core.store.invoices.set(invoice.id, invoice);
  for (const line of invoice.lines) {
    const item = line.invoiceItemId ? core.store.invoiceItems.get(line.invoiceItemId) : undefined;
    if (item) item.invoiceId = invoice.id;
  }
  core.events.emit('invoice.created', presentInvoice(core.present(), invoice));
  return invoice;
}

/** Finalizes a draft; one that owes nothing after the customer's credit is paid at once. */
export function finalizeInvoice(core: StandInCore, invoice: InvoiceRecord): void {
  if (invoice.status !== 'draft') return;
  const now = core.clock.now();
  const customer = core.store.customers.get(invoice.customerId);
  if (!customer) return;
  const total = invoiceTotal(invoice);
  const balance = customer.balance;
  invoice.startingBalance = balance;
  invoice.amountDue = Math.max(0, total + balance);
  invoice.endingBalance = Math.min(0, total + balance);
  invoice.number = `${customer.invoicePrefix}-${String(customer.nextInvoiceSequence).padStart(4, '0')}`;
  invoice.status = 'open';
  invoice.finalizedAt = now;
  invoice.finalizesAt = null;
  customer.nextInvoiceSequence += 1;
  const endingBalance = invoice.endingBalance;
  // Using or adding credit changes the customer's balance: customer.updated says so.
  if (endingBalance !== balance)
    core.updateCustomer(customer, () => (customer.balance = endingBalance));
  core.events.emit('invoice.finalized', presentInvoice(core.present(), invoice));
  if (invoice.amountDue === 0) markPaid(core, invoice);
}

function markPaid(core: StandInCore, invoice: InvoiceRecord): void {
  const now = core.clock.now();
  invoice.status = 'paid';
  invoice.amountPaid = invoice.amountDue;
  invoice.paidAt = now;
  invoice.nextPaymentAttempt = null;
  const present = () => presentInvoice(core.present(), invoice);
  core.events.emit('invoice.paid', present());
  core.events.emit('invoice.payment_succeeded', present());
}

/** The next automatic retry after a failed attempt, or null when the schedule is spent. */
export function nextRetry(core: StandInCore, invoice: InvoiceRecord): number | null {
  const days = core.options.dunning?.retryDays ?? DEFAULT_RETRY_DAYS;
  const offset = days[invoice.attemptCount - 1];
  if (offset === undefined || invoice.firstFailedAt === null) return null;
  return invoice.firstFailedAt + offset * DAY_SECONDS;
}

/** Charges an open invoice once; answers the decline, or null when it is now paid. */
export function attemptPayment(core: StandInCore, invoice: InvoiceRecord): Decline | null {
  if (invoice.status !== 'open') return null;
  const subscription = core.store.subscription(invoice.subscriptionId);
  const customer = core.store.customer(invoice.customerId);
  const decline = chargeInvoice(core, invoice, customer, paymentMethodFor(core, subscription));
  invoice.attemptCount += 1;
  if (!decline) {
    markPaid(core, invoice);
    return null;
  }
  invoice.firstFailedAt ??= core.clock.now();
  // A customer-present attempt (checkout) is not retried; automatic collection is.
  invoice.nextPaymentAttempt =
    invoice.billingReason === 'subscription_create' ? null : nextRetry(core, invoice);
  core.events.emit('invoice.payment_failed', presentInvoice(core.present(), invoice));
  return decline;
}
