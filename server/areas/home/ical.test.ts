import { describe, expect, it } from 'vitest';
import { calendarText, escapeText, foldLine, utcStamp } from './ical.js';

describe('iCalendar text', () => {
  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((part) => Buffer.byteLength(part) <= 75)).toBe(true);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(parts.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:1')).toBe('SHORT:1');
  });

  it('writes all-day events with a stamp, lines ending in CRLF', () => {
    const text = calendarText(
      'Mine',
      [{ uid: 'x@y', day: '2026-12-31', summary: 'New year' }],
      new Date('2026-12-06T18:10:59.123Z'),
    );
    expect(utcStamp(new Date('2026-12-06T18:10:59.123Z'))).toBe('20261206T181059Z');
    expect(text).toContain('DTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101\r\n');
    expect(text).toContain('DTSTAMP:20261206T181059Z\r\n');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});
