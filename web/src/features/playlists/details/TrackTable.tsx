import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { toDisplayError, type DisplayError } from '../../../shared/api/displayError';
import { ApiErrorAlert } from '../../../shared/ui/ApiErrorAlert';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { PlaylistIcon } from '../../../shared/ui/icons';
import { Switch } from '../../../shared/ui/Switch';
import type { PlaylistLimits } from '../PlanLimitsSummary';
import {
  useLockPositionMutation,
  useMoveTrackMutation,
  useRemoveTrackMutation,
  useSetRemovalDateMutation,
  useUnlockPositionMutation,
} from '../playlistsApi';
import type { ManagedPlaylist, PlaylistItem, PlaylistWithItems } from '../playlistTypes';
import { duplicateMarks, duplicatesSummary } from './duplicateMarks';
import { lockBlockedReason, LockSummary } from './LockSummary';
import { rowKeys } from './rowKeys';
import { TrackRow, type TrackRowActions } from './TrackRow';
import { TrackRows, virtualRowCount, type VirtualRowProps } from './TrackRows';

export const CONFLICT_MESSAGE =
  'The playlist changed on Spotify meanwhile, so nothing was changed. It has been reloaded: check it and try again.';

function conflictAware(error: DisplayError): DisplayError {
  return error.code === 'CONFLICT' ? { ...error, message: CONFLICT_MESSAGE } : error;
}

/**
 * The tracks in order, with their duplicates, locks, removal dates and the edits that go to
 * Spotify (move, remove). Rows are memoised and get stable callbacks; a long playlist renders
 * only the rows near the viewport (TrackRows.tsx).
 */
export function TrackTable({
  accountId,
  data,
  managed,
  limits,
  planLabel,
  showLocks,
  removalDatesEnabled,
}: {
  accountId: string;
  data: PlaylistWithItems;
  managed: ManagedPlaylist | undefined;
  limits: PlaylistLimits | undefined;
  planLabel: string;
  /** Whether the lock column shows (LockSummary.tsx, locksShown). */
  showLocks: boolean;
  removalDatesEnabled: boolean;
}) {
  const { playlist, items, duplicates } = data;
  const playlistId = playlist.spotifyId;
  const editable = playlist.info.editable;
  const [onlyDuplicates, setOnlyDuplicates] = useState(false);
  const [failure, setFailure] = useState<{ title: string; error: DisplayError } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [removing, setRemoving] = useState<PlaylistItem | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);

  const [lockPosition] = useLockPositionMutation();
  const [unlockPosition] = useUnlockPositionMutation();
  const [moveTrack, moveState] = useMoveTrackMutation();
  const [removeTrack, removal] = useRemoveTrackMutation();
  const resetRemoval = removal.reset;
  const [setRemovalDate] = useSetRemovalDateMutation();

  const marks = useMemo(() => duplicateMarks(duplicates), [duplicates]);
  const keys = useMemo(() => rowKeys(items), [items]);
  const lockPositions = managed?.lockPositions;
  const lockCount = lockPositions ? Object.keys(lockPositions).length : 0;
  const blockedReason = lockBlockedReason(limits, lockCount, planLabel);
  const removalByTrack = useMemo(
    () => new Map((managed?.trackRemovalDates ?? []).map((record) => [record.trackId, record])),
    [managed?.trackRemovalDates],
  );
  const showRemovalDates = removalDatesEnabled && managed !== undefined;
  const summary = duplicatesSummary(duplicates);

  // What the stable row callbacks need, as of the last render.
  const latest = useRef({ snapshotId: playlist.info.snapshotId, items, keys });
  useLayoutEffect(() => {
    latest.current = { snapshotId: playlist.info.snapshotId, items, keys };
  });
  // One move at a time (each needs the snapshot the previous one produced). The buttons stay
  // enabled meanwhile: disabling the focused one would drop keyboard focus.
  const moving = useRef(false);

  const actions = useMemo<TrackRowActions>(() => {
    const fail = (title: string, error: Parameters<typeof toDisplayError>[0]) => {
      const display = toDisplayError(error);
      if (display) setFailure({ title, error: conflictAware(display) });
    };
    const focusMoved = (key: string | undefined, direction: 'up' | 'down') => {
      requestAnimationFrame(() => {
        const row = tableRef.current?.querySelector(`[data-row-key="${key}"]`);
        const button =
          row?.querySelector<HTMLButtonElement>(
            `button[data-move="${direction}"]:not(:disabled)`,
          ) ?? row?.querySelector<HTMLButtonElement>('button[data-move]:not(:disabled)');
        button?.focus();
      });
    };
    return {
      toggleLock: async (position, track, lock) => {
        setFailure(null);
        const result = lock
          ? await lockPosition({ playlistId, position, track: { id: track.id, name: track.name } })
          : await unlockPosition({ playlistId, position });
        if ('error' in result) {
          fail(
            lock ? 'The position was not locked' : 'The position was not unlocked',
            result.error,
          );
        } else {
          setAnnouncement(
            lock ? `Position ${position + 1} locked.` : `Position ${position + 1} unlocked.`,
          );
        }
      },
      move: async (from, to) => {
        const { snapshotId, items: current, keys: currentKeys } = latest.current;
        if (moving.current) return;
        moving.current = true;
        setFailure(null);
        const name = current[from]?.track?.name ?? 'The track';
        const result = await moveTrack({ accountId, playlistId, from, to, snapshotId });
        moving.current = false;
        if ('error' in result) {
          fail('The track was not moved', result.error);
          return;
        }
        setAnnouncement(`${name} moved to position ${to + 1}.`);
        focusMoved(currentKeys[from], to < from ? 'up' : 'down');
      },
      askRemove: (item) => {
        resetRemoval();
        setRemoving(item);
      },
      setRemovalDate: async (track, removeAt) => {
        const result = await setRemovalDate({ playlistId, trackId: track.id, removeAt });
        if ('error' in result) return toDisplayError(result.error);
        setAnnouncement(
          removeAt
            ? `Removal date set for ${track.name}.`
            : `Removal date cleared for ${track.name}.`,
        );
        return null;
      },
    };
  }, [
    accountId,
    playlistId,
    lockPosition,
    unlockPosition,
    moveTrack,
    setRemovalDate,
    resetRemoval,
  ]);

  const confirmRemove = async () => {
    const track = removing?.track;
    if (!track) return;
    const result = await removeTrack({
      accountId,
      playlistId,
      trackId: track.id,
      snapshotId: playlist.info.snapshotId,
    });
    if (!('error' in result)) {
      setRemoving(null);
      setAnnouncement(`${track.name} removed from the playlist.`);
    }
  };

  const visibleItems = onlyDuplicates ? items.filter((item) => marks.has(item.position)) : items;
  const locked = (position: number) => lockPositions?.[String(position)] !== undefined;
  const renderRow = (item: PlaylistItem, virtual?: VirtualRowProps) => {
    const { position } = item;
    const movable = editable && !locked(position);
    return (
      <TrackRow
        key={keys[position]}
        rowKey={keys[position] ?? String(position)}
        item={item}
        mark={marks.get(position)}
        lock={showLocks ? lockPositions?.[String(position)] : null}
        lockBlockedReason={blockedReason}
        removal={
          showRemovalDates && item.track ? (removalByTrack.get(item.track.id) ?? null) : undefined
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
  const removalError = toDisplayError(removal.error);
  const removingMark = removing ? marks.get(removing.position) : undefined;

  return (
    <section aria-labelledby="tracks-heading" className="mt-8">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="tracks-heading" className="text-base font-semibold text-slate-900">
          Tracks
        </h2>
        {managed && (
          <LockSummary
            showLocks={showLocks}
            limits={limits}
            lockCount={lockCount}
            blockedReason={blockedReason}
          />
        )}
      </div>

      {summary ? (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3">
          <p className="flex flex-wrap items-center gap-3 text-sm text-slate-800">
            <span className="font-semibold" data-testid="duplicates-summary">
              {summary}
            </span>
            {duplicates.exact.length > 0 && (
              <span className="inline-flex items-center gap-1.5 text-xs text-slate-600">
                <span aria-hidden="true" className="size-3 rounded-sm bg-rose-500" /> Duplicate: the
                same track
              </span>
            )}
            {duplicates.possible.length > 0 && (
              <span className="inline-flex items-center gap-1.5 text-xs text-slate-600">
                <span aria-hidden="true" className="size-3 rounded-sm bg-amber-400" /> Possible
                duplicate: same recording or same title and artists
              </span>
            )}
          </p>
          <Switch
            label="Show only duplicates"
            checked={onlyDuplicates}
            onCheckedChange={setOnlyDuplicates}
          />
        </div>
      ) : (
        items.length > 1 && (
          <p className="mb-3 text-sm text-slate-600">No duplicates in this playlist.</p>
        )
      )}

      {failure && <ApiErrorAlert error={failure.error} title={failure.title} className="mb-3" />}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      {items.length === 0 ? (
        <EmptyState
          icon={<PlaylistIcon className="size-6" />}
          title="This playlist has no tracks yet"
        >
          {editable ? 'Add one with the search above.' : 'Tracks added on Spotify show up here.'}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table
            ref={tableRef}
            aria-busy={moveState.isLoading || undefined}
            aria-rowcount={virtualRowCount(visibleItems.length)}
            className="w-full table-fixed text-left text-sm"
          >
            <caption className="sr-only">Tracks of {playlist.info.name}, in playlist order</caption>
            <colgroup>
              <col className="w-12" />
              <col />
              <col className="hidden w-[20%] lg:table-column" />
              <col className="hidden w-20 md:table-column" />
              {showLocks && <col className="w-20" />}
              {showRemovalDates && <col className="w-48" />}
              {editable && <col className="w-28" />}
            </colgroup>
            <thead className="border-b border-slate-200 text-xs font-medium text-slate-500">
              <tr aria-rowindex={virtualRowCount(visibleItems.length) && 1}>
                <th scope="col" className="px-3 py-2 text-right">
                  #
                </th>
                <th scope="col" className="py-2 pr-3">
                  Title
                </th>
                <th scope="col" className="hidden py-2 pr-3 lg:table-cell">
                  Album
                </th>
                <th scope="col" className="hidden py-2 pr-4 text-right md:table-cell">
                  Duration
                </th>
                {showLocks && (
                  <th scope="col" className="py-2 pr-3">
                    Lock
                  </th>
                )}
                {showRemovalDates && (
                  <th scope="col" className="py-2 pr-3">
                    Removal date
                  </th>
                )}
                {editable && (
                  <th scope="col" className="py-2 pr-3 text-right">
                    <span className="sr-only">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <TrackRows items={visibleItems} renderRow={renderRow} />
          </table>
        </div>
      )}

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing?.track?.name ?? 'this track'}?`}
        confirmLabel="Remove"
        busyLabel="Removing…"
        busy={removal.isLoading}
        error={removalError ? conflictAware(removalError) : null}
        onConfirm={() => void confirmRemove()}
      >
        <p>
          It is removed from {playlist.info.name} on Spotify.
          {removingMark?.exact &&
            ` The playlist holds this track ${removingMark.exact.length + 1} times; Spotify removes every one of them.`}
        </p>
      </ConfirmDialog>
    </section>
  );
}
