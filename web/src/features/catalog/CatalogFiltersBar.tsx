import { useId } from 'react';
import { Button } from '../../shared/ui/Button';
import { cn } from '../../shared/ui/cn';
import { SearchIcon, StarIcon } from '../../shared/ui/icons';
import { inputClassName } from '../../shared/ui/TextField';
import { NO_FILTERS, isFiltering, type CatalogFilters } from './catalogFilters';
import { STATUS_LABELS } from './catalogText';
import type { SongStatus } from './catalogTypes';

const STATUS_ORDER: SongStatus[] = ['available', 'pending', 'upcoming', 'not available'];

/** Search within the list, favourites, upcoming releases and one availability value. */
export function CatalogFiltersBar({
  filters,
  onChange,
  shown,
  total,
}: {
  filters: CatalogFilters;
  onChange: (filters: CatalogFilters) => void;
  shown: number;
  total: number;
}) {
  const id = useId();
  const toggleClass = (pressed: boolean) =>
    cn(
      'inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium ring-1 ring-inset transition-colors',
      'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
      pressed
        ? 'bg-brand-50 text-brand-800 ring-brand-300'
        : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
    );
  return (
    <div role="search" aria-label="Filter your catalogue" className="mb-3 space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-48 flex-1">
          <label htmlFor={`${id}-text`} className="sr-only">
            Search your catalogue
          </label>
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <input
            id={`${id}-text`}
            type="search"
            placeholder="Search your catalogue"
            value={filters.text}
            maxLength={200}
            onChange={(event) => onChange({ ...filters, text: event.target.value })}
            className={`${inputClassName} pl-9`}
          />
        </div>
        <button
          type="button"
          aria-pressed={filters.favouritesOnly}
          onClick={() => onChange({ ...filters, favouritesOnly: !filters.favouritesOnly })}
          className={toggleClass(filters.favouritesOnly)}
        >
          <StarIcon
            fill={filters.favouritesOnly ? 'currentColor' : 'none'}
            className="size-4 text-amber-500"
          />
          Favourites
        </button>
        <button
          type="button"
          aria-pressed={filters.upcomingOnly}
          onClick={() => onChange({ ...filters, upcomingOnly: !filters.upcomingOnly })}
          className={toggleClass(filters.upcomingOnly)}
        >
          Upcoming releases
        </button>
        <label htmlFor={`${id}-status`} className="sr-only">
          Availability
        </label>
        <select
          id={`${id}-status`}
          value={filters.status}
          onChange={(event) =>
            onChange({ ...filters, status: event.target.value as CatalogFilters['status'] })
          }
          className="h-9 rounded-lg border-0 bg-white pr-8 pl-3 text-sm text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none"
        >
          <option value="all">Any availability</option>
          {STATUS_ORDER.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center justify-between gap-2 text-xs text-slate-500">
        <p aria-live="polite">
          {isFiltering(filters) ? `Showing ${shown} of ${total} songs` : `${total} songs`}
        </p>
        {isFiltering(filters) && (
          <Button size="sm" variant="ghost" onClick={() => onChange(NO_FILTERS)}>
            Clear filters
          </Button>
        )}
      </div>
    </div>
  );
}
