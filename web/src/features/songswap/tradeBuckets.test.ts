import { describe, expect, it } from 'vitest';
import { tradeBucketsOf } from './tradeBuckets';
import { buildTrade, tradesAnswer } from './tradeFixtures';
import { listedTradeOf } from './tradeMirror';
import { tradeListsOf } from './tradeTransitions';
import type { TradeStatus } from './tradeTypes';

const OPEN: TradeStatus[] = ['pending', 'scheduled', 'accepted'];
const HISTORY: TradeStatus[] = ['completed'];

const pending = buildTrade({ createdAt: '2026-05-01T10:00:00.000Z' });
const accepted = buildTrade({ status: 'accepted' });
const answer = tradesAnswer({ pending: [pending], accepted: [accepted] });
const openLists = tradeListsOf(OPEN, answer.trades, undefined, answer.songs);

const idle = { isFetching: false, isSuccess: false };
const answered = { isFetching: false, isSuccess: true };

describe('trade buckets: NotLoaded → Loading → Loaded', () => {
  it('starts with four buckets not loaded', () => {
    const buckets = tradeBucketsOf([
      { statuses: OPEN, ...idle },
      { statuses: HISTORY, ...idle },
    ]);
    for (const status of [...OPEN, ...HISTORY]) {
      expect(buckets[status]).toEqual({ loading: 'NotLoaded', list: [], nextCursor: null });
    }
  });

  it('a fetch on its way makes its buckets Loading and empty, and leaves the others', () => {
    const history = tradeListsOf(HISTORY, {});
    // The open swaps' entry holds lists already: a new fetch clears them.
    const buckets = tradeBucketsOf([
      { statuses: OPEN, isFetching: true, isSuccess: true, data: openLists },
      { statuses: HISTORY, ...answered, data: history },
    ]);
    expect(buckets.pending).toEqual({ loading: 'Loading', list: [], nextCursor: null });
    expect(buckets.accepted).toEqual({ loading: 'Loading', list: [], nextCursor: null });
    expect(buckets.completed).toEqual({ loading: 'Loaded', list: [], nextCursor: null });
  });

  it('an answer makes its buckets Loaded with their lists', () => {
    const buckets = tradeBucketsOf([
      { statuses: OPEN, ...answered, data: openLists },
      { statuses: HISTORY, ...idle },
    ]);
    expect(buckets.pending).toEqual({
      loading: 'Loaded',
      list: [listedTradeOf(pending)],
      nextCursor: null,
    });
    expect(buckets.scheduled).toEqual({ loading: 'Loaded', list: [], nextCursor: null });
    expect(buckets.accepted).toEqual({
      loading: 'Loaded',
      list: [listedTradeOf(accepted)],
      nextCursor: null,
    });
    expect(buckets.completed.loading).toBe('NotLoaded');
  });

  it('a failed fetch leaves its buckets NotLoaded, to be asked for again', () => {
    // RTK Query keeps the data of an earlier answer when a fetch fails.
    const buckets = tradeBucketsOf([
      { statuses: OPEN, isFetching: false, isSuccess: false, data: openLists },
    ]);
    expect(buckets.pending).toEqual({ loading: 'NotLoaded', list: [], nextCursor: null });
  });

  it('a bucket with more pages carries its cursor; one listed to its end carries null', () => {
    const lists = tradeListsOf(OPEN, answer.trades, { pending: 'next', scheduled: null });
    const buckets = tradeBucketsOf([{ statuses: OPEN, ...answered, data: lists }]);
    expect(buckets.pending.nextCursor).toBe('next');
    expect(buckets.scheduled.nextCursor).toBeNull();
    expect(buckets.accepted.nextCursor).toBeNull();
  });
});
