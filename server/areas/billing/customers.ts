import type { AppContext } from '../../appContext.js';
import type { Db } from '../../db/client.js';
import { stripeCustomers } from '../../db/schema.js';
import type { UserRow } from '../../identity/index.js';
import { customerIdOf } from './data.js';

/**
 * The user's one Stripe Customer, created on first need. The caller holds the user's row
 * lock (lockUser), so two upgrades at once cannot both create one; the idempotency key is
 * the user's id, so a create retried after a lost answer (by the SDK, or by a request whose
 * insert failed) gets the same customer back from Stripe for 24 hours.
 */
export async function ensureCustomer(context: AppContext, tx: Db, user: UserRow): Promise<string> {
  const existing = await customerIdOf(tx, user.id);
  if (existing) return existing;
  const customer = await context.billing.stripe.customers.create(
    { email: user.email, name: user.name, metadata: { userId: user.id } },
    { idempotencyKey: `curator-customer-${user.id}` },
  );
  await tx
    .insert(stripeCustomers)
    .values({ userId: user.id, customerId: customer.id, createdAt: context.clock.now() });
  return customer.id;
}
