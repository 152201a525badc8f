import { Link } from 'react-router';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { buttonClassName } from '../../shared/ui/Button';
import { EmptyState } from '../../shared/ui/EmptyState';
import { LinkIcon } from '../../shared/ui/icons';
import { PageHeader } from '../../shared/ui/PageHeader';

/** /spotify/callback: where Spotify sends the browser back after approving access. */
export function SpotifyCallbackScreen() {
  useDocumentTitle('Connecting Spotify');
  return (
    <>
      <PageHeader title="Connecting Spotify" />
      <EmptyState
        icon={<LinkIcon className="size-6" />}
        title="No Spotify connection is in progress"
        action={
          <Link to="/spotify" className={buttonClassName({ variant: 'secondary' })}>
            Go to Spotify accounts
          </Link>
        }
      >
        This page finishes linking a Spotify account after you approve access on Spotify. There is
        nothing to finish right now.
      </EmptyState>
    </>
  );
}
