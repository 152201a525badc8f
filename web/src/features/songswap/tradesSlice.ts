import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Trades state of spec section 3. For now it holds the saved trade selection only; the
 * song-swap issue adds the four buckets, filters and the current trade.
 */
export interface TradesState {
  selectedTradeId: string | null;
}

export const initialTradesState: TradesState = { selectedTradeId: null };

export const tradesSlice = createSlice({
  name: 'trades',
  initialState: initialTradesState,
  reducers: {
    tradeSelected(state, action: PayloadAction<string>) {
      state.selectedTradeId = action.payload;
    },
    tradeSelectionCleared(state) {
      state.selectedTradeId = null;
    },
  },
  selectors: {
    selectSelectedTradeId: (state) => state.selectedTradeId,
  },
});

export const { tradeSelected, tradeSelectionCleared } = tradesSlice.actions;
export const { selectSelectedTradeId } = tradesSlice.selectors;

/** The song-swap area: /songswap and everything below it. */
export function isInSongswapArea(pathname: string): boolean {
  return pathname === '/songswap' || pathname.startsWith('/songswap/');
}
