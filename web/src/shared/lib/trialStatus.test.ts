// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { trialStatusText } from './trialStatus';

describe('trialStatusText', () => {
  it('counts the days left of an active trial', () => {
    expect(trialStatusText({ daysLeft: 12, expired: false })).toBe(
      'You have 12 days left in your trial',
    );
  });

  it('says the trial has expired once expired is true, whatever the days', () => {
    expect(trialStatusText({ daysLeft: 0, expired: true })).toBe(
      'Your trial has expired. Please choose a plan to continue.',
    );
    expect(trialStatusText({ daysLeft: -3, expired: true })).toBe(
      'Your trial has expired. Please choose a plan to continue.',
    );
  });
});
