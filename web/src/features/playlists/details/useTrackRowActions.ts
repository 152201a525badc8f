import { useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { toDisplayError } from '../../../shared/api/displayError';
import {
  useLockPositionMutation,
  useMoveTrackMutation,
  useSetRemovalDateMutation,
  useUnlockPositionMutation,
} from '../playlistsApi';
import type { PlaylistItem } from '../playlistTypes';
import type { TrackRowActions } from './TrackRow';
import type { EditFeedback } from './useEditFeedback';

/** After a move, focus follows the track to its new row, on the button that moved it. */
function focusMovedRow(
  table: HTMLTableElement | null,
  key: string | undefined,
  direction: 'up' | 'down',
) {
  requestAnimationFrame(() => {
    const row = table?.querySelector(`[data-row-key="${key}"]`);
    const button =
      row?.querySelector<HTMLButtonElement>(`button[data-move="${direction}"]:not(:disabled)`) ??
      row?.querySelector<HTMLButtonElement>('button[data-move]:not(:disabled)');
    button?.focus();
  });
}

/**
 * The edits a row offers (lock, move, removal date, ask to remove), as one object whose
 * identity changes only with the playlist, so memoised rows do not re-render on each edit.
 * Moves go one at a time, each against the snapshot the previous one produced; the buttons
 * stay enabled meanwhile (disabling the focused one would drop keyboard focus).
 */
export function useTrackRowActions({
  accountId,
  playlistId,
  snapshotId,
  items,
  keys,
  tableRef,
  feedback,
  askRemove,
}: {
  accountId: string;
  playlistId: string;
  snapshotId: string;
  items: readonly PlaylistItem[];
  keys: readonly string[];
  tableRef: RefObject<HTMLTableElement | null>;
  feedback: Pick<EditFeedback, 'fail' | 'clearFailure' | 'announce'>;
  askRemove: (item: PlaylistItem) => void;
}): { actions: TrackRowActions; moving: boolean } {
  const [lockPosition] = useLockPositionMutation();
  const [unlockPosition] = useUnlockPositionMutation();
  const [moveTrack, moveState] = useMoveTrackMutation();
  const [setRemovalDate] = useSetRemovalDateMutation();
  const { fail, clearFailure, announce } = feedback;

  // What the stable callbacks need, as of the last render.
  const latest = useRef({ snapshotId, items, keys });
  useLayoutEffect(() => {
    latest.current = { snapshotId, items, keys };
  });
  const moving = useRef(false);

  const actions = useMemo<TrackRowActions>(
    () => ({
      toggleLock: async (position, track, lock) => {
        clearFailure();
        const result = lock
          ? await lockPosition({ playlistId, position, track: { id: track.id, name: track.name } })
          : await unlockPosition({ playlistId, position });
        if ('error' in result) {
          fail(
            lock ? 'The position was not locked' : 'The position was not unlocked',
            result.error,
          );
        } else {
          announce(
            lock ? `Position ${position + 1} locked.` : `Position ${position + 1} unlocked.`,
          );
        }
      },
      move: async (from, to) => {
        const { snapshotId: seen, items: current, keys: currentKeys } = latest.current;
        if (moving.current) return;
        moving.current = true;
        clearFailure();
        const name = current[from]?.track?.name ?? 'The track';
        const result = await moveTrack({ accountId, playlistId, from, to, snapshotId: seen });
        moving.current = false;
        if ('error' in result) {
          fail('The track was not moved', result.error);
          return;
        }
        announce(`${name} moved to position ${to + 1}.`);
        focusMovedRow(tableRef.current, currentKeys[from], to < from ? 'up' : 'down');
      },
      askRemove,
      setRemovalDate: async (track, removeAt) => {
        const result = await setRemovalDate({ playlistId, trackId: track.id, removeAt });
        if ('error' in result) return toDisplayError(result.error);
        announce(
          removeAt
            ? `Removal date set for ${track.name}.`
            : `Removal date cleared for ${track.name}.`,
        );
        return null;
      },
    }),
    [
      accountId,
      playlistId,
      lockPosition,
      unlockPosition,
      moveTrack,
      setRemovalDate,
      askRemove,
      fail,
      clearFailure,
      announce,
      tableRef,
    ],
  );

  return { actions, moving: moveState.isLoading };
}
