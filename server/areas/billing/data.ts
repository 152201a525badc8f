import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/preparedOnce.js';
import { stripeCustomers, subscriptions, users } from '../../db/schema.js';
import type { UserRow } from '../../identity/index.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The user's Stripe customer id, if they have one. */
export async function customerIdOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ customerId: stripeCustomers.customerId })
    .from(stripeCustomers)
    .where(eq(stripeCustomers.userId, userId));
  return row?.customerId ?? null;
}

/** Who a Stripe customer is, if one of ours. */
export async function userIdOfCustomer(db: Db, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: stripeCustomers.userId })
    .from(stripeCustomers)
    .where(eq(stripeCustomers.customerId, customerId));
  return row?.userId ?? null;
}

/** The subscription as last read from Stripe, if the user ever had one. */
export async function storedSubscriptionOf(
  db: Db,
  userId: string,
): Promise<SubscriptionRow | null> {
  const [row] = await preparedSubscriptionOf(db).execute({ userId });
  return row ?? null;
}

/** Every start-up call reads it: prepared once per database. */
const preparedSubscriptionOf = preparedOnce((db) =>
  db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, sql.placeholder('userId')))
    .prepare('subscription_of'),
);

/**
 * Locks the user's row for a billing change and answers it fresh. Every billing write for a
 * user (webhook sync, upgrade, switch, cancel) takes this lock first, so they apply one at a
 * time and each reads Stripe after the one before it has written.
 */
export async function lockUser(tx: Db, userId: string): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row ?? null;
}
