import { describe, expect, it } from 'vitest';
import { carriedReads } from './carriedAnswers';

describe('carried reads', () => {
  it('finds the reads by path and freezes each answer, which the store keeps as it came', () => {
    const first = { playlists: [{ id: 'a' }] };
    const reads = carriedReads(
      [
        {
          method: 'POST',
          path: '/api/playlists/playlists',
          body: { accountId: 'a' },
          answer: first,
        },
        { method: 'POST', path: '/api/playlists/playlists', body: { accountId: 'b' }, answer: {} },
      ],
      '/playlists',
    );

    expect(reads.all('/api/playlists/playlists').map(({ body }) => body)).toEqual([
      { accountId: 'a' },
      { accountId: 'b' },
    ]);
    expect(reads.one('/api/playlists/playlists').answer).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => reads.one('/api/playlists/info')).toThrow(
      /without its read of \/api\/playlists\/info/,
    );
  });
});
