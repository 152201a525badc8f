import { describe, expect, it } from 'vitest';
import { buildStreamingAccount } from '../../../test/fixtures';
import {
  rememberWelcomeOverlaySkipped,
  shouldShowWelcomeOverlay,
  welcomeOverlaySkipped,
} from './welcomeOverlayRules';

const noAccounts = { accounts: [] };

describe('shouldShowWelcomeOverlay', () => {
  it('shows for a user without connected accounts who has not skipped it', () => {
    expect(shouldShowWelcomeOverlay(noAccounts, '/', false)).toBe(true);
    expect(shouldShowWelcomeOverlay(noAccounts, '/playlists', false)).toBe(true);
    expect(shouldShowWelcomeOverlay(noAccounts, '/spotify', false)).toBe(true);
  });

  it('hides once an account is connected, even one needing re-authorisation', () => {
    expect(shouldShowWelcomeOverlay({ accounts: [buildStreamingAccount()] }, '/', false)).toBe(
      false,
    );
    expect(
      shouldShowWelcomeOverlay(
        { accounts: [buildStreamingAccount({ regrant: true })] },
        '/',
        false,
      ),
    ).toBe(false);
  });

  it('hides after skipping', () => {
    expect(shouldShowWelcomeOverlay(noAccounts, '/', true)).toBe(false);
  });

  it('hides on /spotify/callback', () => {
    expect(shouldShowWelcomeOverlay(noAccounts, '/spotify/callback', false)).toBe(false);
    expect(shouldShowWelcomeOverlay(noAccounts, '/spotify/callback/', false)).toBe(false);
  });
});

describe('the skip, kept for the browser session', () => {
  it('is remembered in the given storage', () => {
    expect(welcomeOverlaySkipped(window.sessionStorage)).toBe(false);
    rememberWelcomeOverlaySkipped(window.sessionStorage);
    expect(welcomeOverlaySkipped(window.sessionStorage)).toBe(true);
  });

  it('counts as not skipped without storage', () => {
    expect(welcomeOverlaySkipped(null)).toBe(false);
    expect(() => rememberWelcomeOverlaySkipped(null)).not.toThrow();
  });
});
