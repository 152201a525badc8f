/** Plans a customer can hold; 'trial' is the 14-day start that counts as pro. */
export const PLAN_NAMES = ['free', 'starter', 'advanced', 'pro', 'enterprise'] as const;
export type PaidOrFreePlan = (typeof PLAN_NAMES)[number];
export type CustomerPlan = PaidOrFreePlan | 'trial';

export interface PlanLimits {
  spotifyAccounts: number;
  playlists: number;
  /** 0 means locks are disabled on the plan. */
  locksPerPlaylist: number;
  openSwaps: number;
  swapPeriodDays: readonly number[];
  catalogTracks: number;
  prerelease: boolean;
}

const SHORT_PERIODS = [7, 14, 28] as const;
const LONG_PERIODS = [7, 14, 28, 56, 180, 360] as const;

/** What each plan allows: accounts, managed playlists, locks, swaps and their periods. */
export const PLAN_LIMITS: Record<PaidOrFreePlan, PlanLimits> = {
  free: {
    spotifyAccounts: 1,
    playlists: 2,
    locksPerPlaylist: 0,
    openSwaps: 2,
    swapPeriodDays: SHORT_PERIODS,
    catalogTracks: 5,
    prerelease: false,
  },
  starter: {
    spotifyAccounts: 1,
    playlists: 5,
    locksPerPlaylist: 5,
    openSwaps: 12,
    swapPeriodDays: SHORT_PERIODS,
    catalogTracks: 10,
    prerelease: false,
  },
  advanced: {
    spotifyAccounts: 2,
    playlists: 20,
    locksPerPlaylist: 10,
    openSwaps: 33,
    swapPeriodDays: SHORT_PERIODS,
    catalogTracks: 20,
    prerelease: false,
  },
  pro: {
    spotifyAccounts: 3,
    playlists: 40,
    locksPerPlaylist: 999,
    openSwaps: 77,
    swapPeriodDays: LONG_PERIODS,
    catalogTracks: 50,
    prerelease: true,
  },
  enterprise: {
    spotifyAccounts: 99,
    playlists: 99,
    locksPerPlaylist: 99,
    openSwaps: 999,
    swapPeriodDays: LONG_PERIODS,
    catalogTracks: 100,
    prerelease: true,
  },
};

/** Prices per month in USD. */
export const PLAN_PRICES: Record<PaidOrFreePlan, number> = {
  free: 0,
  starter: 18,
  advanced: 25,
  pro: 45,
  enterprise: 99,
};
