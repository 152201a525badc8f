import type { FastifyInstance } from 'fastify';
import { expireSession } from '../billing/checkout.js';
import { newCheckoutSessionId } from '../ids.js';
import type { CheckoutSessionRecord, LineItemInput } from '../model.js';
import { mergeMetadata, type Params } from '../params.js';
import { presentCheckoutLineItems, presentCheckoutSession } from '../presenters/checkoutSession.js';
import { apiRoute, page, PAGING } from '../routeSupport.js';
import type { StandInCore } from '../standInCore.js';
import { newestFirst } from '../store.js';
import { invalidRequest, missingParam } from '../stripeErrors.js';

/** /v1/checkout/sessions in subscription mode: create, retrieve, list, expire, line items. */
const CREATE_FIELDS = [
  'mode',
  'line_items',
  'success_url',
  'cancel_url',
  'customer',
  'customer_email',
  'client_reference_id',
  'metadata',
  'subscription_data',
  'expires_at',
  'payment_method_types',
  'ui_mode',
  'locale',
] as const;

function checkUrl(params: Params, key: string): string | null {
  const value = params.string(key, { max: 5000 });
  if (value === undefined) return null;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw invalidRequest('Not a valid URL', key, 'url_invalid');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw invalidRequest('Not a valid URL', key, 'url_invalid');
  return value;
}

function lineItemsOf(core: StandInCore, params: Params): LineItemInput[] {
  const items = params.array('line_items');
  if (!items || items.length === 0) throw missingParam('line_items');
  if (items.length > 20)
    throw invalidRequest('line_items can have at most 20 entries.', 'line_items');
  return items.map((item) => {
    item.only(['price', 'quantity']);
    const priceId = item.requiredString('price');
    const price = core.store.price(priceId, item.name('price'));
    if (!price.active) throw invalidRequest('The price specified is inactive.', item.name('price'));
    return { priceId, quantity: item.integer('quantity', { min: 1, max: 999_999 }) ?? 1 };
  });
}

function createSession(core: StandInCore, params: Params): CheckoutSessionRecord {
  const now = core.clock.now();
  const mode = params.string('mode');
  if (!mode) throw missingParam('mode');
  if (mode !== 'subscription')
    throw invalidRequest(
      'The local Stripe stand-in supports Checkout Sessions in subscription mode only.',
      'mode',
    );
  const uiMode = params.string('ui_mode');
  if (uiMode !== undefined && uiMode !== 'hosted_page')
    throw invalidRequest('The local Stripe stand-in supports ui_mode=hosted_page only.', 'ui_mode');
  const types = params.stringList('payment_method_types');
  if (types && types.some((type) => type !== 'card'))
    throw invalidRequest(
      'The local Stripe stand-in supports the card payment method type only.',
      'payment_method_types',
    );
  params.string('locale');
  const customerId = params.string('customer');
  const customerEmail = params.string('customer_email', { max: 800 });
  if (customerId && customerEmail)
    throw invalidRequest('You may only specify one of these parameters: customer, customer_email.');
  if (customerId) core.store.customer(customerId, 'customer');
  const lineItems = lineItemsOf(core, params);
  const lifetime = core.options.checkoutSessionLifetimeSeconds ?? 24 * 3600;
  const expiresAt = params.integer('expires_at');
  if (expiresAt !== undefined && (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600))
    throw invalidRequest(
      'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
      'expires_at',
    );
  const subscriptionData = params.object('subscription_data')?.only(['metadata', 'description']);
  const record: CheckoutSessionRecord = {
    id: newCheckoutSessionId(),
    created: now,
    seq: core.store.nextSeq(),
    expiresAt: expiresAt ?? now + lifetime,
    customerId: customerId ?? null,
    customerEmail: customerEmail ?? null,
    lineItems,
    successUrl: checkUrl(params, 'success_url'),
    cancelUrl: checkUrl(params, 'cancel_url'),
    clientReferenceId: params.string('client_reference_id', { max: 200 }) ?? null,
    metadata: mergeMetadata({}, params.metadata()),
    subscriptionMetadata: mergeMetadata({}, subscriptionData?.metadata()),
    subscriptionDescription: subscriptionData?.string('description', { max: 500 }) ?? null,
    status: 'open',
    paymentStatus: 'unpaid',
    subscriptionId: null,
    invoiceId: null,
    lastDecline: null,
    billingName: null,
  };
  core.store.checkoutSessions.set(record.id, record);
  return record;
}

export function registerCheckoutSessionRoutes(app: FastifyInstance, core: StandInCore): void {
  const present = (record: CheckoutSessionRecord) => presentCheckoutSession(core.present(), record);

  apiRoute(app, core, 'POST', '/checkout/sessions', (call) =>
    present(createSession(core, call.params(CREATE_FIELDS))),
  );

  apiRoute(app, core, 'GET', '/checkout/sessions/:id', (call) => {
    call.params([]);
    return present(core.store.checkoutSession(call.path.id ?? ''));
  });

  apiRoute(app, core, 'GET', '/checkout/sessions/:id/line_items', (call) => {
    call.params([...PAGING]);
    return presentCheckoutLineItems(core.present(), core.store.checkoutSession(call.path.id ?? ''));
  });

  apiRoute(app, core, 'POST', '/checkout/sessions/:id/expire', (call) => {
    call.params([]);
    const session = core.store.checkoutSession(call.path.id ?? '');
    if (session.status !== 'open')
      throw invalidRequest(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      );
    expireSession(core, session);
    return present(session);
  });

  apiRoute(app, core, 'GET', '/checkout/sessions', (call) => {
    const params = call.params([...PAGING, 'customer', 'subscription', 'status', 'created']);
    const customer = params.string('customer');
    const subscription = params.string('subscription');
    const status = params.oneOf('status', ['open', 'complete', 'expired'] as const);
    const records = newestFirst(core.store.checkoutSessions.values()).filter(
      (session) =>
        (customer === undefined || session.customerId === customer) &&
        (subscription === undefined || session.subscriptionId === subscription) &&
        (status === undefined || session.status === status),
    );
    return page(records, params, '/v1/checkout/sessions', present);
  });
}
