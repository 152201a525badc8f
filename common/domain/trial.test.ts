import { describe, expect, it } from 'vitest';
import { effectivePlan, isTrialExpiredForGating, trialMeta } from './trial.js';

const DAY = 86_400_000;
const now = new Date('2026-06-01T12:00:00Z');
const endsIn = (days: number) => new Date(now.getTime() + days * DAY);

describe('trial', () => {
  it('counts whole days left, rounding up, and goes negative after expiry', () => {
    expect(trialMeta(endsIn(14), now)).toEqual({ daysLeft: 14, expired: false });
    expect(trialMeta(endsIn(0.2), now)).toEqual({ daysLeft: 1, expired: false });
    expect(trialMeta(endsIn(0), now)).toEqual({ daysLeft: 0, expired: true });
    expect(trialMeta(endsIn(-8), now)).toEqual({ daysLeft: -8, expired: true });
  });

  it('counts as expired for gating only past 7 days after expiry', () => {
    expect(isTrialExpiredForGating({ daysLeft: -7, expired: true })).toBe(false);
    expect(isTrialExpiredForGating({ daysLeft: -8, expired: true })).toBe(true);
    expect(isTrialExpiredForGating({ daysLeft: -8, expired: false })).toBe(false);
  });

  it('treats a running trial as pro and an ended one as free; bought plans stand', () => {
    expect(effectivePlan('trial', { daysLeft: 3, expired: false })).toBe('pro');
    expect(effectivePlan('trial', { daysLeft: -5, expired: true })).toBe('pro');
    expect(effectivePlan('trial', { daysLeft: -9, expired: true })).toBe('free');
    expect(effectivePlan('starter', { daysLeft: -9, expired: true })).toBe('starter');
  });
});
