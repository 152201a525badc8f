import { describe, expect, it } from 'vitest';
import { planNamed } from '../../../../common/domain/planCatalog.js';
import {
  currentChooserPlan,
  hasLivePaidPlan,
  initialChooserPlan,
  PAID_PLANS,
  planActionText,
  planBusyText,
  planMark,
} from './planChooserRules';

describe('plan chooser rules', () => {
  it('offers the four paid plans', () => {
    expect(PAID_PLANS).toEqual(['starter', 'advanced', 'pro', 'enterprise']);
  });

  it('opens on the current plan, and treats a trial (and free) as pro', () => {
    expect(initialChooserPlan('trial')).toBe('pro');
    expect(initialChooserPlan('free')).toBe('pro');
    expect(initialChooserPlan('starter')).toBe('starter');
    expect(initialChooserPlan('enterprise')).toBe('enterprise');
  });

  it("marks the current plan 'Current' and pro 'Most Popular' when pro is not current", () => {
    expect(planMark('starter', 'starter')).toBe('Current');
    expect(planMark('pro', 'starter')).toBe('Most Popular');
    expect(planMark('advanced', 'starter')).toBeNull();
    expect(planMark('pro', 'pro')).toBe('Current');
    // A running trial is treated as pro only for the selection: no plan is current.
    expect(planMark('pro', null)).toBe('Most Popular');
    expect(PAID_PLANS.map((plan) => planMark(plan, null))).toEqual([
      null,
      null,
      'Most Popular',
      null,
    ]);
    expect(planMark('free', 'free')).toBe('Current');
    expect(planMark('free', 'starter')).toBeNull();
  });

  it('takes free as the current plan of a free curator and of a trial ended for gating', () => {
    expect(currentChooserPlan('free', null)).toBe('free');
    expect(currentChooserPlan('starter', null)).toBe('starter');
    expect(currentChooserPlan('trial', { daysLeft: 5, expired: false })).toBeNull();
    // In the grace week a trial still counts as running.
    expect(currentChooserPlan('trial', { daysLeft: -3, expired: true })).toBeNull();
    expect(currentChooserPlan('trial', { daysLeft: -10, expired: true })).toBe('free');
  });

  it("says 'Switch to' to paid users and 'Choose' to everyone else", () => {
    expect(planActionText(planNamed('pro'), true)).toBe('Switch to Pro Plan - $45/month');
    expect(planActionText(planNamed('starter'), false)).toBe('Choose Starter Plan - $18/month');
    expect(planActionText(planNamed('enterprise'), false)).toBe(
      'Choose Enterprise Plan - $99/month',
    );
    expect(planActionText(planNamed('advanced'), true)).toBe('Switch to Advanced Plan - $25/month');
  });

  it("reads 'Switching Plans...' for a paid user and 'Processing...' otherwise while busy", () => {
    expect(planBusyText(true)).toBe('Switching Plans...');
    expect(planBusyText(false)).toBe('Processing...');
  });

  it('counts a paid plan as paid unless its subscription has ended', () => {
    expect(hasLivePaidPlan('starter', 'active')).toBe(true);
    expect(hasLivePaidPlan('starter', undefined)).toBe(true);
    expect(hasLivePaidPlan('pro', 'past_due')).toBe(true);
    expect(hasLivePaidPlan('pro', 'canceled')).toBe(false);
    expect(hasLivePaidPlan('trial', null)).toBe(false);
    expect(hasLivePaidPlan('free', 'active')).toBe(false);
  });
});
