import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  OnlyToMe,
  OnlyToMeType,
  PresenceMessage,
} from '../../../../common/realtime/events.js';

/**
 * The realtime connection's state: whether the socket is
 * connected, and whether this session's presence has been announced on it. A disconnect
 * resets both, so the next connection announces presence again.
 */
export interface RealtimeState {
  connected: boolean;
  presenceAnnounced: boolean;
}

export const initialRealtimeState: RealtimeState = { connected: false, presenceAnnounced: false };

/**
 * What the server pushes, as Redux actions (see connectRealtime.ts). Server data follows them
 * in the RTK Query cache: a query's cache entry listens while it exists (whileCached in its
 * onCacheEntryAdded) and applies them with updateCachedData; a UI slice may match them too.
 */

/** onlytome {type, request, response}: match one type with `onlytomeOf`. */
export const onlytomeReceived = createAction<OnlyToMe>('realtime/onlytome');
/** user:presence {id, present}: someone who shares a conversation came or went. */
export const userPresenceReceived = createAction<PresenceMessage>('realtime/userPresence');
/** The socket connected again after losing its connection: fetch what was missed. */
export const realtimeReconnected = createAction('realtime/reconnected');

/** An onlytome action of one type, its request and response typed by common/realtime. */
export type OnlyToMeAction<Type extends OnlyToMeType> = PayloadAction<OnlyToMe<Type>>;

/**
 * A matcher for onlytome payloads of one type, for a cache entry's listener (whileCached), for
 * `builder.addMatcher` in a slice and for `startListening({ matcher })`; the payload's request
 * and response are typed by the type (OnlyToMePayloads in common/realtime/events.ts):
 *
 *   whileCached(lifecycle, onlytomeOf('SendMessage'), ({ payload }) => ...)
 */
export function onlytomeOf<Type extends OnlyToMeType>(type: Type) {
  return (action: unknown): action is OnlyToMeAction<Type> =>
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
