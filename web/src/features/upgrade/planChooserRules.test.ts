import { describe, expect, it } from 'vitest';
import { planNamed } from '../../../../common/domain/planCatalog.js';
import {
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
    // A trial is treated as pro only for the selection: pro is not its current plan.
    expect(planMark('pro', 'trial')).toBe('Most Popular');
    expect(PAID_PLANS.map((plan) => planMark(plan, 'trial'))).toEqual([
      null,
      null,
      'Most Popular',
      null,
    ]);
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
