// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { daysBetween, niceAxis, niceStep } from './chartScale';

describe('chart scales', () => {
  it('picks round steps', () => {
    expect(niceStep(1000, 4)).toBe(500);
    expect(niceStep(37, 4)).toBe(10);
    expect(niceStep(3, 4)).toBe(1);
  });

  it('puts the axis bounds on round values around the data', () => {
    expect(niceAxis(12_790, 12_860)).toEqual({
      lo: 12_780,
      hi: 12_860,
      ticks: [12_780, 12_800, 12_820, 12_840, 12_860],
    });
  });

  it('gives a flat series some room', () => {
    const axis = niceAxis(500, 500);
    expect(axis.lo).toBeLessThan(500);
    expect(axis.hi).toBeGreaterThan(500);
  });

  it('counts days between calendar dates', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
  });
});
