import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { PotentialPartner } from '../../../../common/api/users/schemas.js';
import { NAME_QUERY_MAX } from '../../../../common/api/users/limits.js';
import { isMusicTagId, MUSIC_TAGS, type MusicTagId } from '../../../../common/domain/genres.js';
import { toDisplayError } from '../../shared/api/displayError';
import { formatCount } from '../../shared/lib/formatCount';
import { useDebouncedValue } from '../../shared/lib/useDebouncedValue';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { ApiErrorAlert } from '../../shared/ui/ApiErrorAlert';
import { Button } from '../../shared/ui/Button';
import { CheckboxField } from '../../shared/ui/CheckboxField';
import { EmptyState } from '../../shared/ui/EmptyState';
import { DiscoveryIcon } from '../../shared/ui/icons';
import { PlaylistHealthList } from '../../shared/ui/HealthLabel';
import { LoadingState } from '../../shared/ui/LoadingState';
import { PageHeader } from '../../shared/ui/PageHeader';
import { inputClassName, TextField } from '../../shared/ui/TextField';
import {
  CuratorAvatar,
  FitMeter,
  FitReasons,
  partnerRelation,
  RequestButtons,
  requestsArg,
  useFriendRequestsInfiniteQuery,
  usePotentialPartnersInfiniteQuery,
} from '../network';
import {
  FIT_CHOICES,
  filtersFromParams,
  FOLLOWER_CHOICES,
  HONOURED_CHOICES,
  isFiltering,
  paramsFromFilters,
  partnersArg,
  type DiscoveryFilters,
} from './discoveryFilters';

/** /discovery: requests waiting for the user, then potential partners ranked by fit. */
export function DiscoveryScreen() {
  useDocumentTitle('Discovery');
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const setFilters = (next: DiscoveryFilters) =>
    setParams(paramsFromFilters(next), { replace: true });
  return (
    <>
      <PageHeader
        title="Discovery"
        description="Curators you are not connected with yet, who share at least one visible playlist, ranked by how well they fit you."
      />
      <ReceivedRequests />
      <FiltersBar filters={filters} onChange={setFilters} />
      <PartnerList
        filters={filters}
        onClear={() => setFilters(filtersFromParams(new URLSearchParams()))}
      />
    </>
  );
}

/** The friend requests the badge counts, answerable right here. */
function ReceivedRequests() {
  const requests = useFriendRequestsInfiniteQuery(requestsArg('received'));
  const list = requests.data?.pages.flatMap((page) => page.requests) ?? [];
  if (list.length === 0) return null;
  return (
    <section
      aria-labelledby="received-heading"
      className="mb-6 rounded-xl border border-brand-200 bg-brand-50 p-4"
    >
      <h2 id="received-heading" className="text-sm font-semibold text-brand-900">
        Friend requests for you
      </h2>
      <ul aria-label="Friend requests for you" className="mt-3 space-y-2">
        {list.map((request) => (
          <li key={request.user.id} className="flex flex-wrap items-center gap-3">
            <CuratorAvatar curator={request.user} />
            <Link
              to={`/discovery/profile/${request.user.id}`}
              className="flex-1 text-sm font-medium text-slate-900 hover:underline"
            >
              {request.user.name}
            </Link>
            <RequestButtons curator={request.user} relation="requestReceived" />
          </li>
        ))}
      </ul>
    </section>
  );
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

function FiltersBar({
  filters,
  onChange,
}: {
  filters: DiscoveryFilters;
  onChange: (next: DiscoveryFilters) => void;
}) {
  const [query, setQuery] = useState(filters.query);
  const settled = useDebouncedValue(query, 300);
  useEffect(() => {
    if (settled !== filters.query) onChange({ ...filters, query: settled });
    // Only a settled search changes the list; the other filters change it at once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  const select = (
    id: keyof Omit<DiscoveryFilters, 'query' | 'hideBought' | 'genre'>,
    label: string,
    choices: readonly (number | null)[],
    text: (value: number) => string,
  ) => (
    <div>
      <label htmlFor={`filter-${id}`} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={`filter-${id}`}
        className={inputClassName}
        value={filters[id] === null ? '' : String(filters[id])}
        onChange={(event) =>
          onChange({
            ...filters,
            [id]: event.target.value === '' ? null : Number(event.target.value),
          })
        }
      >
        {choices.map((value) => (
          <option key={String(value)} value={value === null ? '' : String(value)}>
            {value === null ? 'Any' : text(value)}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <div
      role="search"
      aria-label="Filter curators"
      className="mb-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5"
    >
      <TextField
        label="Search by name"
        type="search"
        maxLength={NAME_QUERY_MAX}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {select('minFit', 'Fit', FIT_CHOICES, (value) => `${value} or more`)}
      {select(
        'minFollowers',
        'Followers',
        FOLLOWER_CHOICES,
        (value) => `${formatCount(value)} or more`,
      )}
      {select(
        'minHonouredShare',
        'Honoured swaps',
        HONOURED_CHOICES,
        (value) => `${percent(value)} or more`,
      )}
      <GenreFilter value={filters.genre} onChange={(genre) => onChange({ ...filters, genre })} />
      <div className="sm:col-span-2 lg:col-span-5">
        <CheckboxField
          label="Hide curators whose playlists look bought"
          description="Leaves out curators with a visible playlist labelled Suspicious or Likely bought from its follower history."
          checked={filters.hideBought}
          onChange={(event) => onChange({ ...filters, hideBought: event.target.checked })}
        />
      </div>
    </div>
  );
}

const TAGS_BY_KIND = [
  { label: 'Genres', tags: MUSIC_TAGS.filter((tag) => tag.kind === 'genre') },
  { label: 'Moods', tags: MUSIC_TAGS.filter((tag) => tag.kind === 'mood') },
];

/** Only curators with a visible playlist tagged with one genre or mood. */
function GenreFilter({
  value,
  onChange,
}: {
  value: MusicTagId | null;
  onChange: (genre: MusicTagId | null) => void;
}) {
  return (
    <div>
      <label htmlFor="filter-genre" className="mb-1.5 block text-sm font-medium text-slate-800">
        Genre or mood
      </label>
      <select
        id="filter-genre"
        className={inputClassName}
        value={value ?? ''}
        onChange={(event) => onChange(isMusicTagId(event.target.value) ? event.target.value : null)}
      >
        <option value="">Any</option>
        {TAGS_BY_KIND.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.tags.map((tag) => (
              <option key={tag.id} value={tag.id}>
                {tag.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}

function PartnerList({ filters, onClear }: { filters: DiscoveryFilters; onClear: () => void }) {
  const partners = usePotentialPartnersInfiniteQuery(partnersArg(filters));
  const list = partners.data?.pages.flatMap((page) => page.partners) ?? [];
  const error = toDisplayError(partners.error);
  // The previous filters' curators stay on screen, busy and dimmed, until the new answer comes.
  const showingPreviousFilters = partners.data !== undefined && partners.currentData === undefined;
  if (partners.isLoading) return <LoadingState label="Finding curators who fit you…" />;
  if (error) {
    return (
      <ApiErrorAlert
        error={error}
        title="Discovery could not be loaded"
        onRetry={() => void partners.refetch()}
      />
    );
  }
  if (list.length === 0) {
    return isFiltering(filters) ? (
      <EmptyState
        icon={<DiscoveryIcon className="size-6" />}
        title="No curators match these filters"
        action={
          <Button variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
        }
      >
        Try a lower fit, fewer followers, another name or genre, or show every curator.
      </EmptyState>
    ) : (
      <EmptyState icon={<DiscoveryIcon className="size-6" />} title="No curators to discover yet">
        Curators appear here once they connect a Spotify account and make a playlist visible. From
        here you can open their profile, send a friend request and answer the requests you receive.
      </EmptyState>
    );
  }
  return (
    <>
      <ul
        aria-label="Potential partners"
        aria-busy={showingPreviousFilters || undefined}
        className={`grid grid-cols-1 gap-4 transition-opacity lg:grid-cols-2 ${showingPreviousFilters ? 'opacity-60' : ''}`}
      >
        {list.map((partner) => (
          <li key={partner.id}>
            <PartnerCard partner={partner} />
          </li>
        ))}
      </ul>
      {partners.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button
            variant="secondary"
            busy={partners.isFetchingNextPage}
            busyLabel="Loading…"
            onClick={() => void partners.fetchNextPage()}
          >
            Load more curators
          </Button>
        </div>
      )}
    </>
  );
}

function PartnerCard({ partner }: { partner: PotentialPartner }) {
  return (
    <article
      aria-label={partner.name}
      className="flex h-full flex-col gap-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-start gap-3">
        <CuratorAvatar curator={partner} className="size-12" />
        <div className="min-w-0 flex-1">
          <Link
            to={`/discovery/profile/${partner.id}`}
            className="font-semibold text-slate-900 hover:underline"
          >
            {partner.name}
          </Link>
          {partner.network && <p className="truncate text-sm text-slate-600">{partner.network}</p>}
          <p className="text-xs text-slate-500">
            {partner.visiblePlaylists} visible{' '}
            {partner.visiblePlaylists === 1 ? 'playlist' : 'playlists'}
          </p>
        </div>
        <FitMeter score={partner.fit.score} />
      </div>
      <FitReasons fit={partner.fit} />
      {partner.playlists && partner.playlists.length > 0 && (
        <PlaylistHealthList playlists={partner.playlists} label={`Playlists of ${partner.name}`} />
      )}
      <div className="mt-auto">
        <RequestButtons curator={partner} relation={partnerRelation(partner)} />
      </div>
    </article>
  );
}
