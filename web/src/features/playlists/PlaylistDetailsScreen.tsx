import { Link } from 'react-router';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { buttonClassName } from '../../shared/ui/Button';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PlaylistIcon } from '../../shared/ui/icons';
import { PageHeader } from '../../shared/ui/PageHeader';

/** /playlists/:accountId/:playlistId */
export function PlaylistDetailsScreen() {
  useDocumentTitle('Playlist');
  return (
    <>
      <PageHeader title="Playlist" />
      <EmptyState
        icon={<PlaylistIcon className="size-6" />}
        title="This playlist is not among your managed playlists"
        action={
          <Link to="/playlists" className={buttonClassName({ variant: 'secondary' })}>
            Back to Playlists
          </Link>
        }
      >
        A managed playlist shows its tracks, duplicates, locks, removal dates and follower history
        here. Connect a Spotify account and choose playlists to manage first.
      </EmptyState>
    </>
  );
}
