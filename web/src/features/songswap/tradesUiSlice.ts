import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { onlytomeOf } from '../../shared/realtime/realtimeSlice';

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

/** The swap list's filters: traders, tracks and performance. */
export interface TradeFilters {
  /** Song ids: swaps holding any of them (on either side); empty for all. */
  tracks: string[];
  /** Other traders' ids: swaps with any of them; empty for all. */
  traders: string[];
  performance: TradePerformance;
}

export const NO_TRADE_FILTERS: TradeFilters = { tracks: [], traders: [], performance: 'all' };

/**
 * What the song-swap screens remember besides the swaps: the filters and showCompletedTrades of
 * the Trades state, and the saved trade selection (the swap last
 * opened from the list). The swaps themselves (the buckets and the current trade) are server
 * data in the RTK Query cache (tradesApi.ts); the trades table's scroll position is in the app
 * slice. This slice is in the first chunk, so the shell can reset it on leaving the area.
 */
export interface TradesUiState {
  filters: TradeFilters;
  showCompletedTrades: boolean;
  selectedTradeId: string | null;
  /**
   * The open buckets were just put into the cache from the page the server rendered with them
   * (SongSwapsScreen's screenReads): arriving on that page is already a fresh read, so the screen does not
   * read them again (and clear them meanwhile) when it mounts. Cleared once it has.
   */
  openSwapsCarried: boolean;
}

export const initialTradesUiState: TradesUiState = {
  filters: NO_TRADE_FILTERS,
  showCompletedTrades: false,
  selectedTradeId: null,
  openSwapsCarried: false,
};

/** A deleted swap is no longer the saved selection. */
function forget(state: TradesUiState, tradeId: string) {
  if (state.selectedTradeId === tradeId) state.selectedTradeId = null;
}

export const tradesUiSlice = createSlice({
  name: 'tradesUi',
  initialState: initialTradesUiState,
  reducers: {
    /** The swap opened from the list (or on its details screen): the saved selection. */
    tradeSelected(state, action: PayloadAction<string>) {
      state.selectedTradeId = action.payload;
    },
    /** The user deleted this swap. */
    tradeDeletedByUser(state, action: PayloadAction<string>) {
      forget(state, action.payload);
    },
    tradeFiltersChanged(state, action: PayloadAction<Partial<TradeFilters>>) {
      state.filters = { ...state.filters, ...action.payload };
    },
    tradeFiltersCleared(state) {
      state.filters = NO_TRADE_FILTERS;
    },
    showCompletedTradesChanged(state, action: PayloadAction<boolean>) {
      state.showCompletedTrades = action.payload;
    },
    /**
     * Leaving the song-swap area: the saved selection goes, and so do the
     * filters (they were chosen for that visit). The shell also resets the scroll position.
     */
    songswapAreaLeft(state) {
      state.selectedTradeId = null;
      state.filters = NO_TRADE_FILTERS;
      state.openSwapsCarried = false;
    },
    openSwapsCarried(state) {
      state.openSwapsCarried = true;
    },
    /** The screen has mounted with the carried buckets: the next arrival reads them again. */
    openSwapsCarriedShown(state) {
      state.openSwapsCarried = false;
    },
  },
  extraReducers: (builder) => {
    // The other trader deleted it.
    builder.addMatcher(onlytomeOf('DeleteTrade'), (state, action) =>
      forget(state, action.payload.response.tradeId),
    );
  },
  selectors: {
    selectTradeFilters: (state) => state.filters,
    selectShowCompletedTrades: (state) => state.showCompletedTrades,
    selectSelectedTradeId: (state) => state.selectedTradeId,
    selectOpenSwapsCarried: (state) => state.openSwapsCarried,
  },
});

export const {
  tradeSelected,
  tradeDeletedByUser,
  tradeFiltersChanged,
  tradeFiltersCleared,
  showCompletedTradesChanged,
  songswapAreaLeft,
  openSwapsCarried,
  openSwapsCarriedShown,
} = tradesUiSlice.actions;

export const {
  selectTradeFilters,
  selectShowCompletedTrades,
  selectSelectedTradeId,
  selectOpenSwapsCarried,
} = tradesUiSlice.selectors;

/** The song-swap area: /songswap and everything below it. */
export function isInSongswapArea(pathname: string): boolean {
  return pathname === '/songswap' || pathname.startsWith('/songswap/');
}
