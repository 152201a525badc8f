import { describe, expect, it } from 'vitest';
import { onlytomeReceived } from '../../shared/realtime/realtimeSlice';
import {
  initialTradesUiState,
  isInSongswapArea,
  openSwapsCarried,
  openSwapsCarriedShown,
  showCompletedTradesChanged,
  songswapAreaLeft,
  tradeDeletedByUser,
  tradeFiltersChanged,
  tradeFiltersCleared,
  tradeSelected,
  tradesUiSlice,
} from './tradesUiSlice';

const reduce = tradesUiSlice.reducer;
const BLAKE = 'b1a4e000-0000-4000-8000-000000000001';

describe('the song-swap screens’ UI state', () => {
  it('starts with no filters, completed swaps hidden and no saved selection', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual({
      filters: { tracks: [], traders: [], performance: 'all' },
      showCompletedTrades: false,
      selectedTradeId: null,
      openSwapsCarried: false,
    });
  });

  it('knows the open swaps were carried by the page until the screen has shown them', () => {
    const carried = reduce(initialTradesUiState, openSwapsCarried());
    expect(carried.openSwapsCarried).toBe(true);
    expect(reduce(carried, openSwapsCarriedShown()).openSwapsCarried).toBe(false);
    expect(reduce(carried, songswapAreaLeft()).openSwapsCarried).toBe(false);
  });

  it('keeps the filters, the completed toggle and the saved selection', () => {
    let state = reduce(initialTradesUiState, tradeFiltersChanged({ traders: [BLAKE] }));
    state = reduce(state, tradeFiltersChanged({ performance: 'withStreams' }));
    expect(state.filters).toEqual({ tracks: [], traders: [BLAKE], performance: 'withStreams' });
    expect(reduce(state, tradeFiltersCleared()).filters).toEqual(initialTradesUiState.filters);
    expect(reduce(state, showCompletedTradesChanged(true)).showCompletedTrades).toBe(true);
    expect(reduce(state, tradeSelected('t-1')).selectedTradeId).toBe('t-1');
  });

  it('leaving the area forgets the saved selection and the filters', () => {
    let state = reduce(initialTradesUiState, tradeFiltersChanged({ traders: [BLAKE] }));
    state = reduce(reduce(state, showCompletedTradesChanged(true)), tradeSelected('t-1'));
    expect(reduce(state, songswapAreaLeft())).toEqual({
      ...initialTradesUiState,
      showCompletedTrades: true,
    });
  });

  it('a deleted swap is no longer the saved selection, whoever deleted it', () => {
    const state = reduce(initialTradesUiState, tradeSelected('t-1'));
    expect(reduce(state, tradeDeletedByUser('t-2')).selectedTradeId).toBe('t-1');
    expect(reduce(state, tradeDeletedByUser('t-1')).selectedTradeId).toBeNull();
    const pushed = onlytomeReceived({
      type: 'DeleteTrade',
      request: { tradeId: 't-1' },
      response: { success: true, tradeId: 't-1', reason: null },
    });
    expect(reduce(state, pushed).selectedTradeId).toBeNull();
  });

  it('knows the song-swap area', () => {
    expect(isInSongswapArea('/songswap')).toBe(true);
    expect(isInSongswapArea('/songswap/t-1')).toBe(true);
    expect(isInSongswapArea('/songswaps')).toBe(false);
    expect(isInSongswapArea('/catalog')).toBe(false);
  });
});
