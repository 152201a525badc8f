import { useState } from 'react';
import type { DisplayError } from '../../../shared/api/displayError';
import { formatDisplayDate } from '../../../shared/lib/formatDisplayDate';
import { cn } from '../../../shared/ui/cn';
import { Spinner } from '../../../shared/ui/Spinner';
import { REMOVAL_DATE_MAX, REMOVAL_DATE_MIN } from '../../../../../common/api/playlists/limits.js';
import type { TrackRemovalDate } from '../playlistTypes';

const RANGE_HINT = `Pick a date between ${formatDisplayDate(REMOVAL_DATE_MIN)} and ${formatDisplayDate(REMOVAL_DATE_MAX)}.`;

function isWithinRange(value: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= REMOVAL_DATE_MIN && value <= REMOVAL_DATE_MAX
  );
}

/** What happened, or will happen, to the track on its date. */
export function removalStatusText(record: TrackRemovalDate): string {
  const date = formatDisplayDate(record.removeAt);
  switch (record.outcome) {
    case 'removed':
      return `Removed on ${date}`;
    case 'already gone':
      return `Already gone on ${date}`;
    case 'failed':
      return `Removal on ${date} failed${record.outcomeDetail ? `: ${record.outcomeDetail}` : ''}`;
    default:
      return `Leaves on ${date}`;
  }
}

/**
 * A track's removal date: choosing a date sets or changes it, clearing it
 * removes it. A half-typed date stays here until it is a whole date within range.
 */
export function RemovalDateField({
  trackName,
  record,
  onChange,
}: {
  trackName: string;
  record: TrackRemovalDate | undefined;
  onChange: (removeAt: string | null) => Promise<DisplayError | null>;
}) {
  const saved = record?.removeAt ?? '';
  const [draft, setDraft] = useState(saved);
  const [lastSaved, setLastSaved] = useState(saved);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // A new answer from the server replaces what is shown (another tab, a job's outcome).
  if (saved !== lastSaved) {
    setLastSaved(saved);
    setDraft(saved);
  }

  const commit = async (removeAt: string | null) => {
    setBusy(true);
    setProblem(null);
    const error = await onChange(removeAt);
    setBusy(false);
    if (error) {
      setProblem(error.fields.removeAt ?? error.message);
      setDraft(saved);
    }
  };

  const onInput = (value: string) => {
    setDraft(value);
    setProblem(null);
    // Browsers also answer '' while a date is half typed: an emptied field is only taken
    // as "no date" once it is left (or with the clear button).
    if (value === '') return;
    if (!isWithinRange(value)) {
      setProblem(RANGE_HINT);
      return;
    }
    if (value !== saved) void commit(value);
  };

  const failed = record?.outcome === 'failed';
  return (
    <div className="min-w-36">
      <div className="flex items-center gap-1">
        <input
          type="date"
          min={REMOVAL_DATE_MIN}
          max={REMOVAL_DATE_MAX}
          value={draft}
          aria-label={`Removal date for ${trackName}`}
          aria-invalid={problem ? true : undefined}
          disabled={busy}
          onChange={(event) => onInput(event.target.value)}
          onBlur={() => {
            if (draft === '' && saved !== '') void commit(null);
            else if (draft !== saved && !isWithinRange(draft)) setDraft(saved);
          }}
          className="h-8 w-36 rounded-md border-0 bg-white px-2 text-xs text-slate-900 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none aria-[invalid=true]:ring-red-400 disabled:opacity-60"
        />
        {busy && <Spinner className="size-3.5 text-brand-600" />}
        {saved && !busy && (
          <button
            type="button"
            onClick={() => {
              setDraft('');
              void commit(null);
            }}
            aria-label={`Clear the removal date for ${trackName}`}
            title="Clear the removal date"
            className="rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
      {record && !problem && (
        <p className={cn('mt-1 text-xs', failed ? 'text-red-700' : 'text-slate-500')}>
          {removalStatusText(record)}
        </p>
      )}
      {problem && (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
