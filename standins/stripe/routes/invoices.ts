import type { FastifyInstance } from 'fastify';
import { settlePayment } from '../billing/lifecycle.js';
import { attemptPayment } from '../billing/invoicing.js';
import { noUpcomingInvoice, previewInvoice } from '../billing/preview.js';
import type { InvoiceRecord } from '../model.js';
import { presentInvoice, presentInvoiceLine } from '../presenters/invoice.js';
import { apiRoute, page, PAGING } from '../routeSupport.js';
import type { StandInCore } from '../standInCore.js';
import { newestFirst } from '../store.js';
import { cardError, invalidRequest } from '../stripeErrors.js';

/** /v1/invoices: retrieve, list, lines, pay now, and the upcoming invoice preview. */
export function registerInvoiceRoutes(app: FastifyInstance, core: StandInCore): void {
  const present = (record: InvoiceRecord) => presentInvoice(core.present(), record);

  apiRoute(app, core, 'GET', '/invoices/:id', (call) => {
    call.params([]);
    return present(core.store.invoice(call.path.id ?? ''));
  });

  apiRoute(app, core, 'GET', '/invoices/:id/lines', (call) => {
    const params = call.params([...PAGING]);
    const invoice = core.store.invoice(call.path.id ?? '', 'invoice');
    const lines = invoice.lines.map((line) => ({ ...line, seq: 0 }));
    return page(lines, params, `/v1/invoices/${invoice.id}/lines`, (line) =>
      presentInvoiceLine(core.present(), invoice, line),
    );
  });

  apiRoute(app, core, 'GET', '/invoices', (call) => {
    const params = call.params([
      ...PAGING,
      'customer',
      'subscription',
      'status',
      'collection_method',
      'created',
    ]);
    const customer = params.string('customer');
    const subscription = params.string('subscription');
    const status = params.oneOf('status', [
      'draft',
      'open',
      'paid',
      'uncollectible',
      'void',
    ] as const);
    const records = newestFirst(core.store.invoices.values()).filter(
      (invoice) =>
        (customer === undefined || invoice.customerId === customer) &&
        (subscription === undefined || invoice.subscriptionId === subscription) &&
        (status === undefined || invoice.status === status),
    );
    return page(records, params, '/v1/invoices', present);
  });

  apiRoute(app, core, 'POST', '/invoices/:id/pay', (call) => {
    call.params(['off_session']);
    const invoice = core.store.invoice(call.path.id ?? '');
    if (invoice.status === 'paid') throw invalidRequest('Invoice is already paid');
    if (invoice.status !== 'open')
      throw invalidRequest(`You can only pay an open invoice. This invoice is ${invoice.status}.`);
    const decline = attemptPayment(core, invoice);
    settlePayment(core, invoice, decline);
    if (decline) throw cardError(decline);
    return present(invoice);
  });

  apiRoute(app, core, 'POST', '/invoices/create_preview', (call) => {
    const params = call.params(['customer', 'subscription', 'subscription_details']);
    const customerId = params.string('customer');
    const subscriptionId = params.string('subscription');
    if (!customerId && !subscriptionId)
      throw invalidRequest(
        'Must provide customer or subscription (the local Stripe stand-in previews subscriptions).',
      );
    const customer = customerId ? core.store.customer(customerId, 'customer') : undefined;
    const subscription = subscriptionId
      ? core.store.subscription(subscriptionId, 'subscription')
      : newestFirst(core.store.subscriptions.values()).find(
          (candidate) => candidate.customerId === customer?.id && candidate.status !== 'canceled',
        );
    if (!subscription) throw noUpcomingInvoice(customerId ?? '');
    if (customer && subscription.customerId !== customer.id)
      throw invalidRequest(
        `The subscription '${subscription.id}' does not belong to customer '${customer.id}'.`,
        'subscription',
      );
    const details = params
      .object('subscription_details')
      ?.only(['items', 'proration_behavior', 'proration_date']);
    const items = details?.array('items');
    if (items && items.length > 1)
      throw invalidRequest(
        'The local Stripe stand-in previews a change of one subscription item.',
        'subscription_details[items]',
      );
    const item = items?.[0]?.only(['id', 'price', 'quantity']);
    const itemId = item?.string('id');
    if (item && !itemId)
      throw invalidRequest(
        'The local Stripe stand-in previews changes of existing items: pass subscription_details[items][0][id].',
        'subscription_details[items][0][id]',
      );
    const preview = previewInvoice(core, subscription, {
      item: itemId
        ? {
            id: itemId,
            priceId: item?.string('price'),
            quantity: item?.integer('quantity', { min: 1, max: 999_999 }),
          }
        : undefined,
      prorationBehavior:
        details?.oneOf('proration_behavior', [
          'create_prorations',
          'always_invoice',
          'none',
        ] as const) ?? 'create_prorations',
      prorationDate: details?.integer('proration_date'),
    });
    return present(preview);
  });
}
