import { useMemo, useRef, useState } from 'react';
import { ApiErrorAlert } from '../../../shared/ui/ApiErrorAlert';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { PlaylistIcon } from '../../../shared/ui/icons';
import type { PlaylistLimits } from '../PlanLimitsSummary';
import type { ManagedPlaylist, PlaylistWithItems } from '../playlistTypes';
import { DuplicatesBar } from './DuplicatesBar';
import { duplicateMarks } from './duplicateMarks';
import { lockBlockedReason, LockSummary } from './LockSummary';
import { RemoveTrackDialog } from './RemoveTrackDialog';
import { rowKeys } from './rowKeys';
import { TrackRows, virtualRowCount } from './TrackRows';
import { TrackTableColumns, type TrackColumns } from './TrackTableColumns';
import { useEditFeedback } from './useEditFeedback';
import { useTrackRemoval } from './useTrackRemoval';
import { useTrackRowActions } from './useTrackRowActions';
import { useTrackRowRenderer } from './useTrackRowRenderer';

/**
 * The tracks in order, with their duplicates, locks, removal dates and the edits that go to
 * Spotify (move, remove). Rows are memoised and get stable callbacks (useTrackRowActions); a
 * long playlist renders only the rows near the viewport (TrackRows.tsx).
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
  const snapshotId = playlist.info.snapshotId;
  const editable = playlist.info.editable;
  const [onlyDuplicates, setOnlyDuplicates] = useState(false);
  const tableRef = useRef<HTMLTableElement>(null);

  const marks = useMemo(() => duplicateMarks(duplicates), [duplicates]);
  const keys = useMemo(() => rowKeys(items), [items]);
  const lockPositions = managed?.lockPositions;
  const lockCount = lockPositions ? Object.keys(lockPositions).length : 0;
  const blockedReason = lockBlockedReason(limits, lockCount, planLabel);
  const columns: TrackColumns = {
    locks: showLocks,
    removalDates: removalDatesEnabled && managed !== undefined,
    actions: editable,
  };

  const feedback = useEditFeedback();
  const removal = useTrackRemoval({
    accountId,
    playlistId,
    snapshotId,
    announce: feedback.announce,
  });
  const { actions, moving } = useTrackRowActions({
    accountId,
    playlistId,
    snapshotId,
    items,
    keys,
    tableRef,
    feedback,
    askRemove: removal.askRemove,
  });

  const renderRow = useTrackRowRenderer({
    items,
    keys,
    marks,
    managed,
    columns,
    lockBlockedReason: blockedReason,
    actions,
  });
  const visibleItems = onlyDuplicates ? items.filter((item) => marks.has(item.position)) : items;

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

      <DuplicatesBar
        duplicates={duplicates}
        trackCount={items.length}
        onlyDuplicates={onlyDuplicates}
        onOnlyDuplicatesChange={setOnlyDuplicates}
      />

      {feedback.failure && (
        <ApiErrorAlert
          error={feedback.failure.error}
          title={feedback.failure.title}
          className="mb-3"
        />
      )}
      <p aria-live="polite" className="sr-only">
        {feedback.announcement}
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
            aria-busy={moving || undefined}
            aria-rowcount={virtualRowCount(visibleItems.length)}
            className="w-full table-fixed text-left text-sm"
          >
            <caption className="sr-only">Tracks of {playlist.info.name}, in playlist order</caption>
            <TrackTableColumns
              columns={columns}
              headerRowIndex={virtualRowCount(visibleItems.length) && 1}
            />
            <TrackRows items={visibleItems} renderRow={renderRow} />
          </table>
        </div>
      )}

      <RemoveTrackDialog
        playlistName={playlist.info.name}
        removing={removal.removing}
        mark={removal.removing ? marks.get(removal.removing.position) : undefined}
        busy={removal.busy}
        error={removal.error}
        onCancel={removal.cancel}
        onConfirm={() => void removal.confirm()}
      />
    </section>
  );
}
