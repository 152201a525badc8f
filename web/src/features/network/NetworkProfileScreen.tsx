import { Link } from 'react-router';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { buttonClassName } from '../../shared/ui/Button';
import { EmptyState } from '../../shared/ui/EmptyState';
import { ProfileIcon } from '../../shared/ui/icons';
import { PageHeader } from '../../shared/ui/PageHeader';

/** /network/profile/:userId */
export function NetworkProfileScreen() {
  useDocumentTitle('Curator profile');
  return (
    <>
      <PageHeader title="Curator profile" />
      <EmptyState
        icon={<ProfileIcon className="size-6" />}
        title="This curator is not in your network"
        action={
          <Link to="/network" className={buttonClassName({ variant: 'secondary' })}>
            Back to My Network
          </Link>
        }
      >
        Profiles of your friends show their description, network, visible playlists and the songs
        they offer for swaps. Your network has no friends yet.
      </EmptyState>
    </>
  );
}
