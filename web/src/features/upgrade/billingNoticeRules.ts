import type { Meta } from '../../../../common/api/user.js';
import type { CustomerPlan } from '../../../../common/domain/plans.js';
import { isTrialExpiredForGating, type TrialMeta } from '../../../../common/domain/trial.js';

/**
 * When the shell shows the trial banner, the expired-trial red banner and the past-due banner,
 * and when the plan chooser opens by itself.
 */

/** Session storage key set when the chooser is closed. */
export const UPGRADE_MODAL_SHOWN_KEY = 'upgradeModalShown';

/** The trial of a user still on it, or null (a bought plan has no trial to tell about). */
export function trialOf(plan: CustomerPlan, meta: Meta | null): TrialMeta | null {
  return plan === 'trial' && meta ? meta.trial : null;
}

/**
 * The trial banner at the top: while the trial runs, and in the 7 days after it expired, when
 * gating still treats it as running. After that the red banner takes over.
 */
export function showsTrialBanner(trial: TrialMeta | null): trial is TrialMeta {
  return trial !== null && !isTrialExpiredForGating(trial);
}

/** The red banner at the bottom: the trial counts as expired for gating and the chooser is closed. */
export function showsExpiredTrialBanner(trial: TrialMeta | null, chooserOpen: boolean): boolean {
  return trial !== null && isTrialExpiredForGating(trial) && !chooserOpen;
}

/**
 * A user whose trial counts as expired meets the chooser once per browser session; closing it
 * stores upgradeModalShown, and the red banner reopens it on demand.
 */
export function opensChooserOnArrival(trial: TrialMeta | null, storage: Storage | null): boolean {
  return (
    trial !== null &&
    isTrialExpiredForGating(trial) &&
    storage?.getItem(UPGRADE_MODAL_SHOWN_KEY) !== 'true'
  );
}

export function rememberChooserClosed(storage: Storage | null): void {
  storage?.setItem(UPGRADE_MODAL_SHOWN_KEY, 'true');
}

/** Stripe could not collect the last invoice; the plan stays while Stripe retries. */
export function showsPastDueBanner(meta: Meta | null): boolean {
  const status = meta?.billing?.status;
  return status === 'past_due' || status === 'unpaid';
}
