import type Stripe from 'stripe';
import type { SubscriptionItemRecord, SubscriptionRecord } from '../model.js';
import { presentPlan, presentPrice } from './catalog.js';
import { list, type PresentContext } from './support.js';

export function presentSubscriptionItem(
  context: PresentContext,
  subscription: SubscriptionRecord,
  item: SubscriptionItemRecord,
): Stripe.SubscriptionItem {
  const price = context.store.price(item.priceId);
  return {
    id: item.id,
    object: 'subscription_item',
    billing_thresholds: null,
    created: item.created,
    // Since API version 2025-03-31 the current period lives on each item.
    current_period_end: item.periodEnd,
    current_period_start: item.periodStart,
    current_trial: null,
    discounts: [],
    metadata: { ...item.metadata },
    plan: presentPlan(price),
    price: presentPrice(price),
    quantity: item.quantity,
    subscription: subscription.id,
    tax_rates: [],
  };
}

export function presentSubscription(
  context: PresentContext,
  record: SubscriptionRecord,
): Stripe.Subscription {
  return {
    id: record.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: record.billingCycleAnchor,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: { proration_discounts: 'included' }, type: 'flexible' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: record.cancelAt,
    cancel_at_period_end: record.cancelAtPeriodEnd,
    canceled_at: record.canceledAt,
    cancellation_details: {
      comment: null,
      feedback: null,
      feedback_option: null,
      reason: record.cancellationReason,
    },
    collection_method: 'charge_automatically',
    created: record.created,
    currency: 'usd',
    customer: record.customerId,
    customer_account: null,
    days_until_due: null,
    default_payment_method: record.defaultPaymentMethodId,
    default_source: null,
    default_tax_rates: [],
    description: record.description,
    discounts: [],
    ended_at: record.endedAt,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    items: list(
      record.items.map((item) => presentSubscriptionItem(context, record, item)),
      `/v1/subscription_items?subscription=${record.id}`,
    ),
    latest_invoice: record.latestInvoiceId,
    livemode: false,
    managed_payments: null,
    metadata: { ...record.metadata },
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: record.startDate,
    status: record.status,
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: {
      end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' },
    },
    trial_start: null,
  };
}
