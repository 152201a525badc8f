/**
 * A calendar day in words, as en-GB writes it, read in UTC: "Mon 7 Dec", "7 Dec",
 * "Monday 7 December 2026" ("Sept" for September, as en-GB shortens it). Written without Intl
 * on purpose (docs/decisions.md, "No Intl on the client"): a page's first toLocaleDateString
 * loads the browser's locale data, tens of milliseconds on a phone in the middle of the render
 * that shows the first date.
 */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
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
];

/** en-GB's short months: four letters for September. */
const SHORT_MONTHS = MONTHS.map((month) => (month === 'September' ? 'Sept' : month.slice(0, 3)));

export type UtcDayStyle = 'weekday-day-month' | 'day-month' | 'full';

export function utcDayText(date: Date, style: UtcDayStyle): string {
  const weekday = WEEKDAYS[date.getUTCDay()]!;
  const month = date.getUTCMonth();
  const day = date.getUTCDate();
  if (style === 'full') return `${weekday} ${day} ${MONTHS[month]} ${date.getUTCFullYear()}`;
  if (style === 'day-month') return `${day} ${SHORT_MONTHS[month]}`;
  return `${weekday.slice(0, 3)} ${day} ${SHORT_MONTHS[month]}`;
}
