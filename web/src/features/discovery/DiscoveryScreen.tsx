import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { EmptyState } from '../../shared/ui/EmptyState';
import { DiscoveryIcon } from '../../shared/ui/icons';
import { PageHeader } from '../../shared/ui/PageHeader';

/** /discovery */
export function DiscoveryScreen() {
  useDocumentTitle('Discovery');
  return (
    <>
      <PageHeader
        title="Discovery"
        description="Curators you are not connected with yet, who share at least one visible playlist."
      />
      <EmptyState icon={<DiscoveryIcon className="size-6" />} title="No curators to discover yet">
        Curators appear here once they connect a Spotify account and make a playlist visible. From
        here you can open their profile, send a friend request and answer the requests you receive.
      </EmptyState>
    </>
  );
}
