import type Stripe from 'stripe';
import type { CheckoutSessionRecord } from '../model.js';
import { presentPrice } from './catalog.js';
import { list, type PresentContext } from './support.js';

export function checkoutAmount(context: PresentContext, record: CheckoutSessionRecord): number {
  return record.lineItems.reduce(
    (sum, item) => sum + context.store.price(item.priceId).unitAmount * item.quantity,
    0,
  );
}

export function checkoutPageUrl(context: PresentContext, id: string): string {
  return `${context.origin}/_stripe/checkout/${id}`;
}

export function presentCheckoutLineItems(
  context: PresentContext,
  record: CheckoutSessionRecord,
): Stripe.ApiList<Stripe.LineItem> {
  return list(
    record.lineItems.map((item, index) => {
      const price = context.store.price(item.priceId);
      const product = context.store.product(price.productId);
      const amount = price.unitAmount * item.quantity;
      return {
        id: `li_${record.id.slice(8, 22)}${index}`,
        object: 'item' as const,
        adjustable_quantity: null,
        amount_discount: 0,
        amount_subtotal: amount,
        amount_tax: 0,
        amount_total: amount,
        currency: price.currency,
        description: product.name,
        metadata: {},
        price: presentPrice(price),
        quantity: item.quantity,
      };
    }),
    `/v1/checkout/sessions/${record.id}/line_items`,
  );
}

export function presentCheckoutSession(
  context: PresentContext,
  record: CheckoutSessionRecord,
): Stripe.Checkout.Session {
  const amount = checkoutAmount(context, record);
  const customer = record.customerId ? context.store.customers.get(record.customerId) : undefined;
  const complete = record.status === 'complete';
  return {
    id: record.id,
    object: 'checkout.session',
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: amount,
    amount_total: amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: record.cancelUrl,
    client_reference_id: record.clientReferenceId,
    client_secret: null,
    collected_information: complete
      ? { business_name: null, individual_name: null, shipping_details: null }
      : null,
    consent: null,
    consent_collection: null,
    created: record.created,
    currency: 'usd',
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: record.customerId,
    customer_account: null,
    customer_creation: record.customerEmail !== null || !customer ? 'always' : null,
    customer_details: complete
      ? {
          address: null,
          business_name: null,
          email: customer?.email ?? record.customerEmail,
          individual_name: null,
          name: record.billingName ?? customer?.name ?? null,
          phone: null,
          tax_exempt: 'none',
          tax_ids: [],
        }
      : null,
    customer_email: record.customerEmail,
    discounts: [],
    expires_at: record.expiresAt,
    integration_identifier: null,
    invoice: record.invoiceId,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: { ...record.metadata },
    mode: 'subscription',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    payment_status: record.paymentStatus,
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: record.customerId
      ? {
          allow_redisplay_filters: ['always'],
          payment_method_remove: 'disabled',
          payment_method_save: null,
        }
      : null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: record.status,
    submit_type: null,
    subscription: record.subscriptionId,
    success_url: record.successUrl,
    tax_id_collection: { enabled: false, required: 'never' },
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: record.status === 'open' ? checkoutPageUrl(context, record.id) : null,
    wallet_options: null,
  };
}
