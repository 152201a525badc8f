import type Stripe from 'stripe';
import type {
  InvoicePaymentRecord,
  InvoiceRecord,
  PaymentIntentRecord,
  PaymentMethodRecord,
} from '../model.js';

export function presentPaymentMethod(record: PaymentMethodRecord): Stripe.PaymentMethod {
  return {
    id: record.id,
    object: 'payment_method',
    allow_redisplay: 'always',
    billing_details: {
      address: {
        city: null,
        country: null,
        line1: null,
        line2: null,
        postal_code: null,
        state: null,
      },
      email: record.billingEmail,
      name: record.billingName,
      phone: null,
      tax_id: null,
    },
    card: {
      brand: record.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: record.country,
      display_brand: record.brand,
      exp_month: record.expMonth,
      exp_year: record.expYear,
      fingerprint: record.fingerprint,
      funding: record.funding,
      generated_from: null,
      last4: record.last4,
      networks: { available: [record.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: record.created,
    customer: record.customerId,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

export function presentPaymentIntent(record: PaymentIntentRecord): Stripe.PaymentIntent {
  const succeeded = record.status === 'succeeded';
  return {
    id: record.id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: record.amount,
    amount_capturable: 0,
    amount_received: succeeded ? record.amount : 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${record.id}_secret_${record.id.slice(-8)}`,
    confirmation_method: 'automatic',
    created: record.created,
    currency: record.currency,
    customer: record.customerId,
    customer_account: null,
    description: 'Subscription update',
    excluded_payment_method_types: null,
    last_payment_error: record.lastError
      ? {
          code: record.lastError.code,
          ...(record.lastError.declineCode ? { decline_code: record.lastError.declineCode } : {}),
          message: record.lastError.message,
          type: 'card_error',
        }
      : null,
    // The stand-in keeps no Charge objects.
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: record.paymentMethodId,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: 'off_session',
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: record.status,
    transfer_group: null,
  };
}

export function presentInvoicePayment(
  invoice: InvoiceRecord,
  record: InvoicePaymentRecord,
): Stripe.InvoicePayment {
  return {
    id: record.id,
    object: 'invoice_payment',
    amount_paid: record.amountPaid,
    amount_requested: record.amountRequested,
    created: record.created,
    currency: 'usd',
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { payment_intent: record.paymentIntentId, type: 'payment_intent' },
    status: record.status,
    status_transitions: { canceled_at: null, paid_at: record.paidAt },
  };
}
