import {
  PLAN_LIMITS,
  PLAN_NAMES,
  PLAN_PRICES,
  type PaidOrFreePlan,
  type PlanLimits,
} from './plans.js';

/**
 * The plans as the plan chooser presents them (Plan {name, description, price,
 * color, features}; Feature entry {description, value, enabled, visible}). Every number comes
 * from PLAN_LIMITS and PLAN_PRICES, so what the chooser promises is what the server enforces.
 */

/** Feature keys, in the order a plan lists them. */
export const FEATURE_KEYS = [
  'spotifyAccounts',
  'playlists',
  'playlistInsights',
  'playlistDuplications',
  'trackAddAndRemove',
  'locks',
  'popularityScore',
  'trades',
  'tradePeriods',
  'tracks',
  'discovery',
  'prerelease',
] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

/** What each feature's value is: a count, a yes/no, or the swap periods in days. */
interface FeatureValues {
  spotifyAccounts: number;
  playlists: number;
  playlistInsights: boolean;
  playlistDuplications: boolean;
  trackAddAndRemove: boolean;
  locks: number;
  popularityScore: boolean;
  trades: number;
  tradePeriods: readonly number[];
  tracks: number;
  discovery: boolean;
  prerelease: boolean;
}

export interface FeatureEntry<Value = FeatureValues[FeatureKey]> {
  /** What the plan gives, in a sentence a curator reads ("Up to 5 managed playlists"). */
  description: string;
  /** The limit or switch behind it. */
  value: Value;
  /** Whether the plan includes the feature at all (a limit of 0 or "no" is not included). */
  enabled: boolean;
  /** Whether the plan's page lists it. */
  visible: boolean;
}

export type PlanFeatures = { [Key in FeatureKey]: FeatureEntry<FeatureValues[Key]> };

export interface Plan {
  name: PaidOrFreePlan;
  description: string;
  /** USD per month. */
  price: number;
  /** The plan's accent colour (CSS colour). */
  color: string;
  features: PlanFeatures;
}

/** Limits at or above these are shown as unlimited (99 accounts, 999 locks). */
export const UNLIMITED_SPOTIFY_ACCOUNTS = 99;
export const UNLIMITED_LOCKS = 999;

const PLAN_DESCRIPTIONS: Record<PaidOrFreePlan, string> = {
  free: 'The essentials: a couple of playlists and a small catalogue to try Curator with.',
  starter: 'For curators starting out with a handful of playlists and regular swaps.',
  advanced: 'For growing curators who run several playlists and swap often.',
  pro: 'For professional curators: long swaps, pre-release access and unlimited track locks.',
  enterprise: 'For labels and networks that run many Spotify accounts and playlists.',
};

const PLAN_COLORS: Record<PaidOrFreePlan, string> = {
  free: '#64748b',
  starter: '#0284c7',
  advanced: '#059669',
  pro: '#4f46e5',
  enterprise: '#c2410c',
};

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

function listDays(days: readonly number[]): string {
  if (days.length < 2) return days.join('');
  return `${days.slice(0, -1).join(', ')} or ${days[days.length - 1]}`;
}

/** A feature every plan includes (insights, duplicates, add/remove, discovery). */
const included = (description: string): FeatureEntry<boolean> => ({
  description,
  value: true,
  enabled: true,
  visible: true,
});

function featuresOf(name: PaidOrFreePlan, limits: PlanLimits): PlanFeatures {
  const accounts = limits.spotifyAccounts;
  const locks = limits.locksPerPlaylist;
  // On for every plan but enterprise; pro also describes its evolution.
  const popularity = name !== 'enterprise';
  return {
    spotifyAccounts: {
      description:
        accounts >= UNLIMITED_SPOTIFY_ACCOUNTS
          ? 'Unlimited Spotify accounts'
          : `${accounts} Spotify ${plural(accounts, 'account', 'accounts')}`,
      value: accounts,
      enabled: true,
      visible: true,
    },
    playlists: {
      description: `Manage up to ${limits.playlists} playlists`,
      value: limits.playlists,
      enabled: true,
      visible: true,
    },
    playlistInsights: included('Follower history and 30-day average for every managed playlist'),
    playlistDuplications: included('Duplicates and possible duplicates highlighted in playlists'),
    trackAddAndRemove: included('Add and remove tracks, and schedule removals'),
    locks: {
      description:
        locks === 0
          ? 'Not included in this plan'
          : locks >= UNLIMITED_LOCKS
            ? 'Lock as many track positions as you like in each playlist'
            : `Lock up to ${locks} track positions in each playlist`,
      value: locks,
      enabled: locks > 0,
      visible: true,
    },
    popularityScore: {
      description: name === 'pro' ? 'Popularity score and its evolution' : 'Popularity score',
      value: popularity,
      enabled: popularity,
      // Listed only where included: a plan's page does not advertise what it lacks here.
      visible: popularity,
    },
    trades: {
      description: `Up to ${limits.openSwaps} open song swaps at a time`,
      value: limits.openSwaps,
      enabled: true,
      visible: true,
    },
    tradePeriods: {
      description: `Swap periods of ${listDays(limits.swapPeriodDays)} days`,
      value: limits.swapPeriodDays,
      enabled: true,
      visible: true,
    },
    tracks: {
      description: `Up to ${limits.catalogTracks} songs in your catalogue`,
      value: limits.catalogTracks,
      enabled: true,
      visible: true,
    },
    discovery: included('Find curators to swap with, and be found by them'),
    prerelease: {
      description: limits.prerelease
        ? 'Swap your songs before their release date'
        : 'Not included in this plan',
      value: limits.prerelease,
      enabled: limits.prerelease,
      visible: true,
    },
  };
}

function planOf(name: PaidOrFreePlan): Plan {
  return {
    name,
    description: PLAN_DESCRIPTIONS[name],
    price: PLAN_PRICES[name],
    color: PLAN_COLORS[name],
    features: featuresOf(name, PLAN_LIMITS[name]),
  };
}

/** Every plan, cheapest first. */
export const PLANS: readonly Plan[] = PLAN_NAMES.map(planOf);

const PLANS_BY_NAME = Object.fromEntries(PLANS.map((plan) => [plan.name, plan])) as Record<
  PaidOrFreePlan,
  Plan
>;

export function planNamed(name: PaidOrFreePlan): Plan {
  return PLANS_BY_NAME[name];
}
