import type { Subscription } from '../../../../common/api/billing/schemas.js';
import type { Plan } from '../../../../common/domain/planCatalog.js';
import {
  PLAN_NAMES,
  type CustomerPlan,
  type PaidOrFreePlan,
} from '../../../../common/domain/plans.js';
import { planTitle } from '../../shared/lib/planTitle';

/**
 * The plan chooser's texts and states, as pure rules. The chooser
 * offers the plans one can buy; free is where a cancelled plan ends, not something to buy.
 */
export type PaidPlan = Exclude<PaidOrFreePlan, 'free'>;
export type SubscriptionStatus = Subscription['status'];

export const PAID_PLANS: readonly PaidPlan[] = PLAN_NAMES.filter(
  (plan): plan is PaidPlan => plan !== 'free',
);

/** The plan marked 'Most Popular' when it is not the current one. */
export const MOST_POPULAR_PLAN: PaidPlan = 'pro';

export const CURRENT_PLAN_TEXT = 'This is your current plan';

export function isPaidPlan(plan: CustomerPlan): plan is PaidPlan {
  return plan !== 'trial' && plan !== 'free';
}

/** Subscription states in which the plan is no longer paid for (Stripe ended or gave it up). */
const ENDED_STATUSES: readonly SubscriptionStatus[] = ['canceled', 'incomplete_expired'];

/**
 * A user "already on a paid, non-expired plan": they switch plans (at once, prorated) rather
 * than buy one. Without billing facts the plan alone decides.
 */
export function hasLivePaidPlan(
  plan: CustomerPlan,
  billingStatus: SubscriptionStatus | null | undefined,
): boolean {
  return isPaidPlan(plan) && !(billingStatus && ENDED_STATUSES.includes(billingStatus));
}

/** The tab selected when the chooser opens: the current plan; a trial (or free) opens on pro. */
export function initialChooserPlan(current: CustomerPlan): PaidPlan {
  return isPaidPlan(current) ? current : MOST_POPULAR_PLAN;
}

export type PlanMark = 'Current' | 'Most Popular';

/** 'Current' on the current plan; 'Most Popular' on pro unless pro is current. */
export function planMark(plan: PaidOrFreePlan, current: CustomerPlan): PlanMark | null {
  if (plan === current) return 'Current';
  if (plan === MOST_POPULAR_PLAN) return 'Most Popular';
  return null;
}

/** 'Switch to Pro Plan - $45/month' for paid users, 'Choose Pro Plan - $45/month' otherwise. */
export function planActionText(plan: Pick<Plan, 'name' | 'price'>, paidUser: boolean): string {
  const verb = paidUser ? 'Switch to' : 'Choose';
  return `${verb} ${planTitle(plan.name)} Plan - $${plan.price}/month`;
}

/** What the disabled button reads while the request is in flight. */
export function planBusyText(paidUser: boolean): string {
  return paidUser ? 'Switching Plans...' : 'Processing...';
}
