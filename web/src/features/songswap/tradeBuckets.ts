import type { TradeLists } from './tradeTransitions';
import { TRADE_BUCKETS, type ListedTrade, type TradeStatus } from './tradeTypes';

/** Each bucket goes NotLoaded, Loading, Loaded. */
export type LoadingState = 'NotLoaded' | 'Loading' | 'Loaded';

export interface TradeBucket {
  loading: LoadingState;
  /** Newest first by createdAt. */
  list: ListedTrade[];
  /** The cursor of the bucket's next page; null when it is listed to its end. */
  nextCursor: string | null;
}

/** One trades/all call as its query reports it: the buckets it asks for and how it stands. */
export interface TradeListsQuery {
  statuses: readonly TradeStatus[];
  isFetching: boolean;
  isSuccess: boolean;
  data?: TradeLists;
}

const NOT_LOADED: TradeBucket = { loading: 'NotLoaded', list: [], nextCursor: null };
const LOADING: TradeBucket = { loading: 'Loading', list: [], nextCursor: null };

/**
 * The four buckets from the trades/all queries that hold them: a bucket no
 * query holds, or whose query failed, is NotLoaded (it can be asked for again); a query on its
 * way makes its buckets Loading and empty (a new fetch clears the listed buckets); an answered
 * one makes them Loaded with its lists.
 */
export function tradeBucketsOf(
  queries: readonly TradeListsQuery[],
): Record<TradeStatus, TradeBucket> {
  const buckets = Object.fromEntries(TRADE_BUCKETS.map((status) => [status, NOT_LOADED]));
  for (const query of queries) {
    for (const status of query.statuses) {
      if (query.isFetching) buckets[status] = LOADING;
      else if (query.isSuccess && query.data) {
        buckets[status] = {
          loading: 'Loaded',
          list: query.data[status] ?? [],
          nextCursor: query.data.nextCursors?.[status] ?? null,
        };
      }
    }
  }
  return buckets as Record<TradeStatus, TradeBucket>;
}
