import { describe, expect, it } from 'vitest';
import { utcDayText } from './utcDayText';

describe('utcDayText', () => {
  it('writes the UTC day as en-GB does, whatever the time of day', () => {
    const late = new Date('2026-12-07T23:59:59.999Z');
    expect(utcDayText(late, 'weekday-day-month')).toBe('Mon 7 Dec');
    expect(utcDayText(late, 'day-month')).toBe('7 Dec');
    expect(utcDayText(late, 'full')).toBe('Monday 7 December 2026');
    expect(utcDayText(new Date('2027-01-03T00:00:00Z'), 'weekday-day-month')).toBe('Sun 3 Jan');
    expect(utcDayText(new Date('2024-02-29T12:00:00Z'), 'full')).toBe('Thursday 29 February 2024');
  });

  it('matches the browser’s en-GB words for every day of a year', () => {
    for (let day = 0; day < 366; day++) {
      const date = new Date(Date.UTC(2028, 0, 1 + day));
      const gb = (options: Intl.DateTimeFormatOptions) =>
        date.toLocaleDateString('en-GB', { ...options, timeZone: 'UTC' }).replace(',', '');
      expect(utcDayText(date, 'weekday-day-month')).toBe(
        gb({ weekday: 'short', day: 'numeric', month: 'short' }),
      );
      expect(utcDayText(date, 'day-month')).toBe(gb({ day: 'numeric', month: 'short' }));
      expect(utcDayText(date, 'full')).toBe(
        gb({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
      );
    }
  });
});
