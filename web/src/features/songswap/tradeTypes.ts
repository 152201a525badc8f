import type { InputOf, OutputOf } from '../../../../common/api/contract.js';
import type {
  Trade,
  TradeSong,
  TradeStatus,
  accept,
  all,
  potentialTraders,
  tradeStatusInfoSchema,
} from '../../../../common/api/trades.js';
import type { z } from 'zod';

export type { Trade, TradeSong, TradeStatus } from '../../../../common/api/trades.js';

/** The buckets in the order the screen shows them (spec section 3, Trades state). */
export const TRADE_BUCKETS = [
  'pending',
  'scheduled',
  'accepted',
  'completed',
] as const satisfies readonly TradeStatus[];

/** A side's track list entry {id, approved, playlisted}; id is the TradeSong id. */
export type TradeTrack = Trade['userTracks'][number];
/** The status sub-object {status, traderOneAccepted, traderTwoAccepted, streams}. */
export type TradeStatusInfo = z.infer<typeof tradeStatusInfoSchema>;
export type Trader = Trade['trader'];
export type PotentialTrader = OutputOf<typeof potentialTraders>['traders'][number];
export type TradesAnswer = OutputOf<typeof all>;
export type TradesRequest = InputOf<typeof all>;
export type AcceptAnswer = OutputOf<typeof accept>;
/** Where a swapped song was placed. */
export type PlaylistSong = TradeSong['PlaylistSongs'][number];
export type PlacementCheck = TradeSong['checks'][number];
