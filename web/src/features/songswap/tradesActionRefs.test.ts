import { describe, expect, it } from 'vitest';
import { actionId } from '../../../../common/api/contract.js';
import { songActions } from '../../../../common/api/songs.js';
import {
  addToPlaylist,
  potentialTraders,
  STREAMS_MAX as CONTRACT_STREAMS_MAX,
  TRADE_SONGS_MAX as CONTRACT_TRADE_SONGS_MAX,
  tradeActions,
  update,
} from '../../../../common/api/trades.js';
import {
  POSITION_MAX,
  STREAMS_MAX,
  TRADE_SONGS_MAX,
  TRADER_QUERY_MAX_LENGTH,
  tradesActionRefs,
} from './tradesActionRefs';

const tradeId = '7a000000-0000-4000-8000-000000000001';
const tradeSongId = '75000000-0000-4000-8000-000000000001';

describe('song-swap calls match the contracts in common/', () => {
  const declared = new Set([...tradeActions, ...songActions].map(actionId));

  it.each(Object.entries(tradesActionRefs))('%s is a declared action', (_name, ref) => {
    expect(declared).toContain(actionId(ref));
  });

  it('repeats the limits of the contracts', () => {
    expect(TRADE_SONGS_MAX).toBe(CONTRACT_TRADE_SONGS_MAX);
    expect(STREAMS_MAX).toBe(CONTRACT_STREAMS_MAX);
    const place = (position: number) =>
      addToPlaylist.input.safeParse({ tradeId, tradeSongId, playlistId: 'abc', position }).success;
    expect(place(POSITION_MAX)).toBe(true);
    expect(place(POSITION_MAX + 1)).toBe(false);
    const report = (streams: number) =>
      update.input.safeParse({ tradeId, tradeSongId, streams }).success;
    expect(report(STREAMS_MAX)).toBe(true);
    expect(report(STREAMS_MAX + 1)).toBe(false);
    const find = (query: string) => potentialTraders.input.safeParse({ query }).success;
    expect(find('a'.repeat(TRADER_QUERY_MAX_LENGTH))).toBe(true);
    expect(find('a'.repeat(TRADER_QUERY_MAX_LENGTH + 1))).toBe(false);
  });
});
