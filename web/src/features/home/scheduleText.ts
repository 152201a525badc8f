import type { ScheduleEntry } from '../../../../common/api/home/schemas.js';
import { utcDayText } from '../../shared/lib/utcDayText';

/** Entries grouped by their day, in the order given (the server's day order). */
export function byDay(
  entries: readonly ScheduleEntry[],
): { day: string; entries: ScheduleEntry[] }[] {
  const days: { day: string; entries: ScheduleEntry[] }[] = [];
  for (const entry of entries) {
    const last = days.at(-1);
    if (last && last.day === entry.day) last.entries.push(entry);
    else days.push({ day: entry.day, entries: [entry] });
  }
  return days;
}

/** A day (yyyy-MM-dd, UTC) in full, e.g. "Monday 7 December 2026". */
export function longDayText(day: string): string {
  return utcDayText(new Date(`${day}T00:00:00Z`), 'full');
}
