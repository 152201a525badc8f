import { useId } from 'react';
import { compareText } from '../../../shared/lib/compareText';
import { useAppDispatch } from '../../../shared/state/hooks';
import { Button } from '../../../shared/ui/Button';
import { inputClassName } from '../../../shared/ui/TextField';
import { isFiltering } from '../tradeRules';
import {
  TRADE_PERFORMANCE,
  tradeFiltersChanged,
  tradeFiltersCleared,
  type TradeFilters,
  type TradePerformance,
} from '../tradesUiSlice';
import { PERFORMANCE_LABELS, traderName } from '../tradeText';
import type { ListedTrade } from '../tradeTypes';

interface Choice {
  id: string;
  label: string;
}

/** The curators and songs the loaded swaps hold, to filter by; sorted by name. */
function choicesOf(trades: readonly ListedTrade[]): { traders: Choice[]; tracks: Choice[] } {
  const traders = new Map<string, string>();
  const tracks = new Map<string, string>();
  for (const trade of trades) {
    traders.set(trade.trader.id, traderName(trade.trader.name));
    for (const song of trade.songs) {
      tracks.set(song.id, `${song.title} — ${song.artists.join(', ')}`);
    }
  }
  const sorted = (map: Map<string, string>) =>
    [...map].map(([id, label]) => ({ id, label })).sort((a, b) => compareText(a.label, b.label));
  return { traders: sorted(traders), tracks: sorted(tracks) };
}

/** Filters: by curator (traders), by song (tracks) and by performance. */
export function TradeFiltersBar({
  filters,
  trades,
}: {
  filters: TradeFilters;
  /** Every loaded swap, whatever its bucket. */
  trades: readonly ListedTrade[];
}) {
  const dispatch = useAppDispatch();
  const { traders, tracks } = choicesOf(trades);
  const id = useId();

  return (
    <div
      role="group"
      aria-label="Filter song swaps"
      className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <FilterSelect
        id={`${id}-trader`}
        label="Curator"
        value={filters.traders[0] ?? ''}
        allLabel="All curators"
        choices={traders}
        onChange={(value) => dispatch(tradeFiltersChanged({ traders: value ? [value] : [] }))}
      />
      <FilterSelect
        id={`${id}-track`}
        label="Song"
        value={filters.tracks[0] ?? ''}
        allLabel="All songs"
        choices={tracks}
        onChange={(value) => dispatch(tradeFiltersChanged({ tracks: value ? [value] : [] }))}
      />
      <div className="min-w-48 flex-1">
        <label
          htmlFor={`${id}-performance`}
          className="mb-1.5 block text-sm font-medium text-slate-800"
        >
          Performance
        </label>
        <select
          id={`${id}-performance`}
          className={inputClassName}
          value={filters.performance}
          onChange={(event) =>
            dispatch(tradeFiltersChanged({ performance: event.target.value as TradePerformance }))
          }
        >
          {TRADE_PERFORMANCE.map((performance) => (
            <option key={performance} value={performance}>
              {PERFORMANCE_LABELS[performance]}
            </option>
          ))}
        </select>
      </div>
      {isFiltering(filters) && (
        <Button variant="ghost" onClick={() => dispatch(tradeFiltersCleared())}>
          Clear filters
        </Button>
      )}
    </div>
  );
}

function FilterSelect({
  id,
  label,
  value,
  allLabel,
  choices,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  allLabel: string;
  choices: Choice[];
  onChange: (value: string) => void;
}) {
  // A filter chosen earlier stays selectable even if no loaded swap holds it any more.
  const shown =
    value && !choices.some((choice) => choice.id === value)
      ? [...choices, { id: value, label: 'A former choice' }]
      : choices;
  return (
    <div className="min-w-48 flex-1">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        className={inputClassName}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{allLabel}</option>
        {shown.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
