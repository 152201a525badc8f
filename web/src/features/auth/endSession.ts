import type { Dispatch } from '@reduxjs/toolkit';
import { api } from '../../shared/api/baseApi';
import { accountRemoved, sessionExpired, signedOut } from './authSlice';
import { clearSignInNotice, leaveSignInNotice } from './signInNotice';

export type SessionEndReason = 'signedOut' | 'accountRemoved' | 'expired';

/** What the sign-in screen says after a session ended by itself (expired, or ended elsewhere). */
export const SESSION_ENDED_NOTICE = 'Your session has ended. Sign in again to continue.';

/**
 * Forgets everything about the previous user: answers the entry asked for and nobody took,
 * the RTK Query cache, then every slice (the root reducer resets all state but the feature
 * flags on these actions). A session that ended by itself leaves a notice for the sign-in
 * screen the guard sends the user to, so the screen does not appear without a word; signing
 * out on purpose leaves none.
 */
export function endSession(dispatch: Dispatch, reason: SessionEndReason): void {
  if (reason === 'expired') leaveSignInNotice(SESSION_ENDED_NOTICE, 'info');
  else if (reason === 'signedOut') clearSignInNotice();
  dispatch(api.util.resetApiState());
  if (reason === 'signedOut') dispatch(signedOut());
  else if (reason === 'accountRemoved') dispatch(accountRemoved());
  else dispatch(sessionExpired());
}
