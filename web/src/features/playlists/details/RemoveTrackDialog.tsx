import type { DisplayError } from '../../../shared/api/displayError';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import type { PlaylistItem } from '../playlistTypes';
import type { DuplicateMark } from './duplicateMarks';

/** Asks before a track is removed on Spotify, saying when that removes every copy of it. */
export function RemoveTrackDialog({
  playlistName,
  removing,
  mark,
  busy,
  error,
  onCancel,
  onConfirm,
}: {
  playlistName: string;
  /** The track asked about; null when the dialog is closed. */
  removing: PlaylistItem | null;
  mark: DuplicateMark | undefined;
  busy: boolean;
  error: DisplayError | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={removing !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={`Remove ${removing?.track?.name ?? 'this track'}?`}
      confirmLabel="Remove"
      busyLabel="Removing…"
      busy={busy}
      error={error}
      onConfirm={onConfirm}
    >
      <p>
        It is removed from {playlistName} on Spotify.
        {mark?.exact &&
          ` The playlist holds this track ${mark.exact.length + 1} times; Spotify removes every one of them.`}
      </p>
    </ConfirmDialog>
  );
}
