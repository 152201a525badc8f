import { differenceInCalendarDays, format, formatDistanceStrict } from 'date-fns';
import { DISPLAY_DATE_FORMAT } from '../../shared/lib/formatDisplayDate';

/** The heading of a day in a thread: Today, Yesterday, or the display date (March 05, 2026). */
export function dayLabel(moment: Date, now: Date): string {
  const days = differenceInCalendarDays(now, moment);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return format(moment, DISPLAY_DATE_FORMAT);
}

/** The calendar day of a moment in the viewer's time zone, as a key (yyyy-MM-dd). */
export function dayKey(moment: Date): string {
  return format(moment, 'yyyy-MM-dd');
}

/** The time of a message, e.g. 14:03. */
export function messageTime(moment: Date): string {
  return format(moment, 'HH:mm');
}

/** How long ago a conversation's last message was: just now, 5 minutes ago, 2 days ago. */
export function relativeTime(moment: Date, now: Date): string {
  if (now.getTime() - moment.getTime() < 60_000) return 'just now';
  return formatDistanceStrict(moment, now, { addSuffix: true });
}

/** Messages grouped by the day they were written, in order. */
export function groupByDay<T extends { createdAt: string }>(
  messages: readonly T[],
  now: Date,
): { key: string; label: string; messages: T[] }[] {
  const days: { key: string; label: string; messages: T[] }[] = [];
  for (const message of messages) {
    const moment = new Date(message.createdAt);
    const key = dayKey(moment);
    const last = days.at(-1);
    if (last?.key === key) last.messages.push(message);
    else days.push({ key, label: dayLabel(moment, now), messages: [message] });
  }
  return days;
}
