import { useSelector } from 'react-redux';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { PageHeader } from '../../shared/ui/PageHeader';
import { selectUser } from '../auth/authSlice';
import { SpotifyAccountsList } from './SpotifyAccountsList';

/** /spotify: the user's streaming accounts. */
export function SpotifyScreen() {
  useDocumentTitle('Spotify accounts');
  const user = useSelector(selectUser);
  return (
    <>
      <PageHeader
        title="Spotify accounts"
        description="The Spotify accounts whose playlists you manage. Your plan sets how many you can link."
      />
      <SpotifyAccountsList accounts={user?.accounts ?? []} />
    </>
  );
}
