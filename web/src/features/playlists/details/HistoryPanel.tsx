import { useMemo, useState } from 'react';
import type {
  HistoryOp,
  PlaylistVersion,
  RestoreConflict,
} from '../../../../../common/api/playlists/schemas.js';
import { toDisplayError } from '../../../shared/api/displayError';
import { formatDisplayDateTime } from '../../../shared/lib/formatDisplayDate';
import { ApiErrorAlert } from '../../../shared/ui/ApiErrorAlert';
import { Button } from '../../../shared/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { LoadingState } from '../../../shared/ui/LoadingState';
import {
  useHistoryDiffQuery,
  usePlaylistHistoryQuery,
  useRestoreVersionMutation,
} from '../historyApi';

const SOURCE_LABEL: Record<PlaylistVersion['source'], string> = {
  start: 'History started',
  product: 'Changed in Curator',
  swap: 'Changed by a swap',
  outside: 'Changed outside Curator',
};

type Names = ReadonlyMap<string, string>;
const nameOf = (names: Names, trackId: string) => names.get(trackId) ?? `Track ${trackId}`;

/** The playlist's current names first, then the ones the history kept (removed tracks). */
function useNames(current: Names, kept: Record<string, string> | undefined): Names {
  return useMemo(() => new Map([...Object.entries(kept ?? {}), ...current]), [current, kept]);
}

export function describeOp(op: HistoryOp, names: Names): string {
  const name = nameOf(names, op.trackId);
  if (op.op === 'add') return `Added “${name}” at ${op.at + 1}`;
  if (op.op === 'remove') return `Removed “${name}” from ${op.from + 1}`;
  return `Moved “${name}” from ${op.from + 1} to ${op.to + 1}`;
}

function OpList({ ops, names, omitted = 0 }: { ops: HistoryOp[]; names: Names; omitted?: number }) {
  if (ops.length === 0) return <p className="text-sm text-slate-600">No changes.</p>;
  return (
    <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
      {ops.slice(0, 20).map((op, index) => (
        <li key={index}>{describeOp(op, names)}</li>
      ))}
      {ops.length + omitted > 20 && <li>…and {ops.length + omitted - 20} more</li>}
    </ul>
  );
}

function DiffView({
  playlistId,
  from,
  to,
  names,
}: {
  playlistId: string;
  from: number;
  to: number;
  names: Names;
}) {
  const { data, error, isFetching, refetch } = useHistoryDiffQuery({ playlistId, from, to });
  const allNames = useNames(names, data?.trackNames);
  const displayError = toDisplayError(error);
  return (
    <section aria-label={`Changes from version ${from} to version ${to}`} className="mt-3">
      <h3 className="text-sm font-semibold text-slate-900">
        From version {from} to version {to}
      </h3>
      {isFetching && !data && <LoadingState label="Comparing…" className="py-2" />}
      {displayError && (
        <ApiErrorAlert
          error={displayError}
          title="The versions could not be compared"
          onRetry={() => void refetch()}
        />
      )}
      {data && <OpList ops={data.ops} names={allNames} />}
    </section>
  );
}

/**
 * The History tab of a managed playlist: a timeline of versions, the changes between any two,
 * and "Restore this version" (asking first when a swap placement would break).
 */
export function HistoryPanel({
  playlistId,
  names: currentNames,
}: {
  playlistId: string;
  names: Names;
}) {
  const [before, setBefore] = useState<number | undefined>(undefined);
  const { data, error, isLoading, refetch } = usePlaylistHistoryQuery({ playlistId, before });
  const names = useNames(currentNames, data?.trackNames);
  const [compare, setCompare] = useState<number[]>([]);
  const [restoring, setRestoring] = useState<number | null>(null);
  const [conflicts, setConflicts] = useState<RestoreConflict[] | null>(null);
  const [restore, restoreState] = useRestoreVersionMutation();
  const displayError = toDisplayError(error);

  const toggleCompare = (version: number) =>
    setCompare((current) =>
      current.includes(version)
        ? current.filter((v) => v !== version)
        : [...current, version].slice(-2),
    );

  const runRestore = async (version: number, confirm: boolean) => {
    const result = await restore({ playlistId, version, ...(confirm ? { confirm } : {}) });
    if ('data' in result && result.data) {
      if (result.data.restored) {
        setRestoring(null);
        setConflicts(null);
      } else setConflicts(result.data.conflicts);
    }
  };

  const [a, b] = [...compare].sort((x, y) => x - y);
  return (
    <section aria-labelledby="history-heading" className="mt-4">
      <h2 id="history-heading" className="sr-only">
        History
      </h2>
      {isLoading && <LoadingState label="Loading the history…" className="py-8" />}
      {displayError && (
        <ApiErrorAlert
          error={displayError}
          title="The history could not be loaded"
          onRetry={() => void refetch()}
        />
      )}
      {data && data.versions.length === 0 && (
        <p className="text-sm text-slate-600">
          The history starts with the next check of this playlist (within the hour).
        </p>
      )}
      {a !== undefined && b !== undefined && (
        <DiffView playlistId={playlistId} from={a} to={b} names={currentNames} />
      )}
      {data && data.versions.length > 0 && (
        <ol className="mt-3 divide-y divide-slate-100" aria-label="Versions, newest first">
          {data.versions.map((version) => (
            <li key={version.version} className="py-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div>
                  <p className="text-sm font-medium text-slate-900">
                    Version {version.version} · {SOURCE_LABEL[version.source]}
                  </p>
                  <p className="text-xs text-slate-500">
                    <time dateTime={version.createdAt}>
                      {formatDisplayDateTime(version.createdAt)}
                    </time>{' '}
                    · {version.trackCount} tracks
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <label className="flex items-center gap-1 text-sm text-slate-700">
                    <input
                      type="checkbox"
                      checked={compare.includes(version.version)}
                      onChange={() => toggleCompare(version.version)}
                    />
                    Compare
                  </label>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => {
                      setConflicts(null);
                      setRestoring(version.version);
                    }}
                    aria-label={`Restore version ${version.version}`}
                  >
                    Restore this version
                  </Button>
                </div>
              </div>
              <OpList ops={version.ops} names={names} omitted={version.opsOmitted} />
            </li>
          ))}
        </ol>
      )}
      {data && (before !== undefined || data.nextBefore !== null) && (
        <div className="mt-2 flex gap-2">
          {before !== undefined && (
            <Button variant="ghost" size="sm" onClick={() => setBefore(undefined)}>
              Newest
            </Button>
          )}
          {data.nextBefore !== null && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setBefore(data.nextBefore ?? undefined)}
            >
              Older versions
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(open) => !open && setRestoring(null)}
        title={`Restore version ${restoring ?? ''}?`}
        confirmLabel={conflicts ? 'Restore anyway' : 'Restore this version'}
        busyLabel="Restoring…"
        busy={restoreState.isLoading}
        error={toDisplayError(restoreState.error)}
        onConfirm={() => restoring !== null && void runRestore(restoring, conflicts !== null)}
      >
        {conflicts ? (
          <div>
            <p>This version would break running swap placements:</p>
            <ul className="mt-1 list-disc pl-5">
              {conflicts.map((conflict) => (
                <li key={`${conflict.tradeId}-${conflict.trackId}`}>
                  “{nameOf(names, conflict.trackId)}” placed at {conflict.position + 1}{' '}
                  {conflict.versionPosition === null
                    ? 'would be removed'
                    : `would move to ${conflict.versionPosition + 1}`}
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p>
            The playlist on Spotify goes back to this version with as few edits as possible. Locked
            tracks stay at their positions.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
