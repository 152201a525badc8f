import { formatDistanceToNowStrict } from 'date-fns';
import { useState } from 'react';
import { NETWORK_PAGE_MAX } from '../../../../../common/api/users/limits.js';
import type { Invitation } from '../../../../../common/api/users/schemas.js';
import { toDisplayError } from '../../../shared/api/displayError';
import { formatDisplayDateTime } from '../../../shared/lib/formatDisplayDate';
import { Button } from '../../../shared/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { useInvitationsInfiniteQuery, useRevokeInvitationMutation } from '../networkApi';
import { ListRowText, PagedListSection } from './PagedListSection';

export const INVITATIONS_ARG = { limit: NETWORK_PAGE_MAX };

const describe = (invitation: Invitation) => invitation.email ?? 'Link shared by you';

/** The caller's open invitations (newest first), each with Revoke; the link itself was shown once. */
export function InvitationsPanel() {
  const invitations = useInvitationsInfiniteQuery(INVITATIONS_ARG);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  return (
    <>
      <PagedListSection
        id="open-invitations"
        title="Open invitations"
        intro={
          <p className="mt-1 text-sm text-slate-600">
            Each link works once. Whoever accepts it becomes your friend. A link is shown only when
            you create it; revoke one you no longer want used.
          </p>
        }
        query={invitations}
        items={invitations.data?.pages.flatMap((page) => page.invitations) ?? []}
        itemKey={(invitation) => invitation.id}
        loadingLabel="Loading invitations…"
        errorTitle="The invitations could not be loaded"
        empty={
          <EmptyState className="mt-4" title="No open invitations">
            Use “Invite a curator” above: whoever signs up or signs in from your link lands as your
            friend.
          </EmptyState>
        }
        moreLabel="Show more invitations"
        renderItem={(invitation) => (
          <>
            <ListRowText
              title={<p className="truncate font-medium text-slate-900">{describe(invitation)}</p>}
              detail={
                <>
                  Created{' '}
                  {formatDistanceToNowStrict(new Date(invitation.createdAt), { addSuffix: true })},
                  valid until {formatDisplayDateTime(invitation.expiresAt)}
                </>
              }
            />
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Revoke the invitation for ${describe(invitation)}`}
              onClick={() => setRevoking(invitation)}
            >
              Revoke
            </Button>
          </>
        )}
      />
      {revoking && <RevokeDialog invitation={revoking} onClose={() => setRevoking(null)} />}
    </>
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
