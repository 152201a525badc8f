import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Song } from '../../../../../common/api/songs/schemas.js';
import { UPGRADE_PATH } from '../../../shared/ui/ApiErrorAlert';
import { Spinner } from '../../../shared/ui/Spinner';
import { Artwork } from '../../playlists';
import { formatTradeDate } from '../tradeText';

/**
 * Pre-release songs (catalogue status 'upcoming') in swaps: hidden unless the prerelease flag is
 * on; shown but not choosable when the plan has no pre-release swaps.
 */
export interface PrereleaseAccess {
  flag: boolean;
  plan: boolean;
}

export const isPrerelease = (song: Pick<Song, 'status'>) => song.status === 'upcoming';

/** The songs that may be listed at all. */
export function listableSongs(songs: readonly Song[], access: PrereleaseAccess): Song[] {
  return access.flag ? [...songs] : songs.filter((song) => !isPrerelease(song));
}

/** Artwork, title and artists of a song; pre-release songs say when they come out. */
export function SongLine({ song, aside }: { song: Song; aside?: ReactNode }) {
  return (
    <span className="flex min-w-0 flex-1 items-center gap-3">
      <Artwork src={song.artworkUrl} className="size-10" />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-slate-900">{song.title}</span>
        <span className="block truncate text-xs text-slate-600">{song.artists.join(', ')}</span>
        {isPrerelease(song) && (
          <span className="mt-0.5 inline-block rounded bg-amber-50 px-1.5 text-xs text-amber-800">
            Pre-release{song.releaseDate ? ` · out ${formatTradeDate(song.releaseDate)}` : ''}
          </span>
        )}
      </span>
      {aside}
    </span>
  );
}

/** Says why pre-release songs cannot be chosen on this plan, with the way to plans that can. */
export function PrereleaseNote({
  songs,
  access,
}: {
  songs: readonly Song[];
  access: PrereleaseAccess;
}) {
  if (!access.flag || access.plan || !songs.some(isPrerelease)) return null;
  return (
    <p className="mt-2 text-xs text-slate-600">
      Pre-release swaps come with the Pro and Enterprise plans.{' '}
      <Link to={UPGRADE_PATH} className="font-medium text-brand-700 underline underline-offset-2">
        See plans
      </Link>
    </p>
  );
}

/** A list of songs to tick (opening a swap). */
export function SongCheckList({
  label,
  songs,
  selected,
  onToggle,
  max,
  access,
  state,
  emptyText,
  onMore,
}: {
  label: string;
  songs: readonly Song[];
  selected: ReadonlySet<string>;
  onToggle: (songId: string, checked: boolean) => void;
  max: number;
  access: PrereleaseAccess;
  state: 'loading' | 'error' | 'ready';
  emptyText: string;
  onMore?: () => void;
}) {
  const shown = listableSongs(songs, access);
  const full = selected.size >= max;
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-slate-800">
        {label}{' '}
        <span className="font-normal text-slate-500">
          ({selected.size} of at most {max})
        </span>
      </legend>
      {state === 'loading' && (
        <p role="status" className="mt-2 flex items-center gap-2 text-sm text-slate-500">
          <Spinner className="size-4" /> Loading songs…
        </p>
      )}
      {state === 'error' && (
        <p className="mt-2 text-sm text-red-700">These songs could not be loaded.</p>
      )}
      {state === 'ready' && shown.length === 0 && (
        <p className="mt-2 text-sm text-slate-500">{emptyText}</p>
      )}
      {shown.length > 0 && (
        <ul className="mt-2 max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
          {shown.map((song) => {
            const checked = selected.has(song.id);
            const blocked = isPrerelease(song) && !access.plan;
            return (
              <li key={song.id}>
                <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-slate-50 has-disabled:cursor-not-allowed has-disabled:opacity-60">
                  <input
                    type="checkbox"
                    className="size-4 shrink-0 accent-brand-600"
                    checked={checked}
                    disabled={!checked && (full || blocked)}
                    onChange={(event) => onToggle(song.id, event.target.checked)}
                    aria-label={`${song.title} by ${song.artists.join(', ')}`}
                  />
                  <SongLine song={song} />
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {onMore && (
        <button
          type="button"
          onClick={onMore}
          className="mt-2 text-sm font-medium text-brand-700 hover:underline"
        >
          Show more songs
        </button>
      )}
      <PrereleaseNote songs={shown} access={access} />
    </fieldset>
  );
}
