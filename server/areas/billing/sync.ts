import { eq } from 'drizzle-orm';
import type { AppContext } from '../../appContext.js';
import type { Db } from '../../db/client.js';
import { subscriptions, users } from '../../db/schema.js';
import {
  subscriptionsOf,
  type SubscriptionFacts,
} from '../../integrations/stripe/subscriptions.js';
import type { UserRow } from '../../identity/index.js';
import { lockUser, storedSubscriptionOf, userIdOfCustomer } from './data.js';
import { notifyPlanEvent } from '../notifications/index.js';
import {
  paymentFailedEntry,
  paymentFailedMail,
  planChangedEntry,
  planChangedMail,
} from './mails.js';
import { currentSubscription, isLive, planAfter } from './planRules.js';

/**
 * Recomputes a user's billing from Stripe, whole: every subscription of their customer is
 * read again, the one that speaks for them is chosen, and the stored subscription and
 * users.plan are replaced by what follows from it (planRules.ts). Nothing is patched from one
 * event's payload, so a late or repeated event, or events in any order, end in Stripe's
 * present state. Runs in the caller's transaction with the user's row locked (lockUser), so
 * two syncs of one user apply one after the other, the later reading Stripe later.
 *
 * Mails, and the bell's entries, follow the transitions this sync sees: a plan change, and a subscription becoming
 * past_due (a failed payment). A repeated sync sees no transition and mails nothing.
 */
export interface SyncResult {
  plan: UserRow['plan'];
  current: SubscriptionFacts | null;
}

export async function syncUserBilling(
  context: AppContext,
  tx: Db,
  user: UserRow,
  customerId: string,
): Promise<SyncResult> {
  const now = context.clock.now();
  const all = await subscriptionsOf(context.billing.stripe, customerId);
  const current = currentSubscription(all);
  const live = all.filter((subscription) => isLive(subscription.status));
  if (live.length > 1)
    context.log.warn(
      { userId: user.id, subscriptions: live.map((subscription) => subscription.id) },
      'a customer has more than one live subscription; the newest counts',
    );

  const before = await storedSubscriptionOf(tx, user.id);
  if (current) {
    const row = {
      customerId,
      subscriptionId: current.id,
      plan: current.plan,
      status: current.status,
      currentPeriodEnd: current.currentPeriodEnd,
      cancelAtPeriodEnd: current.cancelAtPeriodEnd,
      syncedAt: now,
    };
    await tx
      .insert(subscriptions)
      .values({ userId: user.id, ...row })
      .onConflictDoUpdate({ target: subscriptions.userId, set: row });
  }

  const plan = planAfter(user.plan, current);
  if (plan !== user.plan) {
    await tx.update(users).set({ plan, updatedAt: now }).where(eq(users.id, user.id));
    await context.mailer.enqueue(
      tx,
      planChangedMail(user, user.plan, plan, context.config.appOrigin),
    );
    await notifyPlanEvent(context, tx, { userId: user.id, ...planChangedEntry(user.plan, plan) });
  }
  const newlyPastDue =
    current?.status === 'past_due' &&
    !(before?.subscriptionId === current.id && before.status === 'past_due');
  if (current && newlyPastDue) {
    await context.mailer.enqueue(
      tx,
      paymentFailedMail(user, current.plan, context.config.appOrigin),
    );
    await notifyPlanEvent(context, tx, { userId: user.id, ...paymentFailedEntry(current.plan) });
  }
  return { plan, current };
}

/** A webhook's sync: the user behind a Stripe customer, locked, then synced. */
export async function syncCustomer(
  context: AppContext,
  tx: Db,
  customerId: string,
): Promise<'synced' | 'unknown customer'> {
  const userId = await userIdOfCustomer(tx, customerId);
  const user = userId ? await lockUser(tx, userId) : null;
  if (!user) return 'unknown customer';
  await syncUserBilling(context, tx, user, customerId);
  return 'synced';
}
