/** Plans and payments: Stripe customers, subscriptions as last read, received events. */
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PaidOrFreePlan } from '../../../common/domain/plans.js';
import type { SubscriptionStatus } from '../../../common/api/billing/schemas.js';
import { users } from './accounts.js';
import { createdAt } from './columns.js';

/** The one Stripe Customer of a user, created once (on their first upgrade). */
export const stripeCustomers = pgTable('stripe_customers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * The user's current Stripe subscription as last read whole from Stripe (never patched from
 * one event's payload): the webhook handler re-reads the customer's subscriptions and
 * replaces this row. users.plan follows from it.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    /** The plan of the subscription's price (what the user pays for, whatever its status). */
    plan: text('plan').$type<Exclude<PaidOrFreePlan, 'free'>>().notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('subscriptions_subscription_idx').on(table.subscriptionId)],
);

/**
 * Every verified webhook event, stored by id before it is acted on: a second delivery of the
 * same id finds its row and does nothing. `outcome` says what applying it did.
 */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** When Stripe made the event (its `created`). */
    stripeCreatedAt: timestamp('stripe_created_at', { withTimezone: true }).notNull(),
    customerId: text('customer_id'),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('stripe_events_received_idx').on(table.receivedAt)],
);
