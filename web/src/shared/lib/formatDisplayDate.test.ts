// @vitest-environment node
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  DISPLAY_DATE_FORMAT,
  formatDisplayDate,
  formatDisplayDateTime,
  formatDisplayDayOf,
} from './formatDisplayDate';

describe('formatDisplayDate', () => {
  it("shows yyyy-MM-dd as 'LLLL dd, yyyy'", () => {
    expect(formatDisplayDate('2026-03-05')).toBe('March 05, 2026');
    expect(formatDisplayDate('1999-12-31')).toBe('December 31, 1999');
  });

  it('shows every month by its name, as date-fns formats it', () => {
    for (let month = 0; month < 12; month += 1) {
      const iso = `2026-${String(month + 1).padStart(2, '0')}-15`;
      expect(formatDisplayDate(iso)).toBe(format(new Date(2026, month, 15), DISPLAY_DATE_FORMAT));
    }
  });

  it('knows the days of each month, leap years included', () => {
    expect(formatDisplayDate('2024-02-29')).toBe('February 29, 2024');
    expect(formatDisplayDate('2000-02-29')).toBe('February 29, 2000');
    expect(formatDisplayDate('2023-02-29')).toBe('2023-02-29');
    expect(formatDisplayDate('1900-02-29')).toBe('1900-02-29');
    expect(formatDisplayDate('2026-04-31')).toBe('2026-04-31');
    expect(formatDisplayDate('2026-12-31')).toBe('December 31, 2026');
  });

  it('reads the date as a calendar day, without time zone shifts', () => {
    expect(formatDisplayDate('2026-01-01')).toBe('January 01, 2026');
  });

  it('returns text that is not a valid yyyy-MM-dd date unchanged', () => {
    expect(formatDisplayDate('2026-02-30')).toBe('2026-02-30');
    expect(formatDisplayDate('2026-13-01')).toBe('2026-13-01');
    expect(formatDisplayDate('2026-00-10')).toBe('2026-00-10');
    expect(formatDisplayDate('2026-01-00')).toBe('2026-01-00');
    expect(formatDisplayDate('2026-01-01T00:00')).toBe('2026-01-01T00:00');
    expect(formatDisplayDate('05/03/2026')).toBe('05/03/2026');
    expect(formatDisplayDate('')).toBe('');
  });
});

describe('formatDisplayDateTime', () => {
  it('shows a timestamp with the display date and the local time', () => {
    const moment = new Date(2026, 2, 5, 14, 3);
    expect(formatDisplayDateTime(moment.toISOString())).toBe('March 05, 2026 at 14:03');
  });

  it('returns text that is not a timestamp unchanged', () => {
    expect(formatDisplayDateTime('soon')).toBe('soon');
    expect(formatDisplayDateTime('')).toBe('');
  });
});

describe('formatDisplayDayOf', () => {
  it("shows a timestamp's local day in the display form", () => {
    expect(formatDisplayDayOf(new Date(2026, 2, 5, 23, 59).toISOString())).toBe('March 05, 2026');
    expect(formatDisplayDayOf('soon')).toBe('soon');
  });
});
