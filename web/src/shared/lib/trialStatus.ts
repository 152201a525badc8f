import type { TrialMeta } from '../../../../common/domain/trial.js';

export const TRIAL_EXPIRED_TEXT = 'Your trial has expired. Please choose a plan to continue.';

/** The trial line, from meta.trial. */
export function trialStatusText(trial: TrialMeta): string {
  if (trial.expired) return TRIAL_EXPIRED_TEXT;
  return `You have ${trial.daysLeft} days left in your trial`;
}
