import type Stripe from 'stripe';
import type { PriceRecord, ProductRecord } from '../model.js';
import { decimal } from './support.js';

export function presentProduct(record: ProductRecord): Stripe.Product {
  return {
    id: record.id,
    object: 'product',
    active: record.active,
    created: record.created,
    default_price: record.defaultPriceId,
    description: record.description,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: { ...record.metadata },
    name: record.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: record.created,
    url: null,
  };
}

export function presentPrice(record: PriceRecord): Stripe.Price {
  return {
    id: record.id,
    object: 'price',
    active: record.active,
    billing_scheme: 'per_unit',
    created: record.created,
    currency: record.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: record.lookupKey,
    metadata: { ...record.metadata },
    nickname: record.nickname,
    product: record.productId,
    recurring: {
      interval: record.interval,
      interval_count: record.intervalCount,
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: record.unitAmount,
    unit_amount_decimal: decimal(record.unitAmount),
  };
}

/** The legacy Plan object Stripe still embeds in subscription items. */
export function presentPlan(record: PriceRecord): Stripe.Plan {
  return {
    id: record.id,
    object: 'plan',
    active: record.active,
    amount: record.unitAmount,
    amount_decimal: decimal(record.unitAmount),
    billing_scheme: 'per_unit',
    created: record.created,
    currency: record.currency,
    interval: record.interval,
    interval_count: record.intervalCount,
    livemode: false,
    metadata: { ...record.metadata },
    meter: null,
    nickname: record.nickname,
    product: record.productId,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}
