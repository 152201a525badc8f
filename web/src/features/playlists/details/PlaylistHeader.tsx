import { Followers, Artwork, KindBadge, tracksLabel } from '../PlaylistBits';
import type { StreamingPlaylist } from '../playlistTypes';
import type { ReactNode } from 'react';

/**
 * Name, artwork, owner, followers and tracks of a playlist, with its switches. (Its snapshot
 * id is Spotify's version stamp for edits: kept for them, never shown.)
 */
export function PlaylistHeader({
  playlist,
  controls,
}: {
  playlist: StreamingPlaylist;
  controls: ReactNode;
}) {
  const { info } = playlist;
  return (
    <header className="flex flex-col gap-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:p-6">
      <Artwork src={info.imageUrl} className="size-32 sm:size-36" rounded="rounded-lg" prominent />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <KindBadge info={info} />
          {!info.editable && (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200">
              Followed, not editable
            </span>
          )}
        </div>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight break-words text-slate-900">
          {info.name}
        </h1>
        {info.description && (
          <p className="mt-1 line-clamp-2 max-w-2xl text-sm text-slate-600">{info.description}</p>
        )}
        <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <div>
            <dt className="text-xs text-slate-500">Owner</dt>
            <dd className="font-medium text-slate-900">{info.ownerName ?? info.ownerId}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Followers</dt>
            <dd className="font-medium text-slate-900">
              <Followers count={info.followers} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Tracks</dt>
            <dd className="font-medium text-slate-900">{tracksLabel(info.tracksTotal)}</dd>
          </div>
        </dl>
      </div>
      <div className="sm:w-64 sm:shrink-0">{controls}</div>
    </header>
  );
}
