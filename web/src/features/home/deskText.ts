import type { ComingUp, DeskTodo } from '../../../../common/api/home/schemas.js';
import { utcDayText } from '../../shared/lib/utcDayText';
import { formatCount } from '../../shared/lib/formatCount';

export interface TodoLine {
  key: keyof DeskTodo;
  count: number;
  /** What the count is, in words that fit the count. */
  label: string;
  to: string;
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** The desk's to-dos that have something to do, each with where it is done. */
export function todoLines(todo: DeskTodo): TodoLine[] {
  const lines: TodoLine[] = [
    {
      key: 'swapsToAccept',
      count: todo.swapsToAccept,
      label: plural(todo.swapsToAccept, 'swap to accept', 'swaps to accept'),
      to: '/songswap',
    },
    {
      key: 'songsToApprove',
      count: todo.songsToApprove,
      label: plural(todo.songsToApprove, 'song to approve', 'songs to approve'),
      to: '/songswap',
    },
    {
      key: 'songsToPlace',
      count: todo.songsToPlace,
      label: plural(todo.songsToPlace, 'song to place', 'songs to place'),
      to: '/songswap',
    },
    {
      key: 'removedEarly',
      count: todo.removedEarly,
      label: plural(
        todo.removedEarly,
        'song left a partner’s playlist early',
        'songs left a partner’s playlist early',
      ),
      to: '/songswap',
    },
    {
      key: 'unreadConversations',
      count: todo.unreadConversations,
      label: plural(todo.unreadConversations, 'unread conversation', 'unread conversations'),
      to: '/messenger',
    },
    {
      key: 'friendRequests',
      count: todo.friendRequests,
      label: plural(todo.friendRequests, 'friend request', 'friend requests'),
      to: '/discovery',
    },
    {
      key: 'invitationsAccepted',
      count: todo.invitationsAccepted,
      label: plural(todo.invitationsAccepted, 'invitation accepted', 'invitations accepted'),
      to: '/network',
    },
  ];
  return lines.filter((line) => line.count > 0);
}

/** What a "Coming up" or schedule entry is, in words. */
export function comingUpText(entry: Pick<ComingUp, 'kind' | 'title' | 'detail'>): string {
  switch (entry.kind) {
    case 'swapStart':
      return `Swap with ${entry.title} starts`;
    case 'swapEnd':
      return `Swap with ${entry.title} ends`;
    case 'removal':
      return `${entry.title} leaves ${entry.detail ?? 'a playlist'}`;
    case 'release':
      return `${entry.title} is released`;
  }
}

/** A day (yyyy-MM-dd, UTC) as "Mon 7 Dec", or "Today"/"Tomorrow" from `today`. */
export function dayText(day: string, today: string): string {
  if (day === today) return 'Today';
  const date = new Date(`${day}T00:00:00Z`);
  const next = new Date(`${today}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  if (date.getTime() === next.getTime()) return 'Tomorrow';
  return utcDayText(date, 'weekday-day-month');
}

/** A follower change with its sign: "+12", "−3", "±0". */
export function changeText(change: number): string {
  if (change > 0) return `+${formatCount(change)}`;
  if (change < 0) return `−${formatCount(Math.abs(change))}`;
  return '±0';
}
