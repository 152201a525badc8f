import { presentCheckoutLineItems, presentCheckoutSession } from './presenters/checkoutSession.js';
import { presentCustomer, presentDeletedCustomer } from './presenters/customer.js';
import { presentInvoice } from './presenters/invoice.js';
import { presentPrice, presentProduct } from './presenters/catalog.js';
import {
  presentInvoicePayment,
  presentPaymentIntent,
  presentPaymentMethod,
} from './presenters/payments.js';
import { presentSubscription } from './presenters/subscription.js';
import { list } from './presenters/support.js';
import type { StandInCore } from './standInCore.js';
import { invalidRequest } from './stripeErrors.js';

/**
 * `expand[]` as Stripe applies it: a dotted path (at most four levels deep) whose ids are
 * replaced by their objects; `data.` walks into a list's items. Includable fields that
 * are absent until asked for (an invoice's `payments`, a Checkout Session's
 * `line_items`) are added when named.
 */
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function objectById(core: StandInCore, id: string): Json | undefined {
  const context = core.present();
  const { store } = core;
  const as = (value: object | undefined) => value as Json | undefined;
  const prefix = id.slice(0, id.indexOf('_'));
  switch (prefix) {
    case 'cus': {
      const customer = store.customers.get(id);
      if (!customer) return undefined;
      return as(
        customer.deleted ? presentDeletedCustomer(customer) : presentCustomer(context, customer),
      );
    }
    case 'sub': {
      const record = store.subscriptions.get(id);
      return as(record && presentSubscription(context, record));
    }
    case 'in': {
      const record = store.invoices.get(id);
      return as(record && presentInvoice(context, record));
    }
    case 'price': {
      const record = store.prices.get(id);
      return as(record && presentPrice(record));
    }
    case 'prod': {
      const record = store.products.get(id);
      return as(record && presentProduct(record));
    }
    case 'pm': {
      const record = store.paymentMethods.get(id);
      return as(record && presentPaymentMethod(record));
    }
    case 'pi': {
      const record = store.paymentIntents.get(id);
      return as(record && presentPaymentIntent(record));
    }
    case 'cs': {
      const record = store.checkoutSessions.get(id);
      return as(record && presentCheckoutSession(context, record));
    }
    default:
      return undefined;
  }
}

function includable(core: StandInCore, node: Json, key: string): unknown {
  if (node.object === 'invoice' && key === 'payments') {
    const invoice = core.store.invoices.get(node.id as string);
    if (!invoice) return undefined;
    return list(
      invoice.payments.map((payment) => presentInvoicePayment(invoice, payment)),
      `/v1/invoice_payments?invoice=${invoice.id}`,
    );
  }
  if (node.object === 'checkout.session' && key === 'line_items') {
    const session = core.store.checkoutSessions.get(node.id as string);
    return session && presentCheckoutLineItems(core.present(), session);
  }
  return undefined;
}

function expandPath(core: StandInCore, node: Json, segments: string[], path: string): void {
  const [key, ...rest] = segments;
  if (key === undefined) return;
  if (node.object === 'list' && key === 'data') {
    for (const item of node.data as unknown[])
      if (isObject(item)) expandPath(core, item, rest, path);
    return;
  }
  let value = node[key];
  if (value === undefined) {
    value = includable(core, node, key);
    if (value === undefined)
      throw invalidRequest(`This property cannot be expanded (${path}).`, 'expand');
    node[key] = value;
  } else if (typeof value === 'string') {
    const expanded = objectById(core, value);
    if (!expanded) throw invalidRequest(`This property cannot be expanded (${path}).`, 'expand');
    node[key] = expanded;
    value = expanded;
  } else if (value !== null && !isObject(value)) {
    throw invalidRequest(`This property cannot be expanded (${path}).`, 'expand');
  }
  if (isObject(value) && rest.length > 0) expandPath(core, value, rest, path);
}

export function applyExpand(core: StandInCore, answer: object, paths: string[]): object {
  for (const path of paths) {
    const segments = path.split('.');
    // Walking into a list's `data` is not a level of expansion.
    if (segments.filter((segment) => segment !== 'data').length > 4)
      throw invalidRequest(
        `You cannot expand more than 4 levels of a property. Property: ${path}`,
        'expand',
      );
    expandPath(core, answer as Json, segments, path);
  }
  return answer;
}
