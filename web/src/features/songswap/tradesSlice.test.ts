import { describe, expect, it } from 'vitest';
import { onlytomeReceived } from '../../shared/realtime/realtimeSlice';
import { buildTrade } from './tradeFixtures';
import {
  initialTradesState,
  tradeSelected,
  tradeSelectionCleared,
  tradesReducer as reduce,
} from './tradesSlice';

/*
 * This file loads tradesSlice.ts alone, as the first chunk does: the transitions of
 * tradeTransitions.ts (tested in tradeTransitions.test.ts) are not plugged in yet.
 */
describe('the trades reducer of the first chunk', () => {
  it('starts as spec section 3 says and keeps the saved selection', () => {
    const state = reduce(undefined, { type: 'init' });
    expect(state).toEqual(initialTradesState);
    expect(reduce(state, tradeSelected('t-1')).selectedTradeId).toBe('t-1');
    expect(
      reduce(reduce(state, tradeSelected('t-1')), tradeSelectionCleared()).selectedTradeId,
    ).toBeNull();
  });

  it('leaves the buckets alone until the song-swap screens bring the transitions', () => {
    const push = onlytomeReceived({
      type: 'OpenTrade',
      request: {},
      response: { trade: buildTrade() },
    });
    expect(reduce(initialTradesState, push)).toBe(initialTradesState);
    expect(reduce(initialTradesState, { type: 'trades/tradeOpened', payload: buildTrade() })).toBe(
      initialTradesState,
    );
  });
});
