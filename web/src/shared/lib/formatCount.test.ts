import { describe, expect, it } from 'vitest';
import { formatCount } from './formatCount';

describe('formatCount', () => {
  it('groups thousands as en-US does', () => {
    for (const value of [0, 7, 999, 1000, 12_840, 999_999, 1_000_000, 1_234_567_890, -1250, -7]) {
      expect(formatCount(value)).toBe(new Intl.NumberFormat('en-US').format(value));
    }
  });

  it('keeps a fraction as it is written', () => {
    expect(formatCount(1234.5)).toBe('1,234.5');
    expect(formatCount(-0.25)).toBe('-0.25');
  });

  it('writes what is not a finite number as JavaScript does', () => {
    expect(formatCount(Number.NaN)).toBe('NaN');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });
});
