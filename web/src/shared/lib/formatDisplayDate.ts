import { format, isValid, parse } from 'date-fns';

/** How dates are shown (spec section 2, Date display), e.g. March 05, 2026. */
export const DISPLAY_DATE_FORMAT = 'LLLL dd, yyyy';

/** Turns a yyyy-MM-dd date into its display form; anything else is returned unchanged. */
export function formatDisplayDate(isoDate: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return isoDate;
  const date = parse(isoDate, 'yyyy-MM-dd', new Date(2000, 0, 1));
  return isValid(date) ? format(date, DISPLAY_DATE_FORMAT) : isoDate;
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
