import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  OnlyToMe,
  OnlyToMeType,
  PresenceMessage,
} from '../../../../common/realtime/events.js';

/**
 * The realtime connection's state (spec section 4, Realtime connection): whether the socket is
 * connected, and whether this session's presence has been announced on it. A disconnect
 * resets both, so the next connection announces presence again.
 */
export interface RealtimeState {
  connected: boolean;
  presenceAnnounced: boolean;
}

export const initialRealtimeState: RealtimeState = { connected: false, presenceAnnounced: false };

/**
 * What the server pushes, as Redux actions (see connectRealtime.ts). Features react to them in
 * their slices' extraReducers (state) and in listener middleware (calls that follow).
 */

/** onlytome {type, request, response}: match one type with `onlytomeOf`. */
export const onlytomeReceived = createAction<OnlyToMe>('realtime/onlytome');
/** user:presence {id, present}: someone who shares a conversation came or went. */
export const userPresenceReceived = createAction<PresenceMessage>('realtime/userPresence');
/** The socket connected again after losing its connection: fetch what was missed. */
export const realtimeReconnected = createAction('realtime/reconnected');

/** An onlytome action whose payload is of one type, with its request and response typed. */
export type OnlyToMeAction<Type extends OnlyToMeType, Request, Response> = PayloadAction<
  OnlyToMe<Request, Response> & { type: Type }
>;

/**
 * A matcher for onlytome payloads of one type, for `builder.addMatcher` in a slice and for
 * `startListening({ matcher })`. The request and response types are the caller's to state:
 * the server's contract for that type.
 *
 *   builder.addMatcher(onlytomeOf<OpenTradeRequest, OpenTradeResponse>('OpenTrade'), ...)
 */
export function onlytomeOf<
  Request = unknown,
  Response = unknown,
  Type extends OnlyToMeType = OnlyToMeType,
>(type: Type) {
  return (action: unknown): action is OnlyToMeAction<Type, Request, Response> =>
    onlytomeReceived.match(action) && action.payload.type === type;
}

export const realtimeSlice = createSlice({
  name: 'realtime',
  initialState: initialRealtimeState,
  reducers: {
    realtimeConnected(state) {
      state.connected = true;
    },
    /** Any disconnect: the presence of the next connection is announced again. */
    realtimeDisconnected(state) {
      state.connected = false;
      state.presenceAnnounced = false;
    },
    presenceAnnounced(state) {
      state.presenceAnnounced = true;
    },
  },
  selectors: {
    selectRealtimeConnected: (state) => state.connected,
    selectPresenceAnnounced: (state) => state.presenceAnnounced,
  },
});

export const { realtimeConnected, realtimeDisconnected, presenceAnnounced } = realtimeSlice.actions;
export const { selectRealtimeConnected, selectPresenceAnnounced } = realtimeSlice.selectors;
