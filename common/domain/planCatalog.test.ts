import { describe, expect, it } from 'vitest';
import { FEATURE_KEYS, PLANS, planNamed } from './planCatalog.js';
import { PLAN_LIMITS, PLAN_NAMES, PLAN_PRICES } from './plans.js';

describe('plan catalogue', () => {
  it('has every plan, cheapest first, priced as PLAN_PRICES', () => {
    expect(PLANS.map((plan) => plan.name)).toEqual([...PLAN_NAMES]);
    expect(PLANS.map((plan) => plan.price)).toEqual([0, 18, 25, 45, 99]);
    for (const plan of PLANS) {
      expect(plan.price).toBe(PLAN_PRICES[plan.name]);
      expect(plan.description).not.toBe('');
      expect(plan.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(Object.keys(plan.features)).toEqual([...FEATURE_KEYS]);
    }
  });

  it('fills each feature entry from the limits the server enforces', () => {
    for (const plan of PLANS) {
      const limits = PLAN_LIMITS[plan.name];
      expect(plan.features.spotifyAccounts.value).toBe(limits.spotifyAccounts);
      expect(plan.features.playlists.value).toBe(limits.playlists);
      expect(plan.features.locks.value).toBe(limits.locksPerPlaylist);
      expect(plan.features.trades.value).toBe(limits.openSwaps);
      expect(plan.features.tradePeriods.value).toEqual(limits.swapPeriodDays);
      expect(plan.features.tracks.value).toBe(limits.catalogTracks);
      expect(plan.features.prerelease.value).toBe(limits.prerelease);
    }
    expect(planNamed('starter').features.playlists.description).toBe('Manage up to 5 playlists');
    expect(planNamed('advanced').features.trades.description).toBe(
      'Up to 33 open song swaps at a time',
    );
    expect(planNamed('pro').features.tradePeriods.description).toBe(
      'Swap periods of 7, 14, 28, 56, 180 or 360 days',
    );
    expect(planNamed('starter').features.tracks.description).toBe(
      'Up to 10 songs in your catalogue',
    );
  });

  it('marks what a plan lacks as not enabled: free locks, pre-release below pro', () => {
    expect(planNamed('free').features.locks).toMatchObject({
      value: 0,
      enabled: false,
      description: 'Not included in this plan',
    });
    expect(planNamed('starter').features.locks.enabled).toBe(true);
    expect(PLANS.filter((plan) => plan.features.prerelease.enabled).map((p) => p.name)).toEqual([
      'pro',
      'enterprise',
    ]);
  });

  it('says unlimited where the plan table does: 99 accounts, 999 locks', () => {
    expect(planNamed('enterprise').features.spotifyAccounts.description).toBe(
      'Unlimited Spotify accounts',
    );
    expect(planNamed('advanced').features.spotifyAccounts.description).toBe('2 Spotify accounts');
    expect(planNamed('free').features.spotifyAccounts.description).toBe('1 Spotify account');
    expect(planNamed('pro').features.locks.description).toBe(
      'Lock as many track positions as you like in each playlist',
    );
    expect(planNamed('enterprise').features.locks.description).toBe(
      'Lock up to 99 track positions in each playlist',
    );
  });

  it('includes insights, duplicates, track editing and discovery on every plan', () => {
    for (const plan of PLANS) {
      for (const key of [
        'playlistInsights',
        'playlistDuplications',
        'trackAddAndRemove',
        'discovery',
      ] as const) {
        expect(plan.features[key]).toMatchObject({ value: true, enabled: true, visible: true });
      }
    }
  });

  it('has a popularity score on every plan but enterprise, with its evolution on pro', () => {
    expect(PLANS.map((plan) => plan.features.popularityScore.value)).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(planNamed('enterprise').features.popularityScore.visible).toBe(false);
    expect(planNamed('pro').features.popularityScore.description).toBe(
      'Popularity score and its evolution',
    );
  });
});
