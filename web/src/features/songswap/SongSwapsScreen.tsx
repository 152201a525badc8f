import { Link } from 'react-router';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { buttonClassName } from '../../shared/ui/Button';
import { EmptyState } from '../../shared/ui/EmptyState';
import { SwapIcon } from '../../shared/ui/icons';
import { PageHeader } from '../../shared/ui/PageHeader';

/** /songswap */
export function SongSwapsScreen() {
  useDocumentTitle('Song Swaps');
  return (
    <>
      <PageHeader
        title="Song Swaps"
        description="Swaps you open or receive: pending, scheduled, accepted and completed."
      />
      <EmptyState
        icon={<SwapIcon className="size-6" />}
        title="No song swaps yet"
        action={
          <Link to="/discovery" className={buttonClassName()}>
            Find curators in Discovery
          </Link>
        }
      >
        In a song swap you and another curator place each other’s songs in your playlists for an
        agreed period, and both of you see whether the tracks stayed in place. To swap, you need
        songs in your catalogue and a curator to swap with.
      </EmptyState>
    </>
  );
}
