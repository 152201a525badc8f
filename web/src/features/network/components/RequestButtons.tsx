import type { Relation } from '../../../../../common/api/users/schemas.js';
import { toDisplayError } from '../../../shared/api/displayError';
import { Button } from '../../../shared/ui/Button';
import { FieldError } from '../../../shared/ui/TextField';
import {
  useAnswerFriendRequestMutation,
  useCancelFriendRequestMutation,
  useSendFriendRequestMutation,
} from '../networkApi';

/**
 * The friend-request buttons that fit the relation: Send friend request, Cancel request, or
 * Accept and Reject. Each names the curator for screen readers; a refusal shows under them.
 */
export function RequestButtons({
  curator,
  relation,
  size = 'sm',
}: {
  curator: { id: string; name: string };
  relation: Relation;
  size?: 'sm' | 'md';
}) {
  const [send, sending] = useSendFriendRequestMutation();
  const [cancel, cancelling] = useCancelFriendRequestMutation();
  const [answer, answering] = useAnswerFriendRequestMutation();
  const busy = sending.isLoading || cancelling.isLoading || answering.isLoading;
  const error = toDisplayError(sending.error ?? cancelling.error ?? answering.error);
  const userId = curator.id;
  const accepting = answering.isLoading && answering.originalArgs?.accept === true;
  const rejecting = answering.isLoading && answering.originalArgs?.accept === false;

  return (
    <div className="flex flex-col items-start gap-1">
      <div className="flex flex-wrap gap-2">
        {relation === 'none' && (
          <Button
            size={size}
            busy={sending.isLoading}
            disabled={busy}
            aria-label={`Send ${curator.name} a friend request`}
            onClick={() => void send({ userId })}
          >
            Send friend request
          </Button>
        )}
        {relation === 'requestSent' && (
          <Button
            size={size}
            variant="secondary"
            busy={cancelling.isLoading}
            disabled={busy}
            aria-label={`Cancel your friend request to ${curator.name}`}
            onClick={() => void cancel({ userId })}
          >
            Cancel request
          </Button>
        )}
        {relation === 'requestReceived' && (
          <>
            <Button
              size={size}
              busy={accepting}
              disabled={busy}
              aria-label={`Accept ${curator.name}’s friend request`}
              onClick={() => void answer({ userId, accept: true })}
            >
              Accept
            </Button>
            <Button
              size={size}
              variant="secondary"
              busy={rejecting}
              disabled={busy}
              aria-label={`Reject ${curator.name}’s friend request`}
              onClick={() => void answer({ userId, accept: false })}
            >
              Reject
            </Button>
          </>
        )}
      </div>
      {error && <FieldError id={`request-error-${userId}`} message={error.message} />}
    </div>
  );
}

/** The relation a potential partner's flags describe. */
export function partnerRelation(partner: {
  friendRequestSent: boolean;
  friendRequestReceived: boolean;
}): Relation {
  if (partner.friendRequestReceived) return 'requestReceived';
  if (partner.friendRequestSent) return 'requestSent';
  return 'none';
}
