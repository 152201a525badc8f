import type Stripe from 'stripe';
import type { CustomerRecord, InvoiceLineRecord, InvoiceRecord } from '../model.js';
import { decimal, list, type PresentContext } from './support.js';

/**
 * Invoices in the pinned version's shape: the subscription is under
 * parent.subscription_details, payments are InvoicePayments (includable with
 * expand[]=payments), lines carry parent.subscription_item_details and pricing.
 */
export function presentInvoiceLine(
  context: PresentContext,
  invoice: Pick<InvoiceRecord, 'id' | 'subscriptionId'> | { id: null; subscriptionId: string },
  line: InvoiceLineRecord,
): Stripe.InvoiceLineItem {
  const price = context.store.price(line.priceId);
  return {
    id: line.id,
    object: 'line_item',
    amount: line.amount,
    currency: 'usd',
    description: line.description,
    discount_amounts: [],
    discountable: !line.proration,
    discounts: [],
    invoice: invoice.id,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: line.invoiceItemId,
        proration: line.proration,
        proration_details: { credited_items: line.creditedItems },
        subscription: invoice.subscriptionId,
        subscription_item: line.subscriptionItemId,
      },
    },
    period: { end: line.periodEnd, start: line.periodStart },
    pretax_credit_amounts: [],
    pricing: {
      type: 'price_details',
      price_details: { price: price.id, product: price.productId },
      unit_amount_decimal: decimal(price.unitAmount),
    },
    quantity: line.quantity,
    quantity_decimal: decimal(line.quantity),
    subscription: invoice.subscriptionId,
    subtotal: line.amount,
    taxes: [],
  };
}

export function invoiceTotal(record: Pick<InvoiceRecord, 'lines'>): number {
  return record.lines.reduce((sum, line) => sum + line.amount, 0);
}

export function presentInvoice(context: PresentContext, record: InvoiceRecord): Stripe.Invoice {
  const customer = context.store.customers.get(record.customerId) as CustomerRecord;
  const total = invoiceTotal(record);
  const finalized = record.status !== 'draft';
  return {
    id: record.id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Curator (local Stripe stand-in)',
    account_tax_ids: null,
    amount_due: record.amountDue,
    amount_overpaid: 0,
    amount_paid: record.amountPaid,
    amount_remaining: record.amountDue - record.amountPaid,
    amount_shipping: 0,
    application: null,
    attempt_count: record.attemptCount,
    attempted: record.attemptCount > 0 || record.status === 'paid',
    auto_advance: record.status === 'draft' || record.status === 'open',
    automatic_tax: {
      disabled_reason: null,
      enabled: false,
      liability: null,
      provider: null,
      status: null,
    },
    automatically_finalizes_at: record.status === 'draft' ? record.finalizesAt : null,
    billing_reason: record.billingReason,
    collection_method: 'charge_automatically',
    created: record.created,
    currency: 'usd',
    custom_fields: null,
    customer: record.customerId,
    customer_account: null,
    customer_address: null,
    customer_email: customer.email,
    customer_name: customer.name,
    customer_phone: customer.phone,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: record.finalizedAt,
    ending_balance: record.endingBalance,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: finalized ? `${context.origin}/_stripe/invoices/${record.id}` : null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: list(
      record.lines.map((line) => presentInvoiceLine(context, record, line)),
      `/v1/invoices/${record.id}/lines`,
    ),
    livemode: false,
    metadata: {},
    next_payment_attempt: record.nextPaymentAttempt,
    number: record.number,
    on_behalf_of: null,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        metadata: { ...record.subscriptionMetadata },
        subscription: record.subscriptionId,
        ...(record.prorationDate !== null
          ? { subscription_proration_date: record.prorationDate }
          : {}),
      },
    },
    payment_settings: {
      default_mandate: null,
      payment_method_options: null,
      payment_method_types: null,
    },
    period_end: record.periodEnd,
    period_start: record.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: record.startingBalance,
    statement_descriptor: null,
    status: record.status,
    status_transitions: {
      finalized_at: record.finalizedAt,
      marked_uncollectible_at: null,
      paid_at: record.paidAt,
      voided_at: null,
    },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: finalized ? record.created : null,
  };
}
