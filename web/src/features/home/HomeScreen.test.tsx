import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initialAppState } from '../../shared/state/appSlice';
import { DEFAULT_FEATURE_FLAGS } from '../../shared/state/featureFlags';
import { signedInAuthState } from '../../test/fixtures';
import { renderScreen } from '../../test/renderScreen';
import { HomeScreen } from './HomeScreen';

function openHome(trackRemovaleDate: boolean) {
  renderScreen(<HomeScreen />, {
    state: {
      ...signedInAuthState(),
      app: { ...initialAppState, featureFlags: { ...DEFAULT_FEATURE_FLAGS, trackRemovaleDate } },
    },
  });
  return screen.getByRole('link', { name: /^Playlists/ });
}

describe('Home', () => {
  it('promises no track removals while the trackRemovaleDate flag is off (its default)', () => {
    expect(DEFAULT_FEATURE_FLAGS.trackRemovaleDate).toBe(false);
    const playlists = openHome(false);
    expect(playlists).toHaveTextContent('lock tracks in place');
    expect(playlists).not.toHaveTextContent(/removal/);
  });

  it('promises track removals with the flag on', () => {
    expect(openHome(true)).toHaveTextContent('plan track removals');
  });
});
