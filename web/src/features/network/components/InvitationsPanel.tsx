import { formatDistanceToNowStrict } from 'date-fns';
import { useState } from 'react';
import { NETWORK_PAGE_MAX } from '../../../../../common/api/users/actions.js';
import type { Invitation } from '../../../../../common/api/users/schemas.js';
import { toDisplayError } from '../../../shared/api/displayError';
import { formatDisplayDateTime } from '../../../shared/lib/formatDisplayDate';
import { ApiErrorAlert } from '../../../shared/ui/ApiErrorAlert';
import { Button } from '../../../shared/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { useInvitationsInfiniteQuery, useRevokeInvitationMutation } from '../networkApi';

export const INVITATIONS_ARG = { limit: NETWORK_PAGE_MAX };

const describe = (invitation: Invitation) => invitation.email ?? 'Link shared by you';

/** The caller's open invitations (newest first), each with Revoke; the link itself was shown once. */
export function InvitationsPanel() {
  const invitations = useInvitationsInfiniteQuery(INVITATIONS_ARG);
  const list = invitations.data?.pages.flatMap((page) => page.invitations) ?? [];
  const error = toDisplayError(invitations.error);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  return (
    <section aria-labelledby="open-invitations">
      <h2 id="open-invitations" className="text-base font-semibold text-slate-900">
        Open invitations
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Each link works once. Whoever accepts it becomes your friend. A link is shown only when you
        create it; revoke one you no longer want used.
      </p>
      {invitations.isLoading && <LoadingState label="Loading invitations…" className="py-6" />}
      {error && (
        <ApiErrorAlert
          className="mt-3"
          error={error}
          title="The invitations could not be loaded"
          onRetry={() => void invitations.refetch()}
        />
      )}
      {invitations.isSuccess && list.length === 0 && (
        <EmptyState className="mt-4" title="No open invitations">
          Use “Invite a curator” above: whoever signs up or signs in from your link lands as your
          friend.
        </EmptyState>
      )}
      {list.length > 0 && (
        <ul
          aria-label="Open invitations"
          className="mt-3 divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          {list.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-3 p-4">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900">{describe(invitation)}</p>
                <p className="text-xs text-slate-500">
                  Created{' '}
                  {formatDistanceToNowStrict(new Date(invitation.createdAt), { addSuffix: true })},
                  valid until {formatDisplayDateTime(invitation.expiresAt)}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Revoke the invitation for ${describe(invitation)}`}
                onClick={() => setRevoking(invitation)}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      {invitations.hasNextPage && (
        <Button
          className="mt-3"
          variant="secondary"
          size="sm"
          busy={invitations.isFetchingNextPage}
          onClick={() => void invitations.fetchNextPage()}
        >
          Show more invitations
        </Button>
      )}
      {revoking && <RevokeDialog invitation={revoking} onClose={() => setRevoking(null)} />}
    </section>
  );
}

function RevokeDialog({ invitation, onClose }: { invitation: Invitation; onClose: () => void }) {
  const [revoke, { isLoading, error }] = useRevokeInvitationMutation();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Revoke this invitation?"
      confirmLabel="Revoke"
      busyLabel="Revoking…"
      busy={isLoading}
      error={toDisplayError(error)}
      onConfirm={() =>
        void revoke({ id: invitation.id }).then((result) => {
          if ('data' in result) onClose();
        })
      }
    >
      The link for {describe(invitation)} stops working. Nobody can accept it any more.
    </ConfirmDialog>
  );
}
