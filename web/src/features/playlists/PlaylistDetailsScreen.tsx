import { HealthLabel } from '../../shared/ui/HealthLabel';
import { useDeferredValue, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { toDisplayError } from '../../shared/api/displayError';
import { lazyNearViewport } from '../../shared/lib/lazyNearViewport';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { selectFeatureFlag } from '../../shared/state/appSlice';
import { useAppSelector } from '../../shared/state/hooks';
import { ApiErrorAlert } from '../../shared/ui/ApiErrorAlert';
import { buttonClassName } from '../../shared/ui/Button';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PlaylistIcon } from '../../shared/ui/icons';
import { LoadingState } from '../../shared/ui/LoadingState';
import { selectUser, usePlanLimits } from '../auth';
import { accountLabel } from '../../shared/lib/accountLabel';
import { LockEnforcementStatus } from './details/LockEnforcementStatus';
import { PlaylistHeader } from './details/PlaylistHeader';
import { locksShown } from './details/LockSummary';
import { ManageControls } from './ManageControls';
import { PlaylistGenres } from './details/PlaylistGenres';
import { manageBenefits } from './manageBenefits';
import { managedPlaylistsReads } from './playlistReads';
import type { ScreenReads } from '../../shared/api/screenReads';
import {
  playlistsApi,
  LIVE_READ_FRESH_FOR_S,
  useManagedPlaylistsQuery,
  usePlaylistQuery,
  usePlaylistsInfoQuery,
} from './playlistsApi';

// Below the header: the tabs, the search, the tracks and the removal history load their code
// as they come into view (lazyNearViewport).
const ManagedTabs = lazyNearViewport(() => import('./details/ManagedTabs'), 'ManagedTabs');
const AddTrackSearch = lazyNearViewport(() => import('./details/AddTrackSearch'), 'AddTrackSearch');
const TrackTable = lazyNearViewport(() => import('./details/TrackTable'), 'TrackTable');
const RemovalHistory = lazyNearViewport(() => import('./details/RemovalHistory'), 'RemovalHistory');

function BackToPlaylists() {
  return (
    <Link
      to="/playlists"
      className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
    >
      <span aria-hidden="true">←</span> Playlists
    </Link>
  );
}

/** /playlists/:accountId/:playlistId: one playlist, live from Spotify, and its management. */
export function PlaylistDetailsScreen() {
  const { accountId = '', playlistId = '' } = useParams();
  const user = useAppSelector(selectUser);
  const removalDatesEnabled = useAppSelector(selectFeatureFlag('trackRemovaleDate'));
  const { label: planLabel, limits: planLimits } = usePlanLimits();
  const account = user?.accounts.find((candidate) => candidate.id === accountId);
  const skip = !account || account.regrant;
  const playlistQuery = usePlaylistQuery(
    { accountId, playlistId },
    { skip, refetchOnMountOrArgChange: LIVE_READ_FRESH_FOR_S },
  );
  const info = usePlaylistsInfoQuery(undefined, { skip });
  const limits = useManagedPlaylistsQuery(undefined, { skip }).data?.limits;
  // The playlist is rendered in the background when it arrives: RTK Query's answer would
  // render the whole screen (header, insights, 300 rows) in one task, which React can cut into
  // slices only in a deferred render (docs/decisions.md, "Heavy answers render deferred").
  const data = useDeferredValue(playlistQuery.data);
  useDocumentTitle(data?.playlist.info.name ?? 'Playlist');
  const trackIds = useMemo(
    () => new Set((data?.items ?? []).flatMap((item) => (item.track ? [item.track.id] : []))),
    [data?.items],
  );

  if (!account) {
    return (
      <>
        <BackToPlaylists />
        <EmptyState
          icon={<PlaylistIcon className="size-6" />}
          title="This playlist’s Spotify account is not linked"
          action={
            <Link to="/spotify" className={buttonClassName({ variant: 'secondary' })}>
              Spotify accounts
            </Link>
          }
        >
          The account may have been unlinked. Link it again to open its playlists.
        </EmptyState>
      </>
    );
  }
  if (account.regrant) {
    return (
      <>
        <BackToPlaylists />
        <EmptyState
          icon={<PlaylistIcon className="size-6" />}
          title={`${accountLabel(account)} needs to be authorised again`}
          action={
            <Link to="/spotify" className={buttonClassName()}>
              Re-authorise on Spotify accounts
            </Link>
          }
        >
          Spotify no longer lets us read this account’s playlists until you re-authorise it.
        </EmptyState>
      </>
    );
  }

  const playlistError = toDisplayError(playlistQuery.error);
  if (playlistError && !data) {
    return (
      <>
        <BackToPlaylists />
        {playlistError.code === 'NOT_FOUND' ? (
          <EmptyState
            icon={<PlaylistIcon className="size-6" />}
            title="This playlist was not found"
            action={
              <Link to="/playlists" className={buttonClassName({ variant: 'secondary' })}>
                Back to Playlists
              </Link>
            }
          >
            It may have been deleted on Spotify, or it is not one of {accountLabel(account)}’s
            playlists.
          </EmptyState>
        ) : (
          <ApiErrorAlert
            error={playlistError}
            title="The playlist could not be read from Spotify"
            onRetry={() => void playlistQuery.refetch()}
          />
        )}
      </>
    );
  }
  if (!data) {
    return (
      <>
        <BackToPlaylists />
        <LoadingState label="Loading the playlist from Spotify…" />
      </>
    );
  }

  const { playlist } = data;
  const managed = info.data?.playlistsInfo[playlist.spotifyId];
  const managedElsewhere = managed && managed.accountId !== accountId;
  const infoError = toDisplayError(info.error);
  // The plan as the server counts it once known; until then as the client reckons it.
  const showLocks = locksShown(managed, limits?.locksPerPlaylist ?? planLimits.locksPerPlaylist);

  return (
    <>
      <BackToPlaylists />
      <PlaylistHeader
        playlist={playlist}
        controls={
          info.data ? (
            <ManageControls
              accountId={accountId}
              playlist={playlist}
              managed={managed}
              managedThrough={managedElsewhere ? 'another linked account' : null}
            />
          ) : infoError ? (
            <ApiErrorAlert error={infoError} onRetry={() => void info.refetch()} />
          ) : (
            <LoadingState label="Loading…" className="py-2" />
          )
        }
      />
      {playlistError && (
        <ApiErrorAlert
          error={playlistError}
          title="The playlist could not be read again from Spotify"
          onRetry={() => void playlistQuery.refetch()}
          className="mt-4"
        />
      )}
      {managed ? (
        <>
          {managed.health && (
            <section aria-label="Playlist health" className="mt-4 flex flex-wrap items-start gap-3">
              <h2 className="text-sm font-medium text-slate-800">Follower health</h2>
              <HealthLabel health={managed.health} playlistName={playlist.info.name} />
            </section>
          )}
          <PlaylistGenres
            playlistId={playlist.spotifyId}
            visible={managed.visible}
            tags={managed.tags ?? []}
          />
          {showLocks && <LockEnforcementStatus lastEnforcement={managed.lastEnforcement} />}
          <ManagedTabs
            fallback={<LoadingState label="Loading insights…" className="mt-8" />}
            playlistId={playlist.spotifyId}
            playlistName={playlist.info.name}
            items={data.items}
          />
        </>
      ) : (
        info.data &&
        playlist.info.editable && (
          <p className="mt-4 text-sm text-slate-600">
            Manage this playlist to{' '}
            {manageBenefits({
              locks: planLimits.locksPerPlaylist > 0,
              removalDates: removalDatesEnabled,
            })}
            .
          </p>
        )
      )}
      {playlist.info.editable && (
        <AddTrackSearch
          fallback={null}
          accountId={accountId}
          playlistId={playlist.spotifyId}
          trackCount={data.items.length}
          trackIdsInPlaylist={trackIds}
        />
      )}
      <TrackTable
        fallback={<LoadingState label="Loading the tracks…" className="mt-8" />}
        accountId={accountId}
        data={data}
        managed={managed}
        limits={limits}
        planLabel={planLabel}
        showLocks={showLocks}
        removalDatesEnabled={removalDatesEnabled}
      />
      {managed && removalDatesEnabled && (
        <RemovalHistory fallback={null} records={managed.trackRemovalDates} items={data.items} />
      )}
    </>
  );
}

/**
 * The managed playlists' settings and the plan's limits, the playlist itself, and its insights
 * once it is known to be managed.
 */
export const screenReads: ScreenReads = (store, { params }) => {
  const { accountId = '', playlistId = '' } = params;
  const account = selectUser(store.getState())?.accounts.find(({ id }) => id === accountId);
  if (!account || account.regrant) return;
  managedPlaylistsReads(store);
  const { playlist, playlistsInfo, insights } = playlistsApi.endpoints;
  void store.dispatch(playlist.initiate({ accountId, playlistId }, { subscribe: false }));
  // A managed playlist's insights too, so its tabs come whole with the page, not loading.
  void store.dispatch(playlistsInfo.initiate(undefined, { subscribe: false })).then(({ data }) => {
    if (data?.playlistsInfo[playlistId])
      void store.dispatch(insights.initiate({ playlistId }, { subscribe: false }));
  });
};
