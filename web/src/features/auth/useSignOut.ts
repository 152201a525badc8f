import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../shared/state/hooks';
import { useSignoutMutation } from './authApi';
import { endSession } from './endSession';
import { SIGN_IN_PATH } from './guardRules';

/** Sign Out: ends the server session, clears all client state and goes to /signin. */
export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [signout, { isLoading }] = useSignoutMutation();

  const signOut = useCallback(async () => {
    try {
      await signout().unwrap();
    } catch {
      // The user asked to leave: clear this browser even if the server could not be told.
      // A session the server still holds expires on its own idle limit.
    }
    endSession(dispatch, 'signedOut');
    await navigate(SIGN_IN_PATH, { replace: true });
  }, [dispatch, navigate, signout]);

  return { signOut, signingOut: isLoading };
}
