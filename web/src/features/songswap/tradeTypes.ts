import type { InputOf, OutputOf } from '../../../../common/api/contract.js';
import { TRADE_STATUSES } from '../../../../common/domain/swaps.js';
import type { tradesActions } from '../../../../common/api/trades/actions.js';
import type {
  ListedSong,
  Trade,
  TradeRow,
  TradeSong,
} from '../../../../common/api/trades/schemas.js';

export type {
  ListedSong,
  Trade,
  TradeRow,
  TradeSong,
  TradeStatus,
  TradeStatusInfo,
} from '../../../../common/api/trades/schemas.js';

/** The buckets in the order the screen shows them. */
export const TRADE_BUCKETS = TRADE_STATUSES;

/** A side's track list entry {id, approved, playlisted}; id is the TradeSong id. */
export type TradeTrack = Trade['userTracks'][number];
export type Trader = Trade['trader'];
export type PotentialTrader = OutputOf<typeof tradesActions.potentialTraders>['traders'][number];
/** A curator the swap is opened with from elsewhere (a profile): who, before the list loads. */
export type ChosenTrader = Pick<PotentialTrader, 'id' | 'name'>;
export type TradesAnswer = OutputOf<typeof tradesActions.all>;
export type TradesRequest = InputOf<typeof tradesActions.all>;
export type AcceptAnswer = OutputOf<typeof tradesActions.accept>;
/** Where a swapped song was placed. */
export type PlaylistSong = TradeSong['PlaylistSongs'][number];
export type PlacementCheck = TradeSong['checks'][number];

/**
 * A listed swap as the client holds it (a bucket's entry): trades/all's row with its songs
 * named (the answer names each song once; the row gives their places).
 */
export type ListedTrade = Omit<TradeRow, 'songs'> & { songs: ListedSong[] };
