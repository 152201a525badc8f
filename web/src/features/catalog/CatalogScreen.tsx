import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toDisplayError } from '../../shared/api/displayError';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { selectFeatureFlag } from '../../shared/state/appSlice';
import { useAppSelector } from '../../shared/state/hooks';
import { Alert } from '../../shared/ui/Alert';
import { ApiErrorAlert, UPGRADE_PATH } from '../../shared/ui/ApiErrorAlert';
import { Button } from '../../shared/ui/Button';
import { EmptyState } from '../../shared/ui/EmptyState';
import { CatalogIcon } from '../../shared/ui/icons';
import { LoadingState } from '../../shared/ui/LoadingState';
import { CsvDownloadLink } from '../../shared/ui/CsvDownloadLink';
import { PageHeader } from '../../shared/ui/PageHeader';
import { selectUser } from '../auth';
import { AddFromSpotify } from './AddFromSpotify';
import { useCatalogQuery, useLazyCatalogPageQuery } from './catalogApi';
import { filterCatalog, isFiltering, NO_FILTERS, type CatalogFilters } from './catalogFilters';
import { CatalogFiltersBar } from './CatalogFiltersBar';
import type { CatalogState } from './catalogSlice';
import { catalogUsageText } from './catalogText';
import { NO_PROVIDER_SCORE_TEXT } from './PopularitySparkline';
import { SongRow } from './SongRow';
import { UpcomingReleaseDialog } from './UpcomingReleaseDialog';

/** /catalog: the songs the curator owns or represents, newest release first. */
export function CatalogScreen() {
  useDocumentTitle('Song Catalog');
  const user = useAppSelector(selectUser);
  const hasSpotify = (user?.accounts ?? []).some((account) => !account.regrant);
  const catalog = useCatalogQuery();
  const loadError = toDisplayError(catalog.error);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <>
      <PageHeader
        title="Song Catalog"
        description="The songs you own or represent and your upcoming releases, newest release first. These are the songs you can offer in song swaps."
        actions={
          <div className="flex items-center gap-2">
            <CsvDownloadLink href="/api/exports/catalog" label="Download CSV" />
            <UpcomingReleaseDialog
              onAdded={(title) => setNotice(`Added the upcoming release ${title}.`)}
            />
          </div>
        }
      />
      {notice && (
        <Alert tone="success" className="mb-4">
          {notice}
        </Alert>
      )}
      {catalog.data?.limits && (
        <PlanUsage state={catalog.data} customerPlan={user?.customer.plan} />
      )}
      <AddFromSpotify inCatalogue={spotifyIdsOf(catalog.data)} hasSpotify={hasSpotify} />
      {loadError && (
        <ApiErrorAlert
          error={loadError}
          title="Your catalogue could not be loaded"
          onRetry={() => void catalog.refetch()}
        />
      )}
      {!loadError && !catalog.data && <LoadingState label="Loading your catalogue…" />}
      {catalog.data && <CatalogList state={catalog.data} />}
    </>
  );
}

function spotifyIdsOf(state: CatalogState | undefined): ReadonlySet<string> {
  return new Set(state?.songs.flatMap((song) => (song.spotify.id ? [song.spotify.id] : [])));
}

/** "3 of 5 songs on the free plan", with the way to more when the catalogue is full. */
function PlanUsage({
  state,
  customerPlan,
}: {
  state: CatalogState;
  customerPlan: string | undefined;
}) {
  const limits = state.limits!;
  const full = limits.count >= limits.catalogTracks;
  return (
    <p className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
      <span>{catalogUsageText(limits, customerPlan)}</span>
      {full && <span className="text-amber-800">Your catalogue is full.</span>}
      <Link to={UPGRADE_PATH} className="font-medium text-brand-700 hover:underline">
        See plans
      </Link>
    </p>
  );
}

function CatalogList({ state }: { state: CatalogState }) {
  const popularityFlag = useAppSelector(selectFeatureFlag('popularityScore'));
  const [filters, setFilters] = useState<CatalogFilters>(NO_FILTERS);
  const [loadPage, page] = useLazyCatalogPageQuery();
  const pageError = toDisplayError(page.error);
  const shown = useMemo(() => filterCatalog(state.songs, filters), [state.songs, filters]);

  if (state.songs.length === 0) {
    return (
      <EmptyState icon={<CatalogIcon className="size-6" />} title="Your catalogue is empty">
        Add the songs you own or represent from Spotify, or an upcoming release. Each shows whether
        it is available, pending, upcoming or no longer available, and can be offered in song swaps.
      </EmptyState>
    );
  }

  return (
    <section aria-labelledby="catalog-songs-heading">
      <h2 id="catalog-songs-heading" className="sr-only">
        Your songs
      </h2>
      <CatalogFiltersBar
        filters={filters}
        onChange={setFilters}
        shown={shown.length}
        total={state.songs.length}
      />
      {popularityFlag && !state.providerGivesScore && (
        <Alert tone="info" className="mb-3">
          {NO_PROVIDER_SCORE_TEXT}
        </Alert>
      )}
      {shown.length === 0 ? (
        <EmptyState
          title="No songs match these filters"
          action={
            <Button variant="secondary" onClick={() => setFilters(NO_FILTERS)}>
              Clear filters
            </Button>
          }
        >
          {isFiltering(filters) && state.nextCursor
            ? 'More songs are not loaded yet; load them below to search all of them.'
            : 'Try other words or fewer filters.'}
        </EmptyState>
      ) : (
        <ul
          aria-label="Songs"
          className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm"
        >
          {shown.map((song) => (
            <SongRow
              key={song.id}
              song={song}
              showPopularity={popularityFlag && state.providerGivesScore}
            />
          ))}
        </ul>
      )}
      {pageError && (
        <ApiErrorAlert
          className="mt-3"
          error={pageError}
          title="More songs could not be loaded"
          onRetry={() => state.nextCursor && void loadPage({ cursor: state.nextCursor })}
        />
      )}
      {state.nextCursor && (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            busy={page.isFetching}
            busyLabel="Loading…"
            onClick={() => void loadPage({ cursor: state.nextCursor! })}
          >
            Load more songs
          </Button>
        </div>
      )}
    </section>
  );
}
