import type { Fit, SwapRecord } from '../../../../../common/api/users/schemas.js';
import { FIT_SCORE_MAX } from '../../../../../common/api/users/limits.js';
import { formatCount } from '../../../shared/lib/formatCount';
import { fitReasons, honouredText } from '../fitText';
import { MusicTagChips } from '../../../shared/ui/TagPicker';

/** The fit score as a bar, named for screen readers ("Fit 72 of 100"). */
export function FitMeter({ score }: { score: number }) {
  const rounded = Math.round(score);
  return (
    <div className="flex items-center gap-2">
      <div
        role="meter"
        aria-label="Fit"
        aria-valuemin={0}
        aria-valuemax={FIT_SCORE_MAX}
        aria-valuenow={rounded}
        aria-valuetext={`${rounded} of ${FIT_SCORE_MAX}`}
        className="h-2 w-24 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className="h-full rounded-full bg-brand-500"
          style={{ width: `${(rounded / FIT_SCORE_MAX) * 100}%` }}
        />
      </div>
      <span className="text-sm font-semibold text-slate-900 tabular-nums">{rounded}</span>
      <span className="text-xs text-slate-500">fit</span>
    </div>
  );
}

/** Why a curator fits the user: shared artists, followers, honoured share. */
export function FitReasons({ fit }: { fit: Fit }) {
  return (
    <>
      <ul aria-label="Why they fit" className="space-y-1 text-sm text-slate-600">
        {fitReasons(fit).map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      {fit.sharedTags.length > 0 && (
        <div aria-label="Genres matched" role="group" className="flex flex-wrap items-center gap-2">
          <span className="text-xs font-medium text-slate-700">Genres matched</span>
          <MusicTagChips tags={fit.sharedTags} />
        </div>
      )}
    </>
  );
}

/** A curator's swap record: completed swaps and the share of placements found honoured. */
export function SwapRecordSummary({ record }: { record: SwapRecord }) {
  return (
    <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-slate-500">Swaps completed</dt>
        <dd className="mt-1 text-lg font-semibold text-slate-900 tabular-nums">
          {formatCount(record.swapsCompleted)}
        </dd>
      </div>
      <div>
        <dt className="text-slate-500">Placements checked</dt>
        <dd className="mt-1 text-lg font-semibold text-slate-900 tabular-nums">
          {formatCount(record.placementsChecked)}
        </dd>
      </div>
      <div>
        <dt className="text-slate-500">Honoured</dt>
        <dd className="mt-1 text-lg font-semibold text-slate-900">
          {honouredText(record.honouredShare, record.placementsChecked)}
        </dd>
      </div>
    </dl>
  );
}
