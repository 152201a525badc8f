// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  initialRealtimeState,
  onlytomeOf,
  onlytomeReceived,
  presenceAnnounced,
  realtimeConnected,
  realtimeDisconnected,
  realtimeSlice,
} from './realtimeSlice';

const reduce = realtimeSlice.reducer;

describe('realtime connection state', () => {
  it('starts disconnected with presence not announced', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual({
      connected: false,
      presenceAnnounced: false,
    });
  });

  it('connects, announces, and a disconnect resets both flags', () => {
    let state = reduce(initialRealtimeState, realtimeConnected());
    state = reduce(state, presenceAnnounced());
    expect(state).toEqual({ connected: true, presenceAnnounced: true });
    state = reduce(state, realtimeDisconnected());
    expect(state).toEqual({ connected: false, presenceAnnounced: false });
  });

  it('onlytomeOf matches the onlytome actions of one type only', () => {
    const action = onlytomeReceived({
      type: 'DeleteTrade',
      request: { tradeId: 't1' },
      response: { success: true, tradeId: 't1', reason: null },
    });
    expect(onlytomeOf('DeleteTrade')(action)).toBe(true);
    expect(onlytomeOf('OpenTrade')(action)).toBe(false);
    expect(onlytomeOf('DeleteTrade')(realtimeConnected())).toBe(false);
  });
});
