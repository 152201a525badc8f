import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { toDisplayError } from '../../shared/api/displayError';
import { ApiErrorAlert } from '../../shared/ui/ApiErrorAlert';
import { cn } from '../../shared/ui/cn';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { Spinner } from '../../shared/ui/Spinner';
import { TrackLink } from '../../shared/ui/TrackLink';
import { useOpenedOnce } from '../../shared/ui/useOpenedOnce';
import { WhereIsTrack } from '../playlists';
import { AvailabilityBadge } from './AvailabilityBadge';
import {
  useRemoveFromCatalogMutation,
  useSetFavouriteMutation,
  useSetSongTagsMutation,
  useUpdateSongStatusMutation,
} from './catalogApi';
import { MoreIcon, NoteIcon, StarIcon } from '../../shared/ui/icons';
import { artistLine, formatReleaseDate } from './catalogText';
import type { CuratorSetStatus, Song } from './catalogTypes';
import { SongPopularity } from './PopularitySparkline';
import { MusicTagChips, TagPicker } from '../../shared/ui/TagPicker';
import type { MusicTagId } from '../../../../common/domain/genres.js';

/** One song of the catalogue: artwork, title, artists, release date, availability and actions. */
export function SongRow({
  song,
  showPopularity,
}: {
  song: Song;
  /** The popularityScore flag is on and the provider gives scores. */
  showPopularity: boolean;
}) {
  const [setStatus, statusCall] = useUpdateSongStatusMutation();
  const [setFavourite, favouriteCall] = useSetFavouriteMutation();
  const [setTags, tagsCall] = useSetSongTagsMutation();
  const [removing, setRemoving] = useState(false);
  const [showWhere, setShowWhere] = useState(false);
  const [showGenres, setShowGenres] = useState(false);
  const rowError = toDisplayError(statusCall.error ?? favouriteCall.error ?? tagsCall.error);
  const upcoming = song.properties.upcomingRelease;

  return (
    <li
      aria-label={song.title}
      className="flex flex-col gap-2 px-4 py-3 sm:px-5"
      data-testid="catalog-song"
    >
      <div className="flex items-center gap-4">
        <Artwork url={song.artworkUrl} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-slate-900">
            <SongTitle song={song} />
          </p>
          <p className="truncate text-sm text-slate-600">{artistLine(song.artists)}</p>
          <p className="mt-0.5 text-xs text-slate-500">
            <ReleaseDate song={song} />
          </p>
        </div>
        {showPopularity && (
          <div className="hidden w-28 shrink-0 justify-end md:flex">
            <SongPopularity songId={song.id} />
          </div>
        )}
        <div className="hidden shrink-0 sm:block">
          <AvailabilityBadge song={song} />
        </div>
        <button
          type="button"
          aria-pressed={song.properties.favourite}
          aria-label={`Favourite ${song.title}`}
          title={song.properties.favourite ? 'Remove from favourites' : 'Add to favourites'}
          disabled={favouriteCall.isLoading}
          onClick={() => void setFavourite({ id: song.id, favourite: !song.properties.favourite })}
          className={cn(
            'flex size-9 shrink-0 items-center justify-center rounded-full transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
            'disabled:opacity-60',
            song.properties.favourite
              ? 'text-amber-500 hover:bg-amber-50'
              : 'text-slate-400 hover:bg-slate-100 hover:text-slate-600',
          )}
        >
          {favouriteCall.isLoading ? (
            <Spinner className="size-4" />
          ) : (
            <StarIcon
              fill={song.properties.favourite ? 'currentColor' : 'none'}
              className="size-5"
            />
          )}
        </button>
        {song.spotify.id && (
          <button
            type="button"
            aria-expanded={showWhere}
            onClick={() => setShowWhere((shown) => !shown)}
            className="shrink-0 rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100"
          >
            Where is it?
          </button>
        )}
        <button
          type="button"
          aria-expanded={showGenres}
          aria-label={`Genres of ${song.title}`}
          onClick={() => setShowGenres((shown) => !shown)}
          className="hidden shrink-0 rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 sm:block"
        >
          Genres
        </button>
        <SongActions
          song={song}
          busy={statusCall.isLoading}
          onStatus={(status) => void setStatus({ songId: song.id, status })}
          onRemove={() => setRemoving(true)}
          onGenres={() => setShowGenres(true)}
        />
      </div>
      <div className="sm:hidden">
        <AvailabilityBadge song={song} />
      </div>
      <MusicTagChips tags={song.tags} className="sm:pl-16" />
      {upcoming && song.status === 'upcoming' && !song.spotify.id && (
        <p className="text-xs text-slate-500">
          No Spotify id given, so its availability cannot be checked on Spotify.
        </p>
      )}
      {showWhere && song.spotify.id && (
        <div className="rounded-lg bg-slate-50 p-3">
          <WhereIsTrack trackId={song.spotify.id} trackName={song.title} />
        </div>
      )}
      {showGenres && (
        <div className="rounded-lg bg-slate-50 p-3">
          <TagPicker
            label="Genres and moods"
            tags={song.tags}
            busy={tagsCall.isLoading}
            onChange={(tags) => void setTags({ songId: song.id, tags: tags as MusicTagId[] })}
          />
        </div>
      )}
      {rowError && <ApiErrorAlert error={rowError} />}
      <RemoveSongDialog song={song} open={removing} onOpenChange={setRemoving} />
    </li>
  );
}

/** The title through the Track link helper when Spotify knows the track. */
function SongTitle({ song }: { song: Song }) {
  const linkClass = 'hover:text-brand-700 hover:underline';
  if (song.spotify.track) {
    return <TrackLink track={song.spotify.track} className={linkClass} />;
  }
  if (song.spotify.id) {
    return (
      <TrackLink
        track={{ id: song.spotify.id, name: song.title, preview_url: null }}
        className={linkClass}
      />
    );
  }
  return <>{song.title}</>;
}

function ReleaseDate({ song }: { song: Song }) {
  if (!song.releaseDate) return <>Release date not known</>;
  const label = song.status === 'upcoming' ? 'Releases' : 'Released';
  return (
    <>
      {label} <time dateTime={song.releaseDate}>{formatReleaseDate(song.releaseDate)}</time>
    </>
  );
}

/** Album artwork, or a note when there is none or it cannot be shown. */
function Artwork({ url }: { url: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) {
    return (
      <span className="flex size-12 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-400">
        <NoteIcon className="size-5" />
      </span>
    );
  }
  return (
    <img
      src={url}
      alt=""
      loading="lazy"
      onError={() => setFailed(true)}
      className="size-12 shrink-0 rounded-md bg-slate-100 object-cover"
    />
  );
}

const itemBase =
  'flex cursor-default items-center gap-2 rounded-lg px-2.5 py-2 text-sm outline-none ' +
  'data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100';
const itemClass = `${itemBase} text-slate-700 data-[highlighted]:text-slate-900`;
const dangerItemClass = `${itemBase} text-red-700 data-[highlighted]:text-red-800`;

/** Setting the availability by hand, handing it back to the check, and removing. */
function SongActions({
  song,
  busy,
  onStatus,
  onRemove,
  onGenres,
}: {
  song: Song;
  busy: boolean;
  onStatus: (status: CuratorSetStatus) => void;
  onRemove: () => void;
  /** Opens the genres and moods picker (on a phone, the row has no room for its button). */
  onGenres: () => void;
}) {
  const byHand = song.statusSetBy === 'curator';
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger
        aria-label={`Actions for ${song.title}`}
        disabled={busy}
        className="flex size-9 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 data-[state=open]:bg-slate-100"
      >
        {busy ? <Spinner className="size-4" /> : <MoreIcon className="size-5" />}
      </DropdownMenu.Trigger>
      {opened && (
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-60 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
          >
            <DropdownMenu.Label className="px-2.5 pt-1.5 pb-1 text-xs font-medium text-slate-500">
              Availability
            </DropdownMenu.Label>
            <DropdownMenu.Item
              className={itemClass}
              disabled={!song.spotify.id || (byHand && song.status === 'available')}
              onSelect={() => onStatus('available')}
            >
              Mark as available
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={itemClass}
              disabled={byHand && song.status === 'not available'}
              onSelect={() => onStatus('not available')}
            >
              Mark as not available
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={itemClass}
              disabled={!byHand && song.status === 'pending'}
              onSelect={() => onStatus('pending')}
            >
              Check on Spotify again
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item className={itemClass} onSelect={onGenres}>
              Genres and moods…
            </DropdownMenu.Item>
            <DropdownMenu.Item className={dangerItemClass} onSelect={onRemove}>
              Remove from catalogue…
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      )}
    </DropdownMenu.Root>
  );
}

function RemoveSongDialog({
  song,
  open,
  onOpenChange,
}: {
  song: Song;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [remove, { isLoading, error, reset }] = useRemoveFromCatalogMutation();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title={`Remove ${song.title}?`}
      confirmLabel="Remove song"
      busyLabel="Removing…"
      busy={isLoading}
      error={toDisplayError(error)}
      onConfirm={() => {
        void remove({ songId: song.id }).then((result) => {
          if (!('error' in result)) onOpenChange(false);
        });
      }}
    >
      <p>
        {song.title} by {artistLine(song.artists)} leaves your catalogue and can no longer be
        offered in song swaps. You can add it again later.
      </p>
    </ConfirmDialog>
  );
}
