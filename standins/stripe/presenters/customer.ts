import type Stripe from 'stripe';
import type { CustomerRecord } from '../model.js';
import type { PresentContext } from './support.js';

export function presentCustomer(context: PresentContext, record: CustomerRecord): Stripe.Customer {
  const invoices = [...context.store.invoices.values()].filter(
    (invoice) => invoice.customerId === record.id,
  );
  return {
    id: record.id,
    object: 'customer',
    address: null,
    balance: record.balance,
    created: record.created,
    // Stripe sets a customer's currency with its first invoice.
    currency: invoices.length > 0 ? 'usd' : null,
    default_source: null,
    // Delinquent while an invoice's automatic payment has failed and it is still open.
    delinquent: invoices.some((invoice) => invoice.status === 'open' && invoice.attemptCount > 0),
    description: record.description,
    discount: null,
    email: record.email,
    invoice_prefix: record.invoicePrefix,
    invoice_settings: {
      custom_fields: null,
      default_payment_method: record.defaultPaymentMethodId,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: { ...record.metadata },
    name: record.name,
    next_invoice_sequence: record.nextInvoiceSequence,
    phone: record.phone,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

export function presentDeletedCustomer(record: CustomerRecord): Stripe.DeletedCustomer {
  return { id: record.id, object: 'customer', deleted: true };
}
