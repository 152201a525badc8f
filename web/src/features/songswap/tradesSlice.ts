import { createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import type { AppState } from '../../shared/state/appSlice';
import type { Trade, TradeStatus } from './tradeTypes';

/** Spec section 4, Trade lists: each bucket goes NotLoaded, Loading, Loaded. */
export type LoadingState = 'NotLoaded' | 'Loading' | 'Loaded';

export interface TradeBucket {
  loading: LoadingState;
  /** Newest first by createdAt. */
  list: Trade[];
}

/**
 * How a swap is doing: any; streams reported on it; none reported yet; an approved song still
 * waiting to be placed. (trades/all leaves the daily checks out, so the list cannot filter by
 * them; the details screen shows them.)
 */
export const TRADE_PERFORMANCE = [
  'all',
  'withStreams',
  'withoutStreams',
  'awaitingPlacement',
] as const;
export type TradePerformance = (typeof TRADE_PERFORMANCE)[number];

/** Spec section 3, Trades state filters. */
export interface TradeFilters {
  /** Song ids: swaps holding any of them (on either side); empty for all. */
  tracks: string[];
  /** Other traders' ids: swaps with any of them; empty for all. */
  traders: string[];
  performance: TradePerformance;
}

/**
 * Trades state of spec section 3: four buckets each with a loading state and a list; filters;
 * showCompletedTrades; the current trade. Plus the saved trade selection (the trade last opened
 * from the list, reset on leaving the song-swap area, spec section 2) and the swaps deleted in
 * this session, so a details screen can say so.
 *
 * The state and the saved selection live here, in the first chunk (the shell resets the
 * selection on leaving the area). Every transition of spec section 4 is a reducer in
 * tradeTransitions.ts, which comes with the song-swap screens' chunk and plugs itself in
 * (provideTradeTransitions): the first chunk stays within its budget, and nothing is lost
 * before it loads, since the buckets are NotLoaded until a song-swap screen reads them.
 */
export interface TradesState {
  buckets: Record<TradeStatus, TradeBucket>;
  filters: TradeFilters;
  showCompletedTrades: boolean;
  /** The swap on the details screen, from trades/tradeinfo (with its placement record). */
  currentTrade: Trade | null;
  selectedTradeId: string | null;
  deletedTradeIds: string[];
}

/** The parts of the store the song-swap screens read directly (store.getState in effects). */
export interface SongswapRootState {
  app: AppState;
  trades: TradesState;
}

const notLoaded = (): TradeBucket => ({ loading: 'NotLoaded', list: [] });

export const NO_TRADE_FILTERS: TradeFilters = { tracks: [], traders: [], performance: 'all' };

export const initialTradesState: TradesState = {
  buckets: {
    pending: notLoaded(),
    scheduled: notLoaded(),
    accepted: notLoaded(),
    completed: notLoaded(),
  },
  filters: NO_TRADE_FILTERS,
  showCompletedTrades: false,
  currentTrade: null,
  selectedTradeId: null,
  deletedTradeIds: [],
};

/** Which side acted, as the viewer sees the trade: the viewer (user) or the other trader. */
export type TradeSide = 'user' | 'trader';

/** The saved trade selection (spec section 2); the rest of the state changes in tradeTransitions.ts. */
const selectionSlice = createSlice({
  name: 'trades',
  initialState: initialTradesState,
  reducers: {
    /** The trade opened from the list (or on its details screen): the saved selection. */
    tradeSelected(state, action: PayloadAction<string>) {
      state.selectedTradeId = action.payload;
    },
    tradeSelectionCleared(state) {
      state.selectedTradeId = null;
    },
  },
  selectors: {
    selectTradesState: (state) => state,
    selectSelectedTradeId: (state) => state.selectedTradeId,
    selectCurrentTrade: (state) => state.currentTrade,
    selectTradeFilters: (state) => state.filters,
    selectShowCompletedTrades: (state) => state.showCompletedTrades,
    selectDeletedTradeIds: (state) => state.deletedTradeIds,
  },
});

type TradesReducer = (state: TradesState, action: UnknownAction) => TradesState;
let transitions: TradesReducer | null = null;

/** tradeTransitions.ts plugs in the transitions of spec section 4 when its chunk loads. */
export function provideTradeTransitions(reducer: TradesReducer): void {
  transitions = reducer;
}

/** The trades reducer of the store: the selection, and the transitions once provided. */
export function tradesReducer(
  state: TradesState = initialTradesState,
  action: UnknownAction,
): TradesState {
  const selected = selectionSlice.reducer(state, action);
  return transitions ? transitions(selected, action) : selected;
}

/** What the root reducer registers (app/rootReducer.ts). */
export const tradesSlice = { reducerPath: 'trades', reducer: tradesReducer } as const;

export const { tradeSelected, tradeSelectionCleared } = selectionSlice.actions;
export const {
  selectTradesState,
  selectSelectedTradeId,
  selectCurrentTrade,
  selectTradeFilters,
  selectShowCompletedTrades,
  selectDeletedTradeIds,
} = selectionSlice.selectors;

/** The song-swap area: /songswap and everything below it. */
export function isInSongswapArea(pathname: string): boolean {
  return pathname === '/songswap' || pathname.startsWith('/songswap/');
}
