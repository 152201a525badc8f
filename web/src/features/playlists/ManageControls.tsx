import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { toDisplayError, type DisplayError } from '../../shared/api/displayError';
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

/** Locks and removal dates that stop applying when a playlist stops being managed. */
function pendingSettings(managed: ManagedPlaylist): number {
  return (
    Object.keys(managed.lockPositions).length +
    managed.trackRemovalDates.filter((record) => record.outcome === null).length
  );
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

  const onManageChange = (next: boolean) => {
    if (next) void run(() => manage({ accountId, playlistId: playlist.spotifyId }));
    else if (managed && pendingSettings(managed) > 0) setConfirmingStop(true);
    else void stopManaging();
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
          onCheckedChange={(visible) =>
            void run(() => setVisibility({ playlistId: playlist.spotifyId, visible }))
          }
        />
      )}
      {failure && !confirmingStop && <ApiErrorAlert error={failure} className="max-w-md" />}
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
        <p>
          Its locked positions and pending removal dates are dropped, and its follower history stops
          growing. The playlist itself stays as it is on Spotify.
        </p>
      </ConfirmDialog>
    </div>
  );
}
