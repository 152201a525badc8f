import { useState } from 'react';
import { Link } from 'react-router';
import type { ScheduleEntry } from '../../../../common/api/home/schemas.js';
import { toDisplayError } from '../../shared/api/displayError';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { ApiErrorAlert } from '../../shared/ui/ApiErrorAlert';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { EmptyState } from '../../shared/ui/EmptyState';
import { LoadingState } from '../../shared/ui/LoadingState';
import { PageHeader } from '../../shared/ui/PageHeader';
import { inputClassName } from '../../shared/ui/TextField';
import { dayText } from './deskText';
import { CalendarFeedSection } from './CalendarFeedSection';
import { useScheduleInfiniteQuery } from './scheduleApi';
import { comingUpText } from './deskText';
import { byDay, longDayText } from './scheduleText';

interface Filters {
  playlistId: string;
  partnerId: string;
}

const KIND_LABEL: Record<ScheduleEntry['kind'], string> = {
  swapStart: 'Swap starts',
  swapEnd: 'Swap ends',
  removal: 'Removal',
};

const KIND_STYLE: Record<ScheduleEntry['kind'], string> = {
  swapStart: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  swapEnd: 'bg-brand-50 text-brand-800 ring-brand-200',
  removal: 'bg-amber-50 text-amber-900 ring-amber-200',
};

/**
 * /schedule: every swap period's start and end and every scheduled track removal of the
 * curator's, by day from today, filtered by playlist and partner, in pages ("Show more"); and
 * the secret calendar URL that carries the same schedule into the curator's calendar.
 */
export function ScheduleScreen() {
  useDocumentTitle('Schedule');
  const [filters, setFilters] = useState<Filters>({ playlistId: '', partnerId: '' });
  const arg = {
    ...(filters.playlistId ? { playlistId: filters.playlistId } : {}),
    ...(filters.partnerId ? { partnerId: filters.partnerId } : {}),
  };
  const schedule = useScheduleInfiniteQuery(arg);
  const pages = schedule.data?.pages ?? [];
  const entries = pages.flatMap((page) => page.entries);
  const choices = pages[0]?.filters;
  const error = toDisplayError(schedule.error);
  const today = new Date().toISOString().slice(0, 10);
  const filtered = Boolean(filters.playlistId || filters.partnerId);
  // While the answer for newly chosen filters is on its way, the list still shows the previous
  // one: it is marked busy and dimmed so nobody reads it as the filtered schedule.
  const showingPreviousFilters = schedule.data !== undefined && schedule.currentData === undefined;

  const select = (
    key: keyof Filters,
    label: string,
    anyLabel: string,
    options: readonly { id: string; name: string }[],
  ) => (
    <div className="min-w-0 flex-1 sm:max-w-xs">
      <label
        htmlFor={`schedule-${key}`}
        className="mb-1.5 block text-sm font-medium text-slate-800"
      >
        {label}
      </label>
      <select
        id={`schedule-${key}`}
        className={inputClassName}
        value={filters[key]}
        onChange={(event) => setFilters({ ...filters, [key]: event.target.value })}
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <div>
      <PageHeader
        title="Schedule"
        description="Your swaps’ starts and ends and your playlists’ scheduled removals, day by day from today (UTC)."
      />

      <div role="search" aria-label="Filter the schedule" className="mb-6 flex flex-wrap gap-4">
        {select('playlistId', 'Playlist', 'All playlists', choices?.playlists ?? [])}
        {select('partnerId', 'Partner', 'All partners', choices?.partners ?? [])}
      </div>

      {schedule.isLoading && <LoadingState label="Loading your schedule…" className="py-6" />}
      {error && (
        <ApiErrorAlert
          className="mb-6"
          title="Your schedule could not be loaded"
          error={error}
          onRetry={() => void schedule.refetch()}
        />
      )}
      {schedule.isSuccess && entries.length === 0 && (
        <EmptyState title={filtered ? 'Nothing matches these filters' : 'Nothing scheduled'}>
          {filtered
            ? 'Choose another playlist or partner, or show everything.'
            : 'Swap starts and ends and scheduled track removals will be listed here by day.'}
        </EmptyState>
      )}

      {entries.length > 0 && (
        <ol
          aria-label="Schedule"
          aria-busy={showingPreviousFilters || undefined}
          className={`space-y-6 transition-opacity ${showingPreviousFilters ? 'opacity-60' : ''}`}
        >
          {byDay(entries).map(({ day, entries: ofDay }) => (
            <li key={day}>
              <h2 className="mb-2 text-sm font-semibold text-slate-900">
                <time dateTime={day}>
                  {dayText(day, today)}
                  <span className="font-normal text-slate-600"> · {longDayText(day)}</span>
                </time>
              </h2>
              <Card>
                <ul className="divide-y divide-slate-100">
                  {ofDay.map((entry) => (
                    <li key={`${entry.kind}-${entry.id}`}>
                      <Link
                        to={entry.link}
                        className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-3 text-sm hover:bg-slate-50"
                      >
                        <span
                          className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${KIND_STYLE[entry.kind]}`}
                        >
                          {KIND_LABEL[entry.kind]}
                        </span>
                        <span className="min-w-0 break-words text-slate-900">
                          {comingUpText(entry)}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </Card>
            </li>
          ))}
        </ol>
      )}

      {schedule.hasNextPage && (
        <Button
          variant="secondary"
          className="mt-6"
          busy={schedule.isFetchingNextPage}
          busyLabel="Loading…"
          onClick={() => void schedule.fetchNextPage()}
        >
          Show more
        </Button>
      )}

      <CalendarFeedSection />
    </div>
  );
}
