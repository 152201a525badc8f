import { invoicePrefix, newId } from '../ids.js';
import type { CustomerRecord, Metadata } from '../model.js';
import { presentCustomer } from '../presenters/customer.js';
import type { StandInCore } from '../standInCore.js';
import { endSubscription } from './lifecycle.js';

export function createCustomer(
  core: StandInCore,
  fields: {
    email?: string | null;
    name?: string | null;
    description?: string | null;
    phone?: string | null;
    metadata?: Metadata;
  },
): CustomerRecord {
  const customer: CustomerRecord = {
    id: newId('cus'),
    created: core.clock.now(),
    seq: core.store.nextSeq(),
    email: fields.email ?? null,
    name: fields.name ?? null,
    description: fields.description ?? null,
    phone: fields.phone ?? null,
    metadata: { ...fields.metadata },
    defaultPaymentMethodId: null,
    balance: 0,
    invoicePrefix: invoicePrefix(),
    nextInvoiceSequence: 1,
    deleted: false,
  };
  core.store.customers.set(customer.id, customer);
  core.events.emit('customer.created', presentCustomer(core.present(), customer));
  return customer;
}

/** Deleting a customer cancels their subscriptions at once, as Stripe does. */
export function deleteCustomer(core: StandInCore, customer: CustomerRecord): void {
  for (const subscription of core.store.subscriptions.values()) {
    if (subscription.customerId === customer.id)
      endSubscription(core, subscription, 'cancellation_requested');
  }
  const last = presentCustomer(core.present(), customer);
  customer.deleted = true;
  core.events.emit('customer.deleted', last);
}
