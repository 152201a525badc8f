import { HealthLabel } from '../../shared/ui/HealthLabel';
import { memo } from 'react';
import { Link } from 'react-router';
import type { StreamingAccount } from '../../../../common/api/user.js';
import { toDisplayError } from '../../shared/api/displayError';
import { Alert } from '../../shared/ui/Alert';
import { ApiErrorAlert } from '../../shared/ui/ApiErrorAlert';
import { Button } from '../../shared/ui/Button';
import { LoadingState } from '../../shared/ui/LoadingState';
import { accountLabel } from '../../shared/lib/accountLabel';
import { SpotifyAccountAvatar, startSpotifyAuthorization } from '../spotify';
import { ManageControls } from './ManageControls';
import { Artwork, Followers, KindBadge, tracksLabel } from './PlaylistBits';
import { LIVE_READ_FRESH_FOR_S, useAccountPlaylistsQuery } from './playlistsApi';
import type { ManagedPlaylist, PlaylistsInfo, StreamingPlaylist } from './playlistTypes';

export function playlistPath(accountId: string, playlistId: string): string {
  return `/playlists/${encodeURIComponent(accountId)}/${encodeURIComponent(playlistId)}`;
}

/** One linked account's playlists, read live from Spotify, with their Manage switches. */
export function AccountPlaylists({
  account,
  accounts,
  playlistsInfo,
}: {
  account: StreamingAccount;
  accounts: readonly StreamingAccount[];
  playlistsInfo: PlaylistsInfo;
}) {
  const headingId = `account-${account.id}-heading`;
  return (
    <section aria-labelledby={headingId} className="mb-10">
      <div className="mb-3 flex items-center gap-3">
        <SpotifyAccountAvatar account={account} className="size-8" />
        <div className="min-w-0">
          <h2 id={headingId} className="truncate text-base font-semibold text-slate-900">
            {accountLabel(account)}
          </h2>
          <p className="truncate text-xs text-slate-500">
            Spotify user id: <span className="font-mono">{account.spotifyUserId}</span>
          </p>
        </div>
      </div>
      {account.regrant ? (
        <Alert tone="error" title="This account needs to be authorised again">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p>Spotify no longer lets us read its playlists until you re-authorise it.</p>
            <Button size="sm" onClick={() => startSpotifyAuthorization()}>
              Re-authorise
            </Button>
          </div>
        </Alert>
      ) : (
        <LivePlaylists account={account} accounts={accounts} playlistsInfo={playlistsInfo} />
      )}
    </section>
  );
}

function LivePlaylists({
  account,
  accounts,
  playlistsInfo,
}: {
  account: StreamingAccount;
  accounts: readonly StreamingAccount[];
  playlistsInfo: PlaylistsInfo;
}) {
  const { data, error, isLoading, isFetching, refetch } = useAccountPlaylistsQuery(
    { accountId: account.id },
    { refetchOnMountOrArgChange: LIVE_READ_FRESH_FOR_S },
  );
  const displayError = toDisplayError(error);

  if (isLoading) {
    return <LoadingState label={`Loading the playlists of ${accountLabel(account)}…`} />;
  }
  if (displayError) {
    return (
      <ApiErrorAlert
        error={displayError}
        title="The playlists could not be read from Spotify"
        onRetry={() => void refetch()}
      />
    );
  }
  const playlists = data?.playlists ?? [];
  if (playlists.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white px-5 py-8 text-center text-sm text-slate-600">
        This account has no playlists on Spotify yet.
      </p>
    );
  }
  const someUnknownFollowers = playlists.some((playlist) => playlist.info.followers === null);
  const labelOf = (accountId: string) => {
    const owner = accounts.find((candidate) => candidate.id === accountId);
    return owner ? accountLabel(owner) : 'another account';
  };

  return (
    <>
      <ul
        aria-busy={isFetching || undefined}
        className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm"
      >
        {playlists.map((playlist) => {
          const managed = playlistsInfo[playlist.spotifyId];
          return (
            <PlaylistRow
              key={playlist.spotifyId}
              accountId={account.id}
              playlist={playlist}
              managed={managed}
              managedThrough={
                managed && managed.accountId !== account.id ? labelOf(managed.accountId) : null
              }
            />
          );
        })}
      </ul>
      {someUnknownFollowers && (
        <p className="mt-2 text-xs text-slate-500">
          — : Spotify lists playlists without follower counts (unknown, not zero). Managed playlists
          show the count from their daily snapshot.
        </p>
      )}
    </>
  );
}

const PlaylistRow = memo(function PlaylistRow({
  accountId,
  playlist,
  managed,
  managedThrough,
}: {
  accountId: string;
  playlist: StreamingPlaylist;
  managed: ManagedPlaylist | undefined;
  managedThrough: string | null;
}) {
  const { info } = playlist;
  const to = playlistPath(accountId, playlist.spotifyId);
  return (
    <li className="flex flex-col gap-4 px-4 py-4 sm:flex-row sm:items-center sm:px-5">
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <Link to={to} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <Artwork src={info.imageUrl} className="size-14" />
        </Link>
        <div className="min-w-0">
          <Link
            to={to}
            className="block truncate font-semibold text-slate-900 hover:text-brand-700 hover:underline"
          >
            {info.name}
          </Link>
          <p className="truncate text-sm text-slate-600">by {info.ownerName ?? info.ownerId}</p>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
            <span>
              <Followers count={info.followers} /> followers
            </span>
            <span>{tracksLabel(info.tracksTotal)}</span>
            <KindBadge info={info} />
          </p>
          {managed?.health && (
            <HealthLabel health={managed.health} playlistName={info.name} className="mt-1.5" />
          )}
        </div>
      </div>
      <ManageControls
        accountId={accountId}
        playlist={playlist}
        managed={managed}
        managedThrough={managedThrough}
        className="sm:w-72 sm:shrink-0"
      />
    </li>
  );
});
