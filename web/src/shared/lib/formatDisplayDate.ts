import { format } from 'date-fns';

/** How dates are shown, e.g. March 05, 2026. */
export const DISPLAY_DATE_FORMAT = 'LLLL dd, yyyy';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Turns a yyyy-MM-dd date into its display form (a calendar day: no time zone moves it);
 * anything else, a day the month does not have included, is returned unchanged. The day is
 * read from the text itself: date-fns' parse built its parsers again for every date.
 */
export function formatDisplayDate(isoDate: string): string {
  const match = ISO_DATE.exec(isoDate);
  if (!match) return isoDate;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month - 1, day); // setFullYear keeps years 0-99 as they are
  const exists = date.getMonth() === month - 1 && date.getDate() === day;
  return exists ? format(date, DISPLAY_DATE_FORMAT) : isoDate;
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
