/**
 * Monthly billing periods as Stripe counts them: each period starts on the anchor's day of
 * the month at the anchor's time of day, on the month's last day when it is shorter (an
 * anchor on 31 January bills on 28/29 February, then 31 March).
 */
export const DAY_SECONDS = 86_400;

export function addMonths(anchorSeconds: number, months: number): number {
  const anchor = new Date(anchorSeconds * 1000);
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(anchor.getUTCDate(), lastDay);
  return (
    Date.UTC(
      year,
      month,
      day,
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
    ) / 1000
  );
}

export function periodOf(anchorSeconds: number, index: number): { start: number; end: number } {
  return { start: addMonths(anchorSeconds, index), end: addMonths(anchorSeconds, index + 1) };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '03 Mar 2017', as Stripe writes dates in proration descriptions. */
export function stripeDay(seconds: number): string {
  const date = new Date(seconds * 1000);
  const day = String(date.getUTCDate()).padStart(2, '0');
  return `${day} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** 'June 15, 2026', for the hosted pages. */
export function longDay(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}$${(Math.abs(cents) / 100).toFixed(2)}`;
}
