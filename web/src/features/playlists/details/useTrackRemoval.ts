import { useCallback, useState } from 'react';
import { toDisplayError } from '../../../shared/api/displayError';
import { useRemoveTrackMutation } from '../playlistsApi';
import type { PlaylistItem } from '../playlistTypes';
import { conflictAware } from './useEditFeedback';

/**
 * Removing a track: which one is asked about, and the removal once confirmed, against the
 * snapshot seen. `askRemove` is stable (rows are memoised).
 */
export function useTrackRemoval({
  accountId,
  playlistId,
  snapshotId,
  announce,
}: {
  accountId: string;
  playlistId: string;
  snapshotId: string;
  announce: (text: string) => void;
}) {
  const [removing, setRemoving] = useState<PlaylistItem | null>(null);
  const [removeTrack, removal] = useRemoveTrackMutation();
  const resetRemoval = removal.reset;

  const askRemove = useCallback(
    (item: PlaylistItem) => {
      resetRemoval();
      setRemoving(item);
    },
    [resetRemoval],
  );

  const confirm = async () => {
    const track = removing?.track;
    if (!track) return;
    const result = await removeTrack({ accountId, playlistId, trackId: track.id, snapshotId });
    if (!('error' in result)) {
      setRemoving(null);
      announce(`${track.name} removed from the playlist.`);
    }
  };

  const error = toDisplayError(removal.error);
  return {
    removing,
    askRemove,
    cancel: () => setRemoving(null),
    confirm,
    busy: removal.isLoading,
    error: error ? conflictAware(error) : null,
  };
}
