import { toDisplayError } from '../../../shared/api/displayError';
import { formatCount } from '../../../shared/lib/formatCount';
import { ApiErrorAlert } from '../../../shared/ui/ApiErrorAlert';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { NO_FOLLOWER_COUNT, tracksLabel } from '../PlaylistBits';
import { useInsightsQuery } from '../playlistsApi';
import { FollowerChart } from './FollowerChart';

export const HISTORY_STARTS_TODAY = 'The follower history starts today and fills in daily.';

type InsightsQuery = ReturnType<typeof useInsightsQuery>;

/**
 * What the panel reads of its query: its request starting (right after the page is hydrated)
 * does not render the panel again. A query not started yet counts as loading, as the hook
 * reports it without selectFromResult: the server's page shows the panel loading.
 */
function insightsState({
  data,
  error,
  isLoading,
  isUninitialized,
}: {
  data?: InsightsQuery['data'];
  error?: InsightsQuery['error'];
  isLoading: boolean;
  isUninitialized: boolean;
}) {
  return { data, error, isLoading: isLoading || isUninitialized };
}

/** Insights of a managed playlist: follower history and its 30-day average. */
export function InsightsPanel({
  playlistId,
  playlistName,
}: {
  playlistId: string;
  playlistName: string;
}) {
  const { data, error, isLoading, refetch } = useInsightsQuery(
    { playlistId },
    { selectFromResult: insightsState },
  );
  const displayError = toDisplayError(error);

  return (
    <section
      aria-labelledby="insights-heading"
      className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="insights-heading" className="text-base font-semibold text-slate-900">
          Insights
        </h2>
        {data?.followersKnown && (
          <p className="text-sm text-slate-600">
            30-day average:{' '}
            <span className="text-lg font-semibold text-slate-900">
              {data.followersAverage30 === null
                ? '—'
                : formatCount(Math.round(data.followersAverage30))}
            </span>{' '}
            followers
          </p>
        )}
      </div>
      <div className="mt-4">
        {isLoading && <LoadingState label="Loading the follower history…" className="py-8" />}
        {displayError && (
          <ApiErrorAlert
            error={displayError}
            title="The insights could not be loaded"
            onRetry={() => void refetch()}
          />
        )}
        {data && !data.followersKnown && (
          <p className="text-sm text-slate-600">
            {NO_FOLLOWER_COUNT}, so there is no follower history to draw.
            {data.points.length > 0 && (
              <>
                {' '}
                It holds {tracksLabel(data.points[data.points.length - 1]?.tracksTotal ?? 0)} today.
              </>
            )}
          </p>
        )}
        {data && data.followersKnown && data.points.length < 2 && (
          <p className="text-sm text-slate-600">
            {HISTORY_STARTS_TODAY}
            {data.points[0]?.followers != null && (
              <> Today: {formatCount(data.points[0].followers)} followers.</>
            )}
          </p>
        )}
        {data && data.followersKnown && data.points.length >= 1 && (
          <FollowerChart
            playlistName={playlistName}
            points={data.points}
            average={data.followersAverage30}
          />
        )}
      </div>
    </section>
  );
}
