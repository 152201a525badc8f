import { Link } from 'react-router';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { buttonClassName } from '../../shared/ui/Button';
import { EmptyState } from '../../shared/ui/EmptyState';
import { ProfileIcon } from '../../shared/ui/icons';
import { PageHeader } from '../../shared/ui/PageHeader';

/** /discovery/profile/:userId */
export function DiscoveryProfileScreen() {
  useDocumentTitle('Curator profile');
  return (
    <>
      <PageHeader title="Curator profile" />
      <EmptyState
        icon={<ProfileIcon className="size-6" />}
        title="This curator is not in Discovery"
        action={
          <Link to="/discovery" className={buttonClassName({ variant: 'secondary' })}>
            Back to Discovery
          </Link>
        }
      >
        A curator’s profile shows their description, network and visible playlists, and lets you
        send a friend request. No curators are listed in Discovery yet.
      </EmptyState>
    </>
  );
}
