import { describe, expect, it } from 'vitest';
import { formatDisplayDate } from './formatDisplayDate';

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
