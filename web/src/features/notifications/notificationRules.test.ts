// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../../common/api/notifications/schemas.js';
import {
  badgeText,
  bellLabel,
  whenText,
  withPushedEntry,
  type NotificationPage,
} from './notificationRules';

const entry = (id: string): Notification => ({
  id,
  kind: 'swapOpened',
  text: id,
  link: '/songswap/t',
  createdAt: '2026-12-06T10:00:00.000Z',
  read: false,
});

describe('the bell’s rules', () => {
  it('adds a pushed entry once, at the top, and takes its count on every page', () => {
    const pages: NotificationPage[] = [
      { notifications: [entry('b')], nextCursor: 'x', unreadCount: 1 },
      { notifications: [entry('a')], nextCursor: null, unreadCount: 1 },
    ];
    withPushedEntry(pages, entry('c'), 2);
    withPushedEntry(pages, entry('c'), 2);
    withPushedEntry(pages, entry('a'), 2);
    expect(pages[0]!.notifications.map((n) => n.id)).toEqual(['c', 'b']);
    expect(pages.map((page) => page.unreadCount)).toEqual([2, 2]);
  });

  it('names the count for screen readers and shortens the badge past 99', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(undefined)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(120)).toBe('99+');
  });

  it('says when briefly, then the date', () => {
    const now = new Date('2026-12-06T12:00:00.000Z');
    expect(whenText('2026-12-06T11:59:30.000Z', now)).toBe('just now');
    expect(whenText('2026-12-06T11:15:00.000Z', now)).toBe('45 min ago');
    expect(whenText('2026-12-06T02:00:00.000Z', now)).toBe('10 h ago');
    expect(whenText('2026-12-03T12:00:00.000Z', now)).toBe('3 d ago');
    expect(whenText('2026-11-02T12:00:00.000Z', now)).toBe('2 Nov');
  });
});
