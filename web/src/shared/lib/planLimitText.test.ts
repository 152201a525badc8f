// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { planLimitText } from './planLimitText';

describe('planLimitText', () => {
  it('names the limit, the plan and the count used', () => {
    expect(planLimitText({ limit: 2, current: 2, plan: 'free', resource: 'playlists' })).toBe(
      'Your Free plan allows 2 managed playlists, and you have 2.',
    );
    expect(
      planLimitText({ limit: 1, current: 1, plan: 'starter', resource: 'spotifyAccounts' }),
    ).toBe('Your Starter plan allows 1 linked Spotify account, and you have 1.');
  });

  it('says a limit of 0 is not included in the plan', () => {
    expect(
      planLimitText({ limit: 0, current: 0, plan: 'free', resource: 'locksPerPlaylist' }),
    ).toBe('Your Free plan does not include locked positions per playlist.');
  });

  it('names the song-swap limits', () => {
    expect(planLimitText({ limit: 2, current: 2, plan: 'free', resource: 'openSwaps' })).toBe(
      'Your Free plan allows 2 open song swaps, and you have 2.',
    );
    expect(planLimitText({ limit: 0, current: 0, plan: 'free', resource: 'prerelease' })).toBe(
      'Your Free plan does not include pre-release songs in swaps.',
    );
  });

  it('spells out a resource it does not know', () => {
    expect(planLimitText({ limit: 5, current: 5, plan: 'pro', resource: 'friendGroups' })).toBe(
      'Your Pro plan allows 5 friend groups, and you have 5.',
    );
  });
});
