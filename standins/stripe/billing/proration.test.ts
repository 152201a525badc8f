import { describe, expect, it } from 'vitest';
import { addMonths, stripeDay } from './calendar.js';
import { switchProration } from './proration.js';

describe('switchProration', () => {
  const period = { periodStart: 0, periodEnd: 30 * 86_400 };

  it('credits the unused time on the old price and charges the rest on the new one', () => {
    expect(
      switchProration({ ...period, oldAmount: 1800, newAmount: 4500, prorationDate: 15 * 86_400 }),
    ).toEqual({ credit: -900, charge: 2250 });
  });

  it('counts to the second and rounds each line to the cent, halves away from zero', () => {
    expect(
      switchProration({ ...period, oldAmount: 1800, newAmount: 4500, prorationDate: 1_000_000 }),
    ).toEqual({ credit: -1106, charge: 2764 });
    // 1/6 of 2703 cents is 450.5: rounded up to 451 on both sides.
    expect(
      switchProration({
        periodStart: 0,
        periodEnd: 6,
        oldAmount: 2703,
        newAmount: 2703,
        prorationDate: 5,
      }),
    ).toEqual({ credit: -451, charge: 451 });
  });

  it('prorates nothing at the period end and everything at its start', () => {
    expect(
      switchProration({ ...period, oldAmount: 1800, newAmount: 4500, prorationDate: 30 * 86_400 }),
    ).toEqual({ credit: 0, charge: 0 });
    expect(
      switchProration({ ...period, oldAmount: 1800, newAmount: 4500, prorationDate: -5 }),
    ).toEqual({ credit: -1800, charge: 4500 });
  });
});

describe('monthly periods', () => {
  it('keep the anchor day, on the last day of shorter months', () => {
    const january31 = Date.parse('2026-01-31T10:00:00Z') / 1000;
    const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
    expect(iso(addMonths(january31, 1))).toBe('2026-02-28T10:00:00.000Z');
    expect(iso(addMonths(january31, 2))).toBe('2026-03-31T10:00:00.000Z');
    expect(iso(addMonths(january31, 13))).toBe('2027-02-28T10:00:00.000Z');
  });

  it('write dates as Stripe does in proration descriptions', () => {
    expect(stripeDay(Date.parse('2026-03-03T23:00:00Z') / 1000)).toBe('03 Mar 2026');
  });
});
