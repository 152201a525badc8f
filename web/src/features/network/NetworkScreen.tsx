import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { selectFeatureFlags } from '../../shared/state/appSlice';
import { buttonClassName } from '../../shared/ui/Button';
import { EmptyState } from '../../shared/ui/EmptyState';
import { NetworkIcon } from '../../shared/ui/icons';
import { PageHeader } from '../../shared/ui/PageHeader';

/** /network */
export function NetworkScreen() {
  useDocumentTitle('My Network');
  const { discovery } = useSelector(selectFeatureFlags);
  return (
    <>
      <PageHeader
        title="My Network"
        description="The curators you are friends with, your friend requests and your friend groups."
      />
      <EmptyState
        icon={<NetworkIcon className="size-6" />}
        title="Your network is empty"
        action={
          discovery && (
            <Link to="/discovery" className={buttonClassName()}>
              Find curators in Discovery
            </Link>
          )
        }
      >
        When another curator accepts your friend request, or you accept theirs, they appear here.
        You can then sort friends into groups and swap songs with them.
      </EmptyState>
    </>
  );
}
