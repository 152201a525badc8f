import { Link } from 'react-router';
import { toDisplayError } from '../../../shared/api/displayError';
import { formatDisplayDayOf } from '../../../shared/lib/formatDisplayDate';
import { ApiErrorAlert } from '../../../shared/ui/ApiErrorAlert';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { useWhereIsTrackQuery } from '../historyApi';

/** "Where is this song": every managed playlist of mine holding the track (docs/history.md). */
export function WhereIsTrack({ trackId, trackName }: { trackId: string; trackName: string }) {
  const { data, error, isLoading, refetch } = useWhereIsTrackQuery({ trackId });
  const displayError = toDisplayError(error);
  return (
    <section aria-label={`Where “${trackName}” is`} className="text-sm">
      <h3 className="font-semibold text-slate-900">Where “{trackName}” is</h3>
      {isLoading && <LoadingState label="Looking through your playlists…" className="py-2" />}
      {displayError && (
        <ApiErrorAlert
          error={displayError}
          title="Could not look it up"
          onRetry={() => void refetch()}
        />
      )}
      {data && data.places.length === 0 && (
        <p className="text-slate-600">In none of your managed playlists.</p>
      )}
      {data && data.places.length > 0 && (
        <ul className="mt-1 space-y-1">
          {data.places.map((place) => (
            <li key={`${place.playlistId}-${place.position}`}>
              <span className="font-medium">{place.playlistName}</span> at {place.position + 1},
              since {formatDisplayDayOf(place.since)}
              {place.tradeId && (
                <>
                  {' '}
                  · through a{' '}
                  <Link to={`/songswap/${place.tradeId}`} className="underline">
                    swap
                  </Link>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
