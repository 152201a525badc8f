import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { toDisplayError } from '../../shared/api/displayError';
import { PRODUCT_NAME } from '../../shared/lib/product';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { useAppSelector } from '../../shared/state/hooks';
import { Alert } from '../../shared/ui/Alert';
import { Button, buttonClassName } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { LoadingState } from '../../shared/ui/LoadingState';
import { selectUser } from '../auth';
import {
  CuratorAvatar,
  useAcceptInvitationMutation,
  useInvitationQuery,
  type NetworkArrivalState,
} from '../network';
import { rememberPendingInvitation, takePendingInvitation } from './pendingInvitation';

/** What the shell hands over when it brings a curator back here after signing up or in. */
export interface InvitationReturnState {
  acceptInvitation: true;
}

const returnedToAccept = (state: unknown) =>
  typeof state === 'object' && state !== null && 'acceptInvitation' in state;

/**
 * onboarding/invite/:invitation: who invited you, then sign up or sign in (coming back here),
 * then accept: the two of you become friends and you land in My Network. Coming back from
 * sign-up or sign-in accepts by itself; a curator who was signed in already clicks Accept.
 */
export function InvitationScreen() {
  useDocumentTitle('Invitation');
  const { invitation = '' } = useParams();
  const user = useAppSelector(selectUser);
  const info = useInvitationQuery({ invitation });
  const [accept, accepting] = useAcceptInvitationMutation();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `/onboarding/invite/${encodeURIComponent(invitation)}`;
  const loadError = toDisplayError(info.error);
  const acceptError = toDisplayError(accepting.error);
  const acceptAndGo = async () => {
    const result = await accept({ invitation });
    if ('data' in result && result.data) {
      const state: NetworkArrivalState = { newFriend: result.data.friend.name };
      void navigate('/network', { replace: true, state });
    }
  };
  // Back here signed in, from the invitation's own sign-up or sign-in: accept once.
  const autoAccepted = useRef(false);
  useEffect(() => {
    if (!user || autoAccepted.current) return;
    const pending = takePendingInvitation();
    if (pending === here || returnedToAccept(location.state)) {
      autoAccepted.current = true;
      void acceptAndGo();
    }
    // Runs when the user signs in, not on every render of the path.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user]);

  let body;
  if (info.isLoading) {
    body = <LoadingState label="Opening the invitation…" className="py-10" />;
  } else if (loadError || !info.data) {
    body = (
      <>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
          This invitation cannot be used
        </h1>
        <Alert tone="error" className="mt-4">
          {loadError?.status === 404
            ? 'The link is unknown, already used or expired. Ask for a new one.'
            : (loadError?.message ?? 'The invitation could not be opened.')}
        </Alert>
        <Link
          to={user ? '/network' : '/signin'}
          className={`mt-6 ${buttonClassName({ variant: 'secondary', fullWidth: true })}`}
        >
          {user ? 'Go to My Network' : 'Sign in'}
        </Link>
      </>
    );
  } else {
    const { inviter } = info.data;
    body = (
      <>
        <div className="flex items-center gap-4">
          <CuratorAvatar curator={inviter} className="size-14 text-lg" />
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
            {inviter.name} invited you to {PRODUCT_NAME}
          </h1>
        </div>
        <p className="mt-4 text-sm text-slate-600">
          Accept to become friends: you will see each other in My Network, can message each other
          and swap songs between your playlists.
        </p>
        {user ? (
          <>
            {acceptError && (
              <Alert tone="error" className="mt-4">
                {acceptError.status === 404
                  ? 'The link is unknown, already used or expired. Ask for a new one.'
                  : acceptError.message}
              </Alert>
            )}
            <Button
              className="mt-6"
              fullWidth
              busy={accepting.isLoading}
              busyLabel="Accepting…"
              onClick={() => void acceptAndGo()}
            >
              Accept the invitation
            </Button>
            <p className="mt-3 text-center text-xs text-slate-500">Signed in as {user.name}.</p>
          </>
        ) : (
          <>
            <p className="mt-3 text-sm text-slate-600">
              Create your account, or sign in if you have one; you come back here to accept.
            </p>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              <Link
                to="/signup"
                onClick={() => rememberPendingInvitation(here)}
                className={buttonClassName({ fullWidth: true })}
              >
                Sign up
              </Link>
              <Link
                to={`/signin?redirect=${encodeURIComponent(here)}`}
                onClick={() => rememberPendingInvitation(here)}
                className={buttonClassName({ variant: 'secondary', fullWidth: true })}
              >
                Sign in
              </Link>
            </div>
          </>
        )}
      </>
    );
  }
  return <Card className="w-full max-w-md p-6 sm:p-8">{body}</Card>;
}
