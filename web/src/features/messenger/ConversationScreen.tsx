import { Link } from 'react-router';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { buttonClassName } from '../../shared/ui/Button';
import { EmptyState } from '../../shared/ui/EmptyState';
import { MessengerIcon } from '../../shared/ui/icons';
import { PageHeader } from '../../shared/ui/PageHeader';

/** /messenger/:conversation */
export function ConversationScreen() {
  useDocumentTitle('Messenger');
  return (
    <>
      <PageHeader title="Messenger" />
      <EmptyState
        icon={<MessengerIcon className="size-6" />}
        title="This conversation is not among yours"
        action={
          <Link to="/messenger" className={buttonClassName({ variant: 'secondary' })}>
            Back to Messenger
          </Link>
        }
      >
        Only the two curators in a conversation can open it. You have no conversations yet.
      </EmptyState>
    </>
  );
}
