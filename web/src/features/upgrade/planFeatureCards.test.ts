import { describe, expect, it } from 'vitest';
import { planNamed } from '../../../../common/domain/planCatalog.js';
import { DEFAULT_FEATURE_FLAGS } from '../../shared/state/featureFlags';
import { FEATURE_CARDS, featureHeadline, otherListedFeatures } from './planFeatureCards';

describe('plan feature cards', () => {
  it("are the plan chooser's six, in order", () => {
    expect(FEATURE_CARDS.map((card) => card.title)).toEqual([
      'Discovery',
      'Open Swaps',
      'Playlists',
      'Duplicate Detection',
      'Playlist Track Locks',
      'Pre-release Access',
    ]);
  });

  it('headline a count, unlimited locks, or whether the plan includes the feature', () => {
    const starter = planNamed('starter').features;
    const pro = planNamed('pro').features;
    expect(featureHeadline('trades', starter.trades)).toBe('12');
    expect(featureHeadline('locks', starter.locks)).toBe('5');
    expect(featureHeadline('locks', pro.locks)).toBe('Unlimited');
    expect(featureHeadline('locks', planNamed('free').features.locks)).toBe('Not included');
    expect(featureHeadline('prerelease', starter.prerelease)).toBe('Not included');
    expect(featureHeadline('prerelease', pro.prerelease)).toBe('Included');
    expect(featureHeadline('discovery', starter.discovery)).toBe('Included');
  });

  it('lists the other visible entries, the popularity score only with its flag on', () => {
    const pro = planNamed('pro').features;
    expect(otherListedFeatures(pro, DEFAULT_FEATURE_FLAGS).map(({ key }) => key)).toEqual([
      'spotifyAccounts',
      'playlistInsights',
      'trackAddAndRemove',
      'tradePeriods',
      'tracks',
    ]);
    const withPopularity = { ...DEFAULT_FEATURE_FLAGS, popularityScore: true };
    expect(otherListedFeatures(pro, withPopularity).map(({ key }) => key)).toContain(
      'popularityScore',
    );
    // Enterprise has no popularity score, so it is not listed even with the flag on.
    const enterprise = planNamed('enterprise').features;
    expect(otherListedFeatures(enterprise, withPopularity).map(({ key }) => key)).not.toContain(
      'popularityScore',
    );
  });
});
