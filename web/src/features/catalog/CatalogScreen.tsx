import { Link } from 'react-router';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { buttonClassName } from '../../shared/ui/Button';
import { EmptyState } from '../../shared/ui/EmptyState';
import { CatalogIcon } from '../../shared/ui/icons';
import { PageHeader } from '../../shared/ui/PageHeader';

/** /catalog */
export function CatalogScreen() {
  useDocumentTitle('Song Catalog');
  return (
    <>
      <PageHeader
        title="Song Catalog"
        description="The songs you own or represent, your favourites and upcoming releases, newest release first."
      />
      <EmptyState
        icon={<CatalogIcon className="size-6" />}
        title="Your catalogue is empty"
        action={
          <Link to="/spotify" className={buttonClassName()}>
            Connect Spotify
          </Link>
        }
      >
        Songs you add here can be offered in song swaps, and each shows whether it is available,
        pending, upcoming or no longer available. Adding songs needs a connected Spotify account.
      </EmptyState>
    </>
  );
}
