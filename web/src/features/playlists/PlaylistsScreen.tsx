import { Link } from 'react-router';
import { toDisplayError } from '../../shared/api/displayError';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { selectFeatureFlag } from '../../shared/state/appSlice';
import { useAppSelector } from '../../shared/state/hooks';
import { ApiErrorAlert } from '../../shared/ui/ApiErrorAlert';
import { Button } from '../../shared/ui/Button';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PlaylistIcon } from '../../shared/ui/icons';
import { LoadingState } from '../../shared/ui/LoadingState';
import { PageHeader } from '../../shared/ui/PageHeader';
import { selectUser, usePlanLimits } from '../auth';
import { startSpotifyAuthorization } from '../spotify';
import { AccountPlaylists } from './AccountPlaylists';
import { manageBenefits } from './manageBenefits';
import { PlanLimitsSummary } from './PlanLimitsSummary';
import { managedPlaylistsReads } from './playlistReads';
import { playlistsApi, useManagedPlaylistsQuery, usePlaylistsInfoQuery } from './playlistsApi';
import type { ScreenReads } from '../../shared/api/screenReads';

/** /playlists: every linked account's playlists, live from Spotify, and which are managed. */
export function PlaylistsScreen() {
  useDocumentTitle('Playlists');
  const user = useAppSelector(selectUser);
  const accounts = user?.accounts ?? [];
  const noAccounts = accounts.length === 0;
  const { label: planLabel, limits: planLimits } = usePlanLimits();
  const removalDates = useAppSelector(selectFeatureFlag('trackRemovaleDate'));
  const benefits = manageBenefits({ locks: planLimits.locksPerPlaylist > 0, removalDates });
  const info = usePlaylistsInfoQuery(undefined, { skip: noAccounts });
  const managed = useManagedPlaylistsQuery(undefined, { skip: noAccounts });
  const infoError = toDisplayError(info.error);
  const playlistsInfo = info.data?.playlistsInfo;
  // The accounts' lists wait for the limits above them too, so they never move down.
  const ready = playlistsInfo && (managed.data || managed.isError);

  return (
    <>
      <PageHeader
        title="Playlists"
        description={`Your Spotify playlists, read live from Spotify. Manage a playlist to ${benefits}.`}
        actions={
          !noAccounts && (
            <Link to="/spotify" className="text-sm font-medium text-brand-700 hover:underline">
              Spotify accounts
            </Link>
          )
        }
      />
      {noAccounts ? (
        <EmptyState
          icon={<PlaylistIcon className="size-6" />}
          title="Connect a Spotify account to manage your playlists"
          action={
            <Button onClick={() => startSpotifyAuthorization()}>Connect Spotify Account</Button>
          }
        >
          Once a Spotify account is connected, its playlists are listed here: manage one to{' '}
          {benefits}.
        </EmptyState>
      ) : (
        <>
          {managed.data && <PlanLimitsSummary limits={managed.data.limits} planLabel={planLabel} />}
          {infoError && (
            <ApiErrorAlert
              error={infoError}
              title="Your managed playlists could not be loaded"
              onRetry={() => void info.refetch()}
            />
          )}
          {!infoError && !ready && <LoadingState label="Loading your playlists…" />}
          {ready &&
            accounts.map((account) => (
              <AccountPlaylists
                key={account.id}
                account={account}
                accounts={accounts}
                playlistsInfo={playlistsInfo}
              />
            ))}
        </>
      )}
    </>
  );
}

/** The managed playlists' settings and the plan's limits, then each readable account's playlists. */
export const screenReads: ScreenReads = (store) => {
  const user = selectUser(store.getState());
  if (!user || user.accounts.length === 0) return;
  managedPlaylistsReads(store);
  for (const account of user.accounts.filter(({ regrant }) => !regrant)) {
    void store.dispatch(
      playlistsApi.endpoints.accountPlaylists.initiate(
        { accountId: account.id },
        { subscribe: false },
      ),
    );
  }
};
