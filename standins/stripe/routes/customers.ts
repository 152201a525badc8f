import type { FastifyInstance } from 'fastify';
import { createCustomer, deleteCustomer } from '../billing/customers.js';
import { mergeMetadata } from '../params.js';
import { presentCustomer, presentDeletedCustomer } from '../presenters/customer.js';
import { presentPaymentMethod } from '../presenters/payments.js';
import { apiRoute, page, PAGING } from '../routeSupport.js';
import type { StandInCore } from '../standInCore.js';
import { newestFirst } from '../store.js';
import { invalidRequest } from '../stripeErrors.js';

/** /v1/customers: create, retrieve, update, delete, list (by email), and their cards. */
const FIELDS = ['email', 'name', 'description', 'phone', 'metadata'] as const;

export function registerCustomerRoutes(app: FastifyInstance, core: StandInCore): void {
  const present = () => core.present();

  apiRoute(app, core, 'POST', '/customers', (call) => {
    const params = call.params(FIELDS);
    const email = params.string('email', { max: 512 });
    const customer = createCustomer(core, {
      email: email || null,
      name: params.string('name', { max: 256 }) || null,
      description: params.string('description') || null,
      phone: params.string('phone', { max: 20 }) || null,
      metadata: mergeMetadata({}, params.metadata()),
    });
    return presentCustomer(present(), customer);
  });

  apiRoute(app, core, 'GET', '/customers/:id', (call) => {
    call.params([]);
    const record = core.store.customers.get(call.path.id ?? '');
    // A deleted customer is still answered, as {id, object, deleted: true}.
    if (record?.deleted) return presentDeletedCustomer(record);
    return presentCustomer(present(), core.store.customer(call.path.id ?? ''));
  });

  apiRoute(app, core, 'POST', '/customers/:id', (call) => {
    const params = call.params([...FIELDS, 'invoice_settings']);
    const customer = core.store.customer(call.path.id ?? '');
    const settings = params.object('invoice_settings')?.only(['default_payment_method']);
    const defaultCard = settings?.nullableString('default_payment_method');
    if (defaultCard) {
      const card = core.store.paymentMethod(
        defaultCard,
        'invoice_settings[default_payment_method]',
      );
      if (card.customerId !== customer.id)
        throw invalidRequest(
          `The payment method '${card.id}' must be attached to the customer first.`,
          'invoice_settings[default_payment_method]',
        );
    }
    const email = params.nullableString('email', { max: 512 });
    const name = params.nullableString('name', { max: 256 });
    const description = params.nullableString('description');
    const phone = params.nullableString('phone', { max: 20 });
    const metadata = params.metadata();
    core.updateCustomer(customer, () => {
      if (email !== undefined) customer.email = email;
      if (name !== undefined) customer.name = name;
      if (description !== undefined) customer.description = description;
      if (phone !== undefined) customer.phone = phone;
      customer.metadata = mergeMetadata(customer.metadata, metadata);
      if (defaultCard !== undefined) customer.defaultPaymentMethodId = defaultCard;
    });
    return presentCustomer(present(), customer);
  });

  apiRoute(app, core, 'DELETE', '/customers/:id', (call) => {
    call.params([]);
    const customer = core.store.customer(call.path.id ?? '');
    deleteCustomer(core, customer);
    return presentDeletedCustomer(customer);
  });

  apiRoute(app, core, 'GET', '/customers', (call) => {
    const params = call.params([...PAGING, 'email', 'created']);
    const email = params.string('email', { max: 512 });
    const records = newestFirst(core.store.customers.values()).filter(
      // Stripe matches the email exactly, case-sensitively.
      (customer) => !customer.deleted && (email === undefined || customer.email === email),
    );
    return page(records, params, '/v1/customers', (record) => presentCustomer(present(), record));
  });

  apiRoute(app, core, 'GET', '/customers/:id/payment_methods', (call) => {
    const params = call.params([...PAGING, 'type', 'allow_redisplay']);
    const customer = core.store.customer(call.path.id ?? '', 'customer');
    const type = params.string('type');
    const records = newestFirst(core.store.paymentMethods.values()).filter(
      (card) => card.customerId === customer.id && (type === undefined || type === 'card'),
    );
    return page(
      records,
      params,
      `/v1/customers/${customer.id}/payment_methods`,
      presentPaymentMethod,
    );
  });
}
