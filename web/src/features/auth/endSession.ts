import type { Dispatch } from '@reduxjs/toolkit';
import { api } from '../../shared/api/baseApi';
import { accountRemoved, sessionExpired, signedOut } from './authSlice';

export type SessionEndReason = 'signedOut' | 'accountRemoved' | 'expired';

/**
 * Forgets everything about the previous user: the RTK Query cache, then every slice (the
 * root reducer resets all state but the feature flags on these actions).
 */
export function endSession(dispatch: Dispatch, reason: SessionEndReason): void {
  dispatch(api.util.resetApiState());
  if (reason === 'signedOut') dispatch(signedOut());
  else if (reason === 'accountRemoved') dispatch(accountRemoved());
  else dispatch(sessionExpired());
}
