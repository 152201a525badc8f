import type { AppContext } from '../../appContext.js';
import { customerIdOf } from './data.js';

/**
 * A removed account must not go on paying. Its Stripe customer is read before the account's
 * rows go (they cascade with it) and deleted afterwards, which cancels its subscriptions at
 * once on Stripe. Stripe failing then cannot bring the account back: it is logged loudly
 * for an operator to finish by hand.
 */
export async function customerOfAccount(context: AppContext, userId: string) {
  return customerIdOf(context.db, userId);
}

export async function closeCustomerOfRemovedAccount(
  context: AppContext,
  customerId: string | null,
): Promise<void> {
  if (!customerId) return;
  try {
    await context.billing.stripe.customers.del(customerId);
  } catch (error) {
    context.log.error(
      { err: error, customerId },
      'could not delete the Stripe customer of a removed account: cancel its subscription by hand',
    );
  }
}
