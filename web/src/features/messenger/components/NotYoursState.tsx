import { Link } from 'react-router';
import { buttonClassName } from '../../../shared/ui/Button';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { MessengerIcon } from '../../../shared/ui/icons';

/** /messenger/{conversation} for a conversation that is not the user's (or does not exist). */
export function NotYoursState() {
  return (
    <EmptyState
      icon={<MessengerIcon className="size-6" />}
      title="This conversation is not among yours"
      className="m-4 border-0"
      action={
        <Link to="/messenger" className={buttonClassName({ variant: 'secondary' })}>
          Back to Messenger
        </Link>
      }
    >
      Only the two curators in a conversation can open it.
    </EmptyState>
  );
}
