import type { FastifyInstance } from 'fastify';
import { changeSubscription, type SubscriptionUpdate } from '../billing/changes.js';
import { endSubscription } from '../billing/lifecycle.js';
import type { SubscriptionRecord } from '../model.js';
import type { Params } from '../params.js';
import { presentSubscription } from '../presenters/subscription.js';
import { apiRoute, page, PAGING } from '../routeSupport.js';
import type { StandInCore } from '../standInCore.js';
import { newestFirst } from '../store.js';
import { invalidRequest, noSuch } from '../stripeErrors.js';

/**
 * /v1/subscriptions: retrieve, list, update (switch price or quantity with prorations,
 * cancel at period end or undo it, metadata, default card) and cancel now. Subscriptions
 * are created by Checkout only.
 */
const UPDATE_FIELDS = [
  'items',
  'proration_behavior',
  'proration_date',
  'payment_behavior',
  'cancel_at_period_end',
  'metadata',
  'description',
  'default_payment_method',
] as const;

function itemChange(params: Params): SubscriptionUpdate['item'] {
  const items = params.array('items');
  if (!items || items.length === 0) return undefined;
  if (items.length > 1)
    throw invalidRequest(
      'The local Stripe stand-in changes one subscription item per update.',
      'items',
    );
  const [item] = items as [Params];
  item.only(['id', 'price', 'quantity']);
  const id = item.string('id');
  if (!id)
    throw invalidRequest(
      'The local Stripe stand-in does not add items to a subscription: name the item with items[0][id].',
      'items[0][id]',
    );
  return {
    id,
    priceId: item.string('price'),
    quantity: item.integer('quantity', { min: 1, max: 999_999 }),
  };
}

export function registerSubscriptionRoutes(app: FastifyInstance, core: StandInCore): void {
  const present = (record: SubscriptionRecord) => presentSubscription(core.present(), record);

  apiRoute(app, core, 'POST', '/subscriptions', (call) => {
    call.params(['customer', 'items']);
    throw invalidRequest(
      'The local Stripe stand-in creates subscriptions through Checkout Sessions only.',
    );
  });

  apiRoute(app, core, 'GET', '/subscriptions/:id', (call) => {
    call.params([]);
    return present(core.store.subscription(call.path.id ?? ''));
  });

  apiRoute(app, core, 'POST', '/subscriptions/:id', (call) => {
    const params = call.params(UPDATE_FIELDS);
    const subscription = core.store.subscription(call.path.id ?? '');
    changeSubscription(core, subscription, {
      item: itemChange(params),
      prorationBehavior:
        params.oneOf('proration_behavior', [
          'create_prorations',
          'always_invoice',
          'none',
        ] as const) ?? 'create_prorations',
      prorationDate: params.integer('proration_date'),
      paymentBehavior:
        params.oneOf('payment_behavior', [
          'allow_incomplete',
          'error_if_incomplete',
          'default_incomplete',
          'pending_if_incomplete',
        ] as const) ?? 'allow_incomplete',
      cancelAtPeriodEnd: params.boolean('cancel_at_period_end'),
      metadata: params.metadata(),
      description: params.nullableString('description', { max: 500 }),
      defaultPaymentMethodId: params.nullableString('default_payment_method'),
    });
    return present(subscription);
  });

  apiRoute(app, core, 'DELETE', '/subscriptions/:id', (call) => {
    const params = call.params(['invoice_now', 'prorate']);
    const subscription = core.store.subscription(call.path.id ?? '');
    if (params.boolean('invoice_now') || params.boolean('prorate'))
      throw invalidRequest(
        'The local Stripe stand-in cancels without a final invoice: invoice_now and prorate must be false.',
      );
    // Stripe treats a canceled subscription as gone for a second cancellation.
    if (subscription.status === 'canceled') throw noSuch('subscription', subscription.id);
    endSubscription(core, subscription, 'cancellation_requested');
    return present(subscription);
  });

  apiRoute(app, core, 'GET', '/subscriptions', (call) => {
    const params = call.params([...PAGING, 'customer', 'price', 'status', 'created']);
    const customer = params.string('customer');
    const price = params.string('price');
    const status = params.oneOf('status', [
      'active',
      'all',
      'canceled',
      'ended',
      'incomplete',
      'incomplete_expired',
      'past_due',
      'paused',
      'trialing',
      'unpaid',
    ] as const);
    const records = newestFirst(core.store.subscriptions.values()).filter((subscription) => {
      const statusMatches =
        status === 'all' ||
        (status === undefined && subscription.status !== 'canceled') ||
        (status === 'ended' && subscription.status === 'canceled') ||
        subscription.status === status;
      return (
        statusMatches &&
        (customer === undefined || subscription.customerId === customer) &&
        (price === undefined || subscription.items.some((item) => item.priceId === price))
      );
    });
    return page(records, params, '/v1/subscriptions', present);
  });
}
