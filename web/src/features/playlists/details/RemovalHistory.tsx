import { TrackLink } from '../../../shared/ui/TrackLink';
import type { PlaylistItem, TrackRemovalDate } from '../playlistTypes';
import { removalStatusText } from './RemovalDateField';

/** Records from before the server kept the song's name link to the song under this text. */
export const UNNAMED_TRACK = 'A track whose name was not recorded';

/**
 * Removal dates whose track is no longer in the playlist: what the removal job did with them
 * (the rows of tracks still there show their own). The song is named as it was when its date
 * was set, since the playlist no longer holds it.
 */
export function RemovalHistory({
  records,
  items,
}: {
  records: readonly TrackRemovalDate[];
  items: readonly PlaylistItem[];
}) {
  const present = new Set(items.map((item) => item.track?.id));
  const gone = records
    .filter((record) => !present.has(record.trackId))
    // ISO timestamps order as plain strings (no locale collation needed), latest first.
    .sort((a, b) => (a.removeAt < b.removeAt ? 1 : a.removeAt > b.removeAt ? -1 : 0));
  if (gone.length === 0) return null;
  return (
    <section aria-labelledby="removal-history-heading" className="mt-8">
      <h2 id="removal-history-heading" className="text-base font-semibold text-slate-900">
        Removal dates of tracks no longer in the playlist
      </h2>
      <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm">
        {gone.map((record) => (
          <li
            key={record.id}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-2"
          >
            <span className="min-w-0">
              <TrackLink
                track={{
                  id: record.trackId,
                  name: record.trackName ?? UNNAMED_TRACK,
                  preview_url: null,
                }}
                className={
                  record.trackName
                    ? 'font-medium text-slate-900 hover:text-brand-700 hover:underline'
                    : 'text-slate-600 italic hover:underline'
                }
              />
              {record.trackArtists.length > 0 && (
                <span className="text-slate-600"> · {record.trackArtists.join(', ')}</span>
              )}
            </span>
            <span className={record.outcome === 'failed' ? 'text-red-700' : 'text-slate-700'}>
              {removalStatusText(record)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
