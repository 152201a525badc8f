import {
  PLAN_LIMITS,
  type PaidOrFreePlan,
  type PlanLimits,
} from '../../../../common/domain/plans.js';
import { effectivePlan } from '../../../../common/domain/trial.js';
import { limitsPlanLabel } from '../../shared/lib/planTitle';
import { useAppSelector } from '../../shared/state/hooks';
import { selectMeta, selectUser } from './authSlice';

export interface PlanLimitsView {
  /** The plan whose limits apply (a running trial counts as pro). */
  plan: PaidOrFreePlan;
  /** How that plan is named next to its limits, e.g. "Trial (Pro limits)". */
  label: string;
  limits: PlanLimits;
}

/** The signed-in user's limits, as the server applies them. */
export function usePlanLimits(): PlanLimitsView {
  const user = useAppSelector(selectUser);
  const meta = useAppSelector(selectMeta);
  const customerPlan = user?.customer.plan ?? 'free';
  // Without meta the trial is taken as running, as the server does for a fresh trial.
  const plan = effectivePlan(customerPlan, meta?.trial ?? { daysLeft: 1, expired: false });
  return { plan, label: limitsPlanLabel(customerPlan, plan), limits: PLAN_LIMITS[plan] };
}
