// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDisplayDate, formatDisplayDateTime, formatDisplayDayOf } from './formatDisplayDate';

describe('formatDisplayDate', () => {
  it("shows yyyy-MM-dd as 'LLLL dd, yyyy'", () => {
    expect(formatDisplayDate('2026-03-05')).toBe('March 05, 2026');
    expect(formatDisplayDate('1999-12-31')).toBe('December 31, 1999');
  });

  it('reads the date as a calendar day, without time zone shifts', () => {
    expect(formatDisplayDate('2026-01-01')).toBe('January 01, 2026');
  });

  it('returns text that is not a valid yyyy-MM-dd date unchanged', () => {
    expect(formatDisplayDate('2026-02-30')).toBe('2026-02-30');
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
