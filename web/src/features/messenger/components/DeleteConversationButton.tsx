import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toDisplayError } from '../../../shared/api/displayError';
import { Button } from '../../../shared/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { TrashIcon } from '../../../shared/ui/icons';
import { useDeleteConversationMutation } from '../messengerApi';

/**
 * Deletes the conversation for the user (it and its messages go), after
 * asking. The other curator keeps their copy (docs/decisions.md, "Deleting a conversation is per side"); then the messenger shows
 * the remaining conversations.
 */
export function DeleteConversationButton({
  conversationId,
  partnerName,
}: {
  conversationId: string;
  partnerName: string;
}) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [deleteConversation, deleting] = useDeleteConversationMutation();

  const onConfirm = async () => {
    const result = await deleteConversation({ conversationId });
    if (!('error' in result)) void navigate('/messenger', { replace: true });
  };

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="shrink-0"
        title="Delete conversation"
        onClick={() => setConfirming(true)}
      >
        <TrashIcon className="size-4" />
        <span className="sr-only sm:not-sr-only">Delete conversation</span>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this conversation?"
        confirmLabel="Delete conversation"
        busyLabel="Deleting…"
        busy={deleting.isLoading}
        error={toDisplayError(deleting.error)}
        onConfirm={() => void onConfirm()}
      >
        Your messages with {partnerName} go from your Messenger. {partnerName} keeps their copy; if
        they write to you again, the conversation comes back with only the new messages.
      </ConfirmDialog>
    </>
  );
}
