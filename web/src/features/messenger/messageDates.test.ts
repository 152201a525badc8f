// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dayLabel, groupByDay, messageTime, relativeTime } from './messageDates';

const now = new Date(2026, 10, 21, 9, 30);

describe('message dates', () => {
  it('labels days Today, Yesterday, then by their display date', () => {
    expect(dayLabel(new Date(2026, 10, 21, 0, 5), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 20, 23, 59), now)).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 10, 19, 12, 0), now)).toBe('November 19, 2026');
    expect(dayLabel(new Date(2025, 2, 5, 12, 0), now)).toBe('March 05, 2025');
  });

  it('shows the time of a message on a 24-hour clock', () => {
    expect(messageTime(new Date(2026, 10, 21, 14, 3))).toBe('14:03');
  });

  it('says how long ago, with "just now" for the last minute', () => {
    expect(relativeTime(new Date(2026, 10, 21, 9, 29, 30), now)).toBe('just now');
    expect(relativeTime(new Date(2026, 10, 21, 9, 25), now)).toBe('5 minutes ago');
    expect(relativeTime(new Date(2026, 10, 19, 9, 30), now)).toBe('2 days ago');
  });

  it('groups messages by day in order', () => {
    const at = (day: number, hour: number) => ({
      createdAt: new Date(2026, 10, day, hour).toISOString(),
    });
    const groups = groupByDay([at(19, 10), at(19, 11), at(21, 8)], now);
    expect(groups.map((group) => [group.label, group.messages.length])).toEqual([
      ['November 19, 2026', 2],
      ['Today', 1],
    ]);
  });
});
