import {
  PLANS,
  UNLIMITED_LOCKS,
  UNLIMITED_SPOTIFY_ACCOUNTS,
  type Plan,
} from '../../../../common/domain/planCatalog.js';

export interface PlanRow {
  label: string;
  value: (plan: Plan) => string;
}

const countUpTo = (unlimitedAt: number) => (value: number) =>
  value >= unlimitedAt ? 'Unlimited' : String(value);

/** The comparison rows, read from the plan catalogue's feature entries. */
export const PLAN_ROWS: readonly PlanRow[] = [
  { label: 'Price per month', value: (plan) => `$${plan.price}` },
  {
    label: 'Streaming accounts',
    value: (plan) => countUpTo(UNLIMITED_SPOTIFY_ACCOUNTS)(plan.features.spotifyAccounts.value),
  },
  { label: 'Playlists', value: (plan) => String(plan.features.playlists.value) },
  {
    label: 'Locks per playlist',
    value: ({ features: { locks } }) =>
      locks.enabled ? countUpTo(UNLIMITED_LOCKS)(locks.value) : 'Not included',
  },
  { label: 'Open swaps', value: (plan) => String(plan.features.trades.value) },
  {
    label: 'Swap periods (days)',
    value: (plan) => plan.features.tradePeriods.value.join(' / '),
  },
  { label: 'Catalogue tracks', value: (plan) => String(plan.features.tracks.value) },
  {
    label: 'Pre-release swaps',
    value: (plan) => (plan.features.prerelease.enabled ? 'Yes' : 'No'),
  },
];

export { PLANS };
