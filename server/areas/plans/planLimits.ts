import { PLAN_LIMITS, type PaidOrFreePlan, type PlanLimits } from '../../../common/domain/plans.js';
import { effectivePlan, trialMeta } from '../../../common/domain/trial.js';
import { ApiError } from '../../lib/apiError.js';
import type { UserRow } from '../../identity/index.js';

/** The plan whose limits apply to the user now (a running trial counts as pro). */
export function planOf(user: Pick<UserRow, 'plan' | 'trialEndsAt'>, now: Date): PaidOrFreePlan {
  return effectivePlan(user.plan, trialMeta(user.trialEndsAt, now));
}

export function limitsOf(
  user: Pick<UserRow, 'plan' | 'trialEndsAt'>,
  now: Date,
): PlanLimits & { plan: PaidOrFreePlan } {
  const plan = planOf(user, now);
  return { ...PLAN_LIMITS[plan], plan };
}

export type LimitedResource =
  | 'spotifyAccounts'
  | 'playlists'
  | 'locksPerPlaylist'
  | 'catalogTracks'
  | 'openSwaps'
  | 'swapPeriods'
  | 'prerelease';

const RESOURCE_TEXT: Record<LimitedResource, string> = {
  spotifyAccounts: 'linked Spotify accounts',
  playlists: 'managed playlists',
  locksPerPlaylist: 'locked positions per playlist',
  catalogTracks: 'songs in the catalogue',
  openSwaps: 'open song swaps',
  swapPeriods: 'swap periods of that length',
  prerelease: 'pre-release songs in swaps',
};

/** 403 PLAN_LIMIT with what the client needs to explain it and offer the plan chooser. */
export function planLimitReached(
  resource: LimitedResource,
  limit: number,
  current: number,
  plan: PaidOrFreePlan,
  extra: { message?: string; details?: Record<string, unknown> } = {},
): ApiError {
  const message =
    extra.message ??
    (limit === 0
      ? `The ${plan} plan does not include ${RESOURCE_TEXT[resource]}. Choose a plan to use them.`
      : `The ${plan} plan allows ${limit} ${RESOURCE_TEXT[resource]}. Choose a bigger plan for more.`);
  return new ApiError(403, 'PLAN_LIMIT', message, undefined, {
    resource,
    limit,
    current,
    plan,
    ...extra.details,
  });
}
