import { Link } from 'react-router';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { buttonClassName } from '../../shared/ui/Button';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PlaylistIcon } from '../../shared/ui/icons';
import { PageHeader } from '../../shared/ui/PageHeader';

/** /playlists */
export function PlaylistsScreen() {
  useDocumentTitle('Playlists');
  return (
    <>
      <PageHeader
        title="Playlists"
        description="The playlists you manage, with their followers, visibility, track locks and removal dates."
      />
      <EmptyState
        icon={<PlaylistIcon className="size-6" />}
        title="Connect a Spotify account to manage your playlists"
        action={
          <Link to="/spotify" className={buttonClassName()}>
            Go to Spotify accounts
          </Link>
        }
      >
        Once a Spotify account is connected, the playlists it owns or collaborates on are listed
        here. Pick the ones to manage and you’ll see their follower history, lock tracks at their
        positions and plan when tracks leave.
      </EmptyState>
    </>
  );
}
