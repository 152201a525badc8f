import type { PlaylistItem, TrackRemovalDate } from '../playlistTypes';
import { removalStatusText } from './RemovalDateField';

/**
 * Removal dates whose track is no longer in the playlist: what the removal job did with them
 * (the rows of tracks still there show their own).
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
    .sort((a, b) => b.removeAt.localeCompare(a.removeAt));
  if (gone.length === 0) return null;
  return (
    <section aria-labelledby="removal-history-heading" className="mt-8">
      <h2 id="removal-history-heading" className="text-base font-semibold text-slate-900">
        Removal dates of tracks no longer in the playlist
      </h2>
      <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm">
        {gone.map((record) => (
          <li key={record.id} className="flex flex-wrap justify-between gap-2 px-4 py-2">
            <span className="font-mono text-xs text-slate-600">Track {record.trackId}</span>
            <span className={record.outcome === 'failed' ? 'text-red-700' : 'text-slate-700'}>
              {removalStatusText(record)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
