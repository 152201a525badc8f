import { Switch } from '../../../shared/ui/Switch';
import type { PlaylistWithItems } from '../playlistTypes';
import { duplicatesSummary } from './duplicateMarks';

/**
 * Above the tracks: how many duplicates the playlist holds, the legend of their colours and
 * the "Show only duplicates" switch; or that there are none.
 */
export function DuplicatesBar({
  duplicates,
  trackCount,
  onlyDuplicates,
  onOnlyDuplicatesChange,
}: {
  duplicates: PlaylistWithItems['duplicates'];
  trackCount: number;
  onlyDuplicates: boolean;
  onOnlyDuplicatesChange: (only: boolean) => void;
}) {
  const summary = duplicatesSummary(duplicates);
  if (!summary) {
    return trackCount > 1 ? (
      <p className="mb-3 text-sm text-slate-600">No duplicates in this playlist.</p>
    ) : null;
  }
  return (
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
        onCheckedChange={onOnlyDuplicatesChange}
      />
    </div>
  );
}
