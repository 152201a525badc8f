import {
  PLAN_LIMITS,
  PLAN_NAMES,
  PLAN_PRICES,
  type PaidOrFreePlan,
  type PlanLimits,
} from '../../../../common/domain/plans.js';

export interface PlanRow {
  label: string;
  value: (plan: PaidOrFreePlan) => string;
}

const count = (limit: keyof PlanLimits, unlimitedAt?: number) => (plan: PaidOrFreePlan) => {
  const value = PLAN_LIMITS[plan][limit];
  if (typeof value !== 'number') return String(value);
  if (unlimitedAt !== undefined && value >= unlimitedAt) return 'Unlimited';
  return String(value);
};

/** The comparison rows of spec section 9, read from the shared plan constants. */
export const PLAN_ROWS: readonly PlanRow[] = [
  { label: 'Price per month', value: (plan) => `$${PLAN_PRICES[plan]}` },
  // The spec marks 99 streaming accounts (enterprise) and 999 locks (pro) as unlimited.
  { label: 'Streaming accounts', value: count('spotifyAccounts', 99) },
  { label: 'Playlists', value: count('playlists') },
  {
    label: 'Locks per playlist',
    value: (plan) =>
      PLAN_LIMITS[plan].locksPerPlaylist === 0
        ? 'Not included'
        : count('locksPerPlaylist', 999)(plan),
  },
  { label: 'Open swaps', value: count('openSwaps') },
  { label: 'Swap periods (days)', value: (plan) => PLAN_LIMITS[plan].swapPeriodDays.join(' / ') },
  { label: 'Catalogue tracks', value: count('catalogTracks') },
  { label: 'Pre-release swaps', value: (plan) => (PLAN_LIMITS[plan].prerelease ? 'Yes' : 'No') },
];

export const PLANS: readonly PaidOrFreePlan[] = PLAN_NAMES;

export { planTitle } from '../../shared/lib/planTitle';
