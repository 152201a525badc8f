import { memo } from 'react';
import type { DisplayError } from '../../../shared/api/displayError';
import { formatDuration } from '../../../shared/lib/formatDuration';
import { cn } from '../../../shared/ui/cn';
import { ArrowDownIcon, ArrowUpIcon, TrashIcon } from '../../../shared/ui/icons';
import { Switch } from '../../../shared/ui/Switch';
import { TrackLink } from '../../../shared/ui/TrackLink';
import { Artwork } from '../PlaylistBits';
import type {
  LockPositions,
  PlaylistItem,
  SpotifyTrackView,
  TrackRemovalDate,
} from '../playlistTypes';
import { positionsText, type DuplicateMark } from './duplicateMarks';
import { RemovalDateField } from './RemovalDateField';
import type { VirtualRowProps } from './TrackRows';

export type Lock = LockPositions[string];

/** What rows ask of the table; one stable object, so rows re-render only when their data does. */
export interface TrackRowActions {
  toggleLock: (position: number, track: SpotifyTrackView, lock: boolean) => void;
  move: (position: number, to: number) => void;
  askRemove: (item: PlaylistItem) => void;
  setRemovalDate: (
    track: SpotifyTrackView,
    removeAt: string | null,
  ) => Promise<DisplayError | null>;
}

export interface TrackRowProps {
  rowKey: string;
  item: PlaylistItem;
  mark: DuplicateMark | undefined;
  /** null: the playlist is not managed, so no lock column. */
  lock: Lock | undefined | null;
  /** Why an unlocked row cannot be locked now (plan without locks, limit reached). */
  lockBlockedReason: string | null;
  /** undefined: no removal date column. */
  removal: TrackRemovalDate | null | undefined;
  editable: boolean;
  /** The first row has no "move up" and the last no "move down" (not even a disabled one). */
  isFirst: boolean;
  isLast: boolean;
  /** Whether the move is allowed now (a locked position is neither left nor entered). */
  canMoveUp: boolean;
  canMoveDown: boolean;
  actions: TrackRowActions;
  /** Set when the table body is virtualised (TrackRows.tsx): the row's index in the body. */
  virtualIndex?: number | undefined;
  measureRef?: VirtualRowProps['measureRef'] | undefined;
}

const LOCKED_MOVE = 'Locked positions stay where they are';

const iconButton =
  'inline-flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-30 disabled:hover:bg-transparent';

/** One track of the playlist; memoised so a 300-track playlist stays quick. */
export const TrackRow = memo(function TrackRow({
  rowKey,
  item,
  mark,
  lock,
  lockBlockedReason,
  removal,
  editable,
  isFirst,
  isLast,
  canMoveUp,
  canMoveDown,
  actions,
  virtualIndex,
  measureRef,
}: TrackRowProps) {
  const { track, position } = item;
  const shown = position + 1;
  const name = track?.name ?? 'Unavailable item';
  const exact = Boolean(mark?.exact);
  const possible = Boolean(mark?.possible);
  const lockedHere = lock !== null && lock !== undefined;
  const lockedForOther = lockedHere && track !== null && lock.trackId !== track.id;

  return (
    <tr
      data-row-key={rowKey}
      ref={measureRef}
      data-index={virtualIndex}
      aria-rowindex={virtualIndex === undefined ? undefined : virtualIndex + 2}
      className={cn(
        'border-l-4 align-middle',
        exact
          ? 'border-l-rose-500 bg-rose-50/70'
          : possible
            ? 'border-l-amber-400 bg-amber-50/70'
            : 'border-l-transparent',
      )}
    >
      <td className="px-3 py-2 text-right font-mono text-xs text-slate-500 tabular-nums">
        {shown}
      </td>
      <td className="max-w-0 py-2 pr-3">
        <div className="flex items-center gap-3">
          <Artwork src={track?.album.imageUrl ?? null} className="size-10" rounded="rounded" />
          <div className="min-w-0">
            {track ? (
              <TrackLink
                track={track}
                className="block truncate font-medium text-slate-900 hover:text-brand-700 hover:underline"
              />
            ) : (
              <span className="block truncate font-medium text-slate-500 italic">
                Unavailable item (a local file, or no longer on Spotify)
              </span>
            )}
            <span className="block truncate text-xs text-slate-600">
              {track?.artists.map((artist) => artist.name).join(', ')}
            </span>
            {(exact || possible) && (
              <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
                {mark?.exact && (
                  <>
                    <span className="rounded-full bg-rose-100 px-2 py-0.5 font-semibold whitespace-nowrap text-rose-800 ring-1 ring-rose-300">
                      Duplicate
                    </span>
                    <span className="text-rose-900">also at {positionsText(mark.exact)}</span>
                  </>
                )}
                {mark?.possible && (
                  <>
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold whitespace-nowrap text-amber-900 ring-1 ring-amber-300">
                      Possible duplicate
                    </span>
                    <span className="text-amber-950">see {positionsText(mark.possible)}</span>
                  </>
                )}
              </span>
            )}
          </div>
        </div>
      </td>
      <td className="hidden max-w-0 truncate py-2 pr-3 text-sm text-slate-600 lg:table-cell">
        {track?.album.name}
      </td>
      <td className="hidden py-2 pr-4 text-right text-sm text-slate-600 tabular-nums md:table-cell">
        {track ? formatDuration(track.duration_ms) : ''}
      </td>
      {lock !== null && (
        <td className="py-2 pr-3">
          <span title={!lockedHere && lockBlockedReason ? lockBlockedReason : undefined}>
            <Switch
              label={`Lock position ${shown}`}
              labelHidden
              checked={lockedHere}
              disabled={!track || (!lockedHere && lockBlockedReason !== null)}
              onCheckedChange={(next) => track && actions.toggleLock(position, track, next)}
            />
          </span>
          {lockedForOther && (
            <span
              className="mt-1 block truncate text-xs text-amber-800"
              title={`Locked for “${lock.trackName}”, which is put back here at the next check`}
            >
              Holds “{lock.trackName}”
            </span>
          )}
        </td>
      )}
      {removal !== undefined && (
        <td className="py-2 pr-3">
          {track && (
            <RemovalDateField
              trackName={name}
              record={removal ?? undefined}
              onChange={(removeAt) => actions.setRemovalDate(track, removeAt)}
            />
          )}
        </td>
      )}
      {editable && (
        <td className="py-2 pr-3">
          <div className="flex items-center justify-end gap-0.5">
            {isFirst ? (
              <span aria-hidden="true" className="size-8" />
            ) : (
              <button
                type="button"
                data-move="up"
                className={iconButton}
                aria-label={`Move ${name} up`}
                title={canMoveUp ? `Move up to #${shown - 1}` : LOCKED_MOVE}
                disabled={!canMoveUp}
                onClick={() => actions.move(position, position - 1)}
              >
                <ArrowUpIcon className="size-4" />
              </button>
            )}
            {isLast ? (
              <span aria-hidden="true" className="size-8" />
            ) : (
              <button
                type="button"
                data-move="down"
                className={iconButton}
                aria-label={`Move ${name} down`}
                title={canMoveDown ? `Move down to #${shown + 1}` : LOCKED_MOVE}
                disabled={!canMoveDown}
                onClick={() => actions.move(position, position + 1)}
              >
                <ArrowDownIcon className="size-4" />
              </button>
            )}
            <button
              type="button"
              className={cn(iconButton, 'hover:bg-red-50 hover:text-red-700')}
              aria-label={`Remove ${name}`}
              title="Remove from the playlist"
              disabled={!track}
              onClick={() => actions.askRemove(item)}
            >
              <TrashIcon className="size-4" />
            </button>
          </div>
        </td>
      )}
    </tr>
  );
});
