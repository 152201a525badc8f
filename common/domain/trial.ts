import type { CustomerPlan, PaidOrFreePlan } from './plans.js';

/** Length of the trial every new user gets (the spec's unexplained constant 14). */
export const TRIAL_DAYS = 14;
/** Days after expiry during which gating still treats the trial as running. */
export const TRIAL_GRACE_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TrialMeta {
  daysLeft: number;
  expired: boolean;
}

/** meta.trial: whole days left (negative after expiry) and whether it has expired. */
export function trialMeta(trialEndsAt: Date, now: Date): TrialMeta {
  const msLeft = trialEndsAt.getTime() - now.getTime();
  return { daysLeft: Math.ceil(msLeft / DAY_MS), expired: msLeft <= 0 };
}

/** The trial counts as expired for gating only when expired and more than 7 days past. */
export function isTrialExpiredForGating(trial: TrialMeta): boolean {
  return trial.expired && trial.daysLeft < -TRIAL_GRACE_DAYS;
}

/** The plan whose limits apply: a running trial counts as pro, an ended one as free. */
export function effectivePlan(plan: CustomerPlan, trial: TrialMeta): PaidOrFreePlan {
  if (plan !== 'trial') return plan;
  return isTrialExpiredForGating(trial) ? 'free' : 'pro';
}
