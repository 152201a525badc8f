import type Stripe from 'stripe';
import type { StripeStore } from '../store.js';

/**
 * What presenters need: the records, and the public origin for the hosted pages' URLs.
 * Presenters answer the pinned API version's objects; they are typed with the SDK's own
 * types, so a field missing or of the wrong type fails the typecheck.
 */
export interface PresentContext {
  store: StripeStore;
  /** e.g. 'http://127.0.0.1:3000': where /_stripe/... pages are reached by a browser. */
  origin: string;
}

type DecimalField = NonNullable<Stripe.Price['unit_amount_decimal']>;

/** On the wire Stripe sends decimals as strings; the SDK turns them into its Decimal. */
export function decimal(value: number): DecimalField {
  return String(value) as unknown as DecimalField;
}

export function list<T>(data: T[], url: string, hasMore = false): Stripe.ApiList<T> {
  return { object: 'list', data, has_more: hasMore, url };
}
