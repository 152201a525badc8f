import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../shared/lib/product';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { useAppSelector } from '../../shared/state/hooks';
import { Alert } from '../../shared/ui/Alert';
import { PageHeader } from '../../shared/ui/PageHeader';
import { selectUser } from '../auth';
import { SpotifyAccountsPanel } from './SpotifyAccountsList';

/** /spotify: link, re-authorise and unlink Spotify accounts. */
export function SpotifyScreen() {
  useDocumentTitle('Spotify accounts');
  const user = useAppSelector(selectUser);
  const accounts = user?.accounts ?? [];
  const allNeedRegrant = accounts.length > 0 && accounts.every((account) => account.regrant);
  return (
    <>
      <PageHeader
        title="Spotify accounts"
        description="The Spotify accounts whose playlists you manage. Your plan sets how many you can link."
        actions={
          accounts.length > 0 && (
            <Link to="/playlists" className="text-sm font-medium text-brand-700 hover:underline">
              Go to Playlists
            </Link>
          )
        }
      />
      {allNeedRegrant && (
        <Alert tone="error" className="mb-6" title="Spotify needs your permission again">
          {accounts.length === 1
            ? `Your Spotify account must be authorised again before ${PRODUCT_NAME} can read or change its playlists.`
            : `Each of your Spotify accounts must be authorised again before ${PRODUCT_NAME} can read or change their playlists.`}{' '}
          Choose Re-authorise below; you come straight back here.
        </Alert>
      )}
      <SpotifyAccountsPanel accounts={accounts} />
    </>
  );
}
