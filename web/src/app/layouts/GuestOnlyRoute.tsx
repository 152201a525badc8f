import { Navigate, Outlet, useLocation } from 'react-router';
import { selectAuth } from '../../features/auth/authSlice';
import { guestOnlyRouteDecision } from '../../features/auth/guardRules';
import { useAppSelector } from '../../shared/state/hooks';

/**
 * /signin and /signup: a signed-in user goes on to '/' (or the safe redirect target); this is
 * also how a successful sign-in leaves the form.
 */
export function GuestOnlyRoute() {
  const auth = useAppSelector(selectAuth);
  const decision = guestOnlyRouteDecision(auth, useLocation());
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
