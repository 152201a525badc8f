import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { toDisplayError, type DisplayError } from '../../shared/api/displayError';
import { PRODUCT_NAME } from '../../shared/lib/product';
import { ApiErrorAlert } from '../../shared/ui/ApiErrorAlert';
import { cn } from '../../shared/ui/cn';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { Switch } from '../../shared/ui/Switch';
import {
  useManagePlaylistMutation,
  useSetVisibilityMutation,
  useUnmanagePlaylistMutation,
} from './playlistsApi';
import type { ManagedPlaylist, StreamingPlaylist } from './playlistTypes';

type MutationResult =
  { data: unknown; error?: undefined } | { error: FetchBaseQueryError | SerializedError };

export const NOT_EDITABLE_REASON =
  'Only playlists this account owns or collaborates on can be managed.';

const counted = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;

/**
 * What stopping managing deletes (the managed playlist's rows go, and with them its daily
 * follower counts, locks and removal dates): always its follower history, and its locks and
 * removal dates where it has any.
 */
export function lostWhenUnmanaged(managed: ManagedPlaylist): string[] {
  const locks = Object.keys(managed.lockPositions).length;
  const dates = managed.trackRemovalDates.length;
  return [
    'its follower history, recorded daily since you started managing it',
    ...(locks > 0 ? [counted(locks, 'locked position', 'locked positions')] : []),
    ...(dates > 0 ? [counted(dates, 'removal date', 'removal dates')] : []),
  ];
}

/** A playlist Spotify does not show to everyone: showing it to other curators asks first. */
export function needsVisibilityConfirmation(playlist: StreamingPlaylist): boolean {
  return playlist.info.public !== true || playlist.info.collaborative;
}

/**
 * The Manage and "Visible to other curators" switches of a playlist, with what went wrong
 * under them. Only playlists the account can edit can be managed (API rule).
 */
export function ManageControls({
  accountId,
  playlist,
  managed,
  managedThrough,
  className,
}: {
  accountId: string;
  playlist: StreamingPlaylist;
  /** The playlist's own settings when it is managed. */
  managed: ManagedPlaylist | undefined;
  /** Set when it is managed through another linked account: the label of that account. */
  managedThrough?: string | null;
  className?: string;
}) {
  const [manage, managing] = useManagePlaylistMutation();
  const [unmanage, unmanaging] = useUnmanagePlaylistMutation();
  const [setVisibility, settingVisibility] = useSetVisibilityMutation();
  const [failure, setFailure] = useState<DisplayError | null>(null);
  const [confirmingStop, setConfirmingStop] = useState(false);
  const [confirmingShow, setConfirmingShow] = useState(false);
  const name = playlist.info.name;

  const run = async (call: () => Promise<MutationResult>) => {
    setFailure(null);
    const result = await call();
    if ('error' in result) setFailure(toDisplayError(result.error));
    return !('error' in result);
  };

  const stopManaging = async () => {
    if (await run(() => unmanage({ playlistId: playlist.spotifyId }))) setConfirmingStop(false);
  };

  const showPrivate = async () => {
    const shown = await run(() =>
      setVisibility({ playlistId: playlist.spotifyId, visible: true, confirmPrivate: true }),
    );
    if (shown) setConfirmingShow(false);
  };

  const onVisibleChange = (visible: boolean) => {
    // Showing a private or collaborative playlist (its tracks) to strangers: ask first.
    if (visible && needsVisibilityConfirmation(playlist)) setConfirmingShow(true);
    else void run(() => setVisibility({ playlistId: playlist.spotifyId, visible }));
  };

  const onManageChange = (next: boolean) => {
    if (next) void run(() => manage({ accountId, playlistId: playlist.spotifyId }));
    // Stopping deletes the follower history (and any locks and removal dates): ask first.
    else setConfirmingStop(true);
  };

  const throughOther = Boolean(managed && managedThrough);
  const manageDescription = !playlist.info.editable
    ? NOT_EDITABLE_REASON
    : throughOther
      ? `Managed through ${managedThrough}.`
      : undefined;

  return (
    <div className={cn('space-y-2', className)}>
      <Switch
        label="Manage"
        description={manageDescription}
        checked={Boolean(managed)}
        disabled={!playlist.info.editable || throughOther}
        busy={managing.isLoading || unmanaging.isLoading}
        onCheckedChange={onManageChange}
      />
      {managed && (
        <Switch
          label="Visible to other curators"
          checked={managed.visible}
          busy={settingVisibility.isLoading}
          onCheckedChange={onVisibleChange}
        />
      )}
      {failure && !confirmingStop && !confirmingShow && (
        <ApiErrorAlert error={failure} className="max-w-md" />
      )}
      <ConfirmDialog
        open={confirmingShow}
        onOpenChange={setConfirmingShow}
        title={`Show ${name} to other curators?`}
        confirmLabel="Show it"
        busyLabel="Showing…"
        busy={settingVisibility.isLoading}
        error={confirmingShow ? failure : null}
        onConfirm={() => void showPrivate()}
      >
        <p>
          This playlist is {playlist.info.collaborative ? 'collaborative' : 'private'} on Spotify.
          Other curators will see its name, description and every track in it.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmingStop}
        onOpenChange={setConfirmingStop}
        title={`Stop managing ${name}?`}
        confirmLabel="Stop managing"
        busyLabel="Stopping…"
        busy={unmanaging.isLoading}
        error={confirmingStop ? failure : null}
        onConfirm={() => void stopManaging()}
      >
        <p>This deletes what {PRODUCT_NAME} keeps for it:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {(managed ? lostWhenUnmanaged(managed) : []).map((lost) => (
            <li key={lost}>{lost}</li>
          ))}
        </ul>
        <p className="mt-2">
          Managing it again starts afresh. The playlist itself stays as it is on Spotify.
        </p>
      </ConfirmDialog>
    </div>
  );
}
