import { buildBillingMeta } from '../../test/fixtures';
import { describe, expect, it } from 'vitest';
import {
  opensChooserOnArrival,
  rememberChooserClosed,
  showsExpiredTrialBanner,
  showsPastDueBanner,
  showsTrialBanner,
  trialOf,
  UPGRADE_MODAL_SHOWN_KEY,
} from './billingNoticeRules';

const running = { daysLeft: 5, expired: false };
const expiredSevenDaysAgo = { daysLeft: -7, expired: true };
const expiredEightDaysAgo = { daysLeft: -8, expired: true };

describe('billing notices', () => {
  it('knows the trial only of a user still on it', () => {
    expect(trialOf('trial', { trial: running, billing: null })).toEqual(running);
    expect(
      trialOf('starter', { trial: expiredEightDaysAgo, billing: buildBillingMeta() }),
    ).toBeNull();
    expect(trialOf('trial', null)).toBeNull();
  });

  it('gates on the trial only when expired and daysLeft is below -7: -7 still counts as running', () => {
    expect(showsTrialBanner(expiredSevenDaysAgo)).toBe(true);
    expect(showsExpiredTrialBanner(expiredSevenDaysAgo, false)).toBe(false);
    expect(opensChooserOnArrival(expiredSevenDaysAgo, window.sessionStorage)).toBe(false);

    expect(showsTrialBanner(expiredEightDaysAgo)).toBe(false);
    expect(showsExpiredTrialBanner(expiredEightDaysAgo, false)).toBe(true);
    expect(opensChooserOnArrival(expiredEightDaysAgo, window.sessionStorage)).toBe(true);
  });

  it('shows the trial banner while the trial runs, and nothing without a trial', () => {
    expect(showsTrialBanner(running)).toBe(true);
    expect(showsTrialBanner(null)).toBe(false);
    expect(showsExpiredTrialBanner(null, false)).toBe(false);
  });

  it('shows the red banner only while the chooser is closed', () => {
    expect(showsExpiredTrialBanner(expiredEightDaysAgo, true)).toBe(false);
  });

  it('opens the chooser by itself once per browser session: closing it stores upgradeModalShown', () => {
    const storage = window.sessionStorage;
    expect(opensChooserOnArrival(expiredEightDaysAgo, storage)).toBe(true);
    rememberChooserClosed(storage);
    expect(storage.getItem(UPGRADE_MODAL_SHOWN_KEY)).toBe('true');
    expect(opensChooserOnArrival(expiredEightDaysAgo, storage)).toBe(false);
    expect(opensChooserOnArrival(running, null)).toBe(false);
  });

  it('tells about a failed payment while the subscription is past due or unpaid', () => {
    expect(
      showsPastDueBanner({ trial: running, billing: buildBillingMeta({ status: 'past_due' }) }),
    ).toBe(true);
    expect(
      showsPastDueBanner({ trial: running, billing: buildBillingMeta({ status: 'unpaid' }) }),
    ).toBe(true);
    expect(showsPastDueBanner({ trial: running, billing: buildBillingMeta() })).toBe(false);
    expect(showsPastDueBanner({ trial: running, billing: null })).toBe(false);
    expect(showsPastDueBanner(null)).toBe(false);
  });
});
