import { format } from 'date-fns';

/** How dates are shown (spec section 2, Date display), e.g. March 05, 2026. */
export const DISPLAY_DATE_FORMAT = 'LLLL dd, yyyy';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * Turns a yyyy-MM-dd date into its display form (DISPLAY_DATE_FORMAT, a calendar day: no time
 * zone moves it); anything else, a day the month does not have included, is returned unchanged.
 * Read from the text itself: a screen shows hundreds of these (a year of follower counts), and
 * date-fns' parse built its parsers again for each.
 */
export function formatDisplayDate(isoDate: string): string {
  const match = ISO_DATE.exec(isoDate);
  if (!match) return isoDate;
  const [, year = '', month = '', day = ''] = match;
  const monthIndex = Number(month) - 1;
  const dayNumber = Number(day);
  const valid =
    monthIndex >= 0 &&
    monthIndex < 12 &&
    dayNumber >= 1 &&
    dayNumber <= daysInMonth(Number(year), monthIndex);
  return valid ? `${MONTHS[monthIndex]} ${day}, ${year}` : isoDate;
}

function daysInMonth(year: number, monthIndex: number): number {
  if (monthIndex !== 1) return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][monthIndex]!;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return leap ? 29 : 28;
}

/**
 * A moment (an ISO timestamp) in the viewer's time zone, with the date in its display form,
 * e.g. March 05, 2026 at 14:03; text that is not a timestamp is returned unchanged.
 */
export function formatDisplayDateTime(isoTimestamp: string): string {
  const date = new Date(isoTimestamp);
  if (!isoTimestamp || Number.isNaN(date.getTime())) return isoTimestamp;
  return format(date, `${DISPLAY_DATE_FORMAT} 'at' HH:mm`);
}

/** The day of a moment (an ISO timestamp) in the viewer's time zone, in its display form. */
export function formatDisplayDayOf(isoTimestamp: string): string {
  const date = new Date(isoTimestamp);
  if (!isoTimestamp || Number.isNaN(date.getTime())) return isoTimestamp;
  return format(date, DISPLAY_DATE_FORMAT);
}
