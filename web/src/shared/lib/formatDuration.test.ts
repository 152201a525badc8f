// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDuration } from './formatDuration';

describe('formatDuration', () => {
  it('shows minutes and zero-padded seconds', () => {
    expect(formatDuration(187_000)).toBe('3:07');
    expect(formatDuration(59_600)).toBe('1:00');
    expect(formatDuration(0)).toBe('0:00');
  });

  it('shows hours past an hour', () => {
    expect(formatDuration(3_725_000)).toBe('1:02:05');
  });
});
