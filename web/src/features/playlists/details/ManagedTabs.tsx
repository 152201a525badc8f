import { useMemo, useState } from 'react';
import type { PlaylistItem } from '../playlistTypes';
import { Tabs } from '../../../shared/ui/Tabs';
import { HistoryPanel } from './HistoryPanel';
import { InsightsPanel } from './InsightsPanel';
import { PlaylistExportLink } from './PlaylistExportLink';
import { WhereIsTrack } from './WhereIsTrack';

type TabId = 'insights' | 'history';
const TABS = [
  { id: 'insights', label: 'Insights' },
  { id: 'history', label: 'History' },
] as const;

/** A managed playlist's Insights and History tabs, and "where is this track" per track. */
export function ManagedTabs({
  playlistId,
  playlistName,
  items,
}: {
  playlistId: string;
  playlistName: string;
  items: readonly PlaylistItem[];
}) {
  const [tab, setTab] = useState<TabId>('insights');
  const [trackId, setTrackId] = useState('');
  const names = useMemo(
    () => new Map(items.flatMap((item) => (item.track ? [[item.track.id, item.track.name]] : []))),
    [items],
  ) as ReadonlyMap<string, string>;
  return (
    <div className="mt-8">
      <div className="flex justify-end">
        <PlaylistExportLink playlistId={playlistId} />
      </div>
      <Tabs label="Playlist details" tabs={TABS} value={tab} onValueChange={setTab}>
        {tab === 'insights' ? (
          <InsightsPanel playlistId={playlistId} playlistName={playlistName} />
        ) : (
          <>
            <HistoryPanel playlistId={playlistId} names={names} />
            <div className="mt-6 rounded-lg border border-slate-200 p-4">
              <label className="block text-sm font-medium text-slate-900" htmlFor="where-track">
                Where else is a track of this playlist?
              </label>
              <select
                id="where-track"
                className="mt-1 w-full rounded-md border border-slate-300 p-2 text-sm"
                value={trackId}
                onChange={(event) => setTrackId(event.target.value)}
              >
                <option value="">Pick a track…</option>
                {[...names].map(([id, name]) => (
                  <option key={id} value={id}>
                    {name}
                  </option>
                ))}
              </select>
              {trackId && (
                <div className="mt-3">
                  <WhereIsTrack trackId={trackId} trackName={names.get(trackId) ?? trackId} />
                </div>
              )}
            </div>
          </>
        )}
      </Tabs>
    </div>
  );
}
