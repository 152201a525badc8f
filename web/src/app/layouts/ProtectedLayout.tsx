import { Navigate, useLocation } from 'react-router';
import { selectAuth } from '../../features/auth/authSlice';
import { protectedRouteDecision } from '../../features/auth/guardRules';
import { useAppSelector } from '../../shared/state/hooks';
import { SignedInShell } from './SignedInShell';

/** The guard of every signed-in route. */
export function ProtectedLayout() {
  const auth = useAppSelector(selectAuth);
  const decision = protectedRouteDecision(auth, useLocation());
  if (decision.kind === 'redirect' || !auth.user) {
    return <Navigate to={decision.kind === 'redirect' ? decision.to : '/signin'} replace />;
  }
  return <SignedInShell user={auth.user} />;
}
