import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { EmptyState } from '../../shared/ui/EmptyState';
import { MessengerIcon } from '../../shared/ui/icons';
import { PageHeader } from '../../shared/ui/PageHeader';

/** /messenger */
export function MessengerScreen() {
  useDocumentTitle('Messenger');
  return (
    <>
      <PageHeader
        title="Messenger"
        description="Conversations with other curators, with who is online right now."
      />
      <EmptyState icon={<MessengerIcon className="size-6" />} title="No conversations yet">
        Conversations you start from a curator’s profile, and messages other curators send you,
        appear here. Unread conversations are counted next to Messenger in the sidebar.
      </EmptyState>
    </>
  );
}
