import { combineReducers, type UnknownAction } from '@reduxjs/toolkit';
import { authSlice, endsSession } from '../features/auth/authSlice';
import { messengerUiSlice } from '../features/messenger/messengerUiSlice';
import { tradesUiSlice } from '../features/songswap/tradesUiSlice';
import { api } from '../shared/api/baseApi';
import { realtimeSlice } from '../shared/realtime/realtimeSlice';
import { appSlice, initialAppState } from '../shared/state/appSlice';

/**
 * Server data lives in the RTK Query cache (`api`); the slices hold the session, the realtime
 * connection's flags and what screens remember (UI state).
 */
const sliceReducers = combineReducers({
  [authSlice.reducerPath]: authSlice.reducer,
  [appSlice.reducerPath]: appSlice.reducer,
  [messengerUiSlice.reducerPath]: messengerUiSlice.reducer,
  [tradesUiSlice.reducerPath]: tradesUiSlice.reducer,
  [realtimeSlice.reducerPath]: realtimeSlice.reducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof sliceReducers>;

/**
 * When a session ends every slice starts over, except the feature flags (they belong to the
 * browser, not the user) and the RTK Query cache, which endSession clears with
 * resetApiState so the API middleware stays in step with it.
 */
export function rootReducer(state: RootState | undefined, action: UnknownAction): RootState {
  if (state && endsSession(action)) {
    return sliceReducers(
      {
        app: { ...initialAppState, featureFlags: state.app.featureFlags },
        [api.reducerPath]: state[api.reducerPath],
      },
      action,
    );
  }
  return sliceReducers(state, action);
}
