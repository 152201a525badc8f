import { format, isValid, parse } from 'date-fns';
import { checkOutcome, type CheckOutcome } from '../tradeRules';
import { formatTradeDate } from '../tradeText';
import type { PlacementCheck } from '../tradeTypes';

const MARK = 10;
const GAP = 3;
const HEIGHT = 22;

const FILLS: Record<CheckOutcome, string> = {
  'in place': 'fill-emerald-500',
  moved: 'fill-amber-400',
  gone: 'fill-red-500',
};

const LEGEND: { outcome: CheckOutcome; label: string; swatch: string }[] = [
  { outcome: 'in place', label: 'In place', swatch: 'bg-emerald-500' },
  { outcome: 'moved', label: 'Moved', swatch: 'bg-amber-400' },
  { outcome: 'gone', label: 'Gone', swatch: 'bg-red-500' },
];

/** "Nov 1": the first and last day under the strip. */
function shortDay(day: string): string {
  const date = parse(day, 'yyyy-MM-dd', new Date(2000, 0, 1));
  return isValid(date) ? format(date, 'MMM d') : day;
}

function markTitle(check: PlacementCheck): string {
  const day = formatTradeDate(check.day);
  const outcome = checkOutcome(check);
  if (outcome === 'gone') return `${day}: gone from the playlist`;
  if (outcome === 'moved') {
    return `${day}: moved${check.position !== null ? ` to position ${check.position + 1}` : ''}`;
  }
  return `${day}: in place`;
}

/** "12 days checked: 10 in place, 1 moved, 1 gone." */
export function placementSummary(checks: readonly PlacementCheck[]): string {
  const count = (outcome: CheckOutcome) =>
    checks.filter((check) => checkOutcome(check) === outcome).length;
  const days = new Set(checks.map((check) => check.day)).size;
  return `${days} ${days === 1 ? 'day' : 'days'} checked: ${count('in place')} in place, ${count('moved')} moved, ${count('gone')} gone.`;
}

/**
 * The daily placement record of one song (domain.md: a job checks each placement every day):
 * one mark per check, oldest first, coloured in place / moved / gone, with a legend. The chart
 * is one image to assistive technology, named by its summary; each mark has its day as a
 * tooltip.
 */
export function PlacementRecord({ checks }: { checks: readonly PlacementCheck[] }) {
  if (checks.length === 0) {
    return (
      <p className="text-xs text-slate-500">
        No daily checks yet: they start with the swap’s period.
      </p>
    );
  }
  const ordered = [...checks].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const width = ordered.length * (MARK + GAP) - GAP;
  const summary = placementSummary(ordered);
  return (
    <figure className="min-w-0">
      <figcaption className="text-xs font-medium text-slate-700">Placement record</figcaption>
      <div className="mt-1 overflow-x-auto">
        <svg
          role="img"
          aria-label={`Placement record: ${summary}`}
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          className="block"
        >
          {ordered.map((check, index) => (
            <rect
              key={`${check.placementId}-${check.day}`}
              data-outcome={checkOutcome(check)}
              x={index * (MARK + GAP)}
              y={0}
              width={MARK}
              height={HEIGHT}
              rx={2}
              className={FILLS[checkOutcome(check)]}
            >
              <title>{markTitle(check)}</title>
            </rect>
          ))}
        </svg>
      </div>
      {ordered.length > 1 && (
        <p
          aria-hidden="true"
          className="flex justify-between gap-3 text-[11px] text-slate-500"
          style={{ width: Math.max(width, 120) }}
        >
          <span>{shortDay(ordered[0]!.day)}</span>
          <span>{shortDay(ordered.at(-1)!.day)}</span>
        </p>
      )}
      <p className="mt-1 text-xs text-slate-600">{summary}</p>
      <ul className="mt-1 flex flex-wrap gap-3 text-xs text-slate-600" aria-label="Legend">
        {LEGEND.map((entry) => (
          <li key={entry.outcome} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className={`inline-block size-2.5 rounded-sm ${entry.swatch}`}
            />
            {entry.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
