import { useMemo } from 'react';
import type { ManagedPlaylist, PlaylistItem } from '../playlistTypes';
import type { DuplicateMark } from './duplicateMarks';
import { TrackRow, type TrackRowActions } from './TrackRow';
import type { VirtualRowProps } from './TrackRows';
import type { TrackColumns } from './TrackTableColumns';

/**
 * How each track's row is drawn (TrackRows calls it for the rows it shows): its duplicate
 * mark, lock, removal date, and which moves it allows. A locked position neither moves nor
 * takes a neighbour's track.
 */
export function useTrackRowRenderer({
  items,
  keys,
  marks,
  managed,
  columns,
  lockBlockedReason,
  actions,
}: {
  items: readonly PlaylistItem[];
  keys: readonly string[];
  marks: ReadonlyMap<number, DuplicateMark>;
  managed: ManagedPlaylist | undefined;
  columns: TrackColumns;
  lockBlockedReason: string | null;
  actions: TrackRowActions;
}) {
  const removalByTrack = useMemo(
    () => new Map((managed?.trackRemovalDates ?? []).map((record) => [record.trackId, record])),
    [managed?.trackRemovalDates],
  );
  const lockPositions = managed?.lockPositions;
  const editable = columns.actions;
  const locked = (position: number) => lockPositions?.[String(position)] !== undefined;

  return (item: PlaylistItem, virtual?: VirtualRowProps) => {
    const { position } = item;
    const movable = editable && !locked(position);
    return (
      <TrackRow
        key={keys[position]}
        rowKey={keys[position] ?? String(position)}
        item={item}
        mark={marks.get(position)}
        lock={columns.locks ? lockPositions?.[String(position)] : null}
        lockBlockedReason={lockBlockedReason}
        removal={
          columns.removalDates && item.track
            ? (removalByTrack.get(item.track.id) ?? null)
            : undefined
        }
        editable={editable}
        isFirst={position === 0}
        isLast={position === items.length - 1}
        canMoveUp={movable && position > 0 && !locked(position - 1)}
        canMoveDown={movable && position < items.length - 1 && !locked(position + 1)}
        actions={actions}
        virtualIndex={virtual?.index}
        measureRef={virtual?.measureRef}
      />
    );
  };
}
