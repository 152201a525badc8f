import { describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../../common/domain/plans.js';
import { limitsOf, planOf } from './planLimits.js';

/**
 * The trial gating rule as the server applies it: a trial counts as expired
 * for gating only when it has expired and daysLeft < -7; until then it has pro's limits.
 */
const DAY = 86_400_000;
const now = new Date('2026-06-01T12:00:00Z');
const trialEndedDaysAgo = (days: number) => ({
  plan: 'trial' as const,
  trialEndsAt: new Date(now.getTime() - days * DAY),
});

describe('trial gating on the server', () => {
  it('keeps pro limits at daysLeft -7', () => {
    // Ended 7.5 days ago: daysLeft is ceil(-7.5) = -7.
    expect(planOf(trialEndedDaysAgo(7.5), now)).toBe('pro');
    expect(planOf(trialEndedDaysAgo(7), now)).toBe('pro');
    expect(limitsOf(trialEndedDaysAgo(7.5), now)).toEqual({ ...PLAN_LIMITS.pro, plan: 'pro' });
  });

  it('gives free limits from daysLeft -8', () => {
    // Ended 7.01 days ago is still -7 (rounded up); a full eighth day makes it -8.
    expect(planOf(trialEndedDaysAgo(7.01), now)).toBe('pro');
    expect(planOf(trialEndedDaysAgo(8), now)).toBe('free');
    expect(limitsOf(trialEndedDaysAgo(8.5), now)).toEqual({ ...PLAN_LIMITS.free, plan: 'free' });
  });

  it('counts a running trial as pro and never touches a bought plan', () => {
    expect(planOf({ plan: 'trial', trialEndsAt: new Date(now.getTime() + DAY) }, now)).toBe('pro');
    expect(planOf({ plan: 'starter', trialEndsAt: new Date(now.getTime() - 30 * DAY) }, now)).toBe(
      'starter',
    );
  });
});
