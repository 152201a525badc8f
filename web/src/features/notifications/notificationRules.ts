import type { Notification } from '../../../../common/api/notifications/schemas.js';
import { utcDayText } from '../../shared/lib/utcDayText';

/** A page of the bell's list as the cache holds it. */
export interface NotificationPage {
  notifications: Notification[];
  nextCursor: string | null;
  unreadCount: number;
}

/**
 * A pushed entry joins the top of the first page (once: a push that arrives twice, or after
 * the read that already has it, adds nothing), and every page takes the pushed unread count.
 */
export function withPushedEntry(
  pages: NotificationPage[],
  entry: Notification,
  unreadCount: number,
): void {
  const known = pages.some((page) => page.notifications.some((n) => n.id === entry.id));
  if (!known && pages[0]) pages[0].notifications.unshift(entry);
  for (const page of pages) page.unreadCount = unreadCount;
}

/**
 * Entries marked read keep their "new" look in the cache until the list is read again (the
 * next opening): the count follows the server's answer at once.
 */
export function withUnreadCount(pages: NotificationPage[], unreadCount: number): void {
  for (const page of pages) page.unreadCount = unreadCount;
}

/** The bell button's name: what it is and, when any, how many entries are unread. */
export function bellLabel(unreadCount: number | undefined): string {
  if (!unreadCount) return 'Notifications';
  return `Notifications, ${unreadCount} unread`;
}

/** The badge's text: the count, 99+ beyond two digits (the button's name keeps the number). */
export const badgeText = (unreadCount: number) => (unreadCount > 99 ? '99+' : String(unreadCount));

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** When an entry happened, briefly: "just now", "5 min ago", "3 h ago", "2 d ago", then the date. */
export function whenText(createdAt: string, now: Date): string {
  const at = new Date(createdAt);
  const ago = now.getTime() - at.getTime();
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)} d ago`;
  return utcDayText(at, 'day-month');
}
