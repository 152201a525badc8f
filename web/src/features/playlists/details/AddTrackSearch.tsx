import { useId, useState, type KeyboardEvent } from 'react';
import { toDisplayError, type DisplayError } from '../../../shared/api/displayError';
import { formatDuration } from '../../../shared/lib/formatDuration';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { ApiErrorAlert } from '../../../shared/ui/ApiErrorAlert';
import { cn } from '../../../shared/ui/cn';
import { SearchIcon } from '../../../shared/ui/icons';
import { inputClassName } from '../../../shared/ui/TextField';
import { Spinner } from '../../../shared/ui/Spinner';
import { Artwork } from '../PlaylistBits';
import { SEARCH_QUERY_MAX } from '../../../../../common/api/playlists/limits.js';
import { useAddTrackMutation, useSearchTracksQuery } from '../playlistsApi';
import type { SpotifyTrackView } from '../playlistTypes';

/** Typing pauses this long before Spotify is searched. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * "Add a track": searches Spotify as one types (10 results) in a combobox; arrow keys move
 * through the results and Enter adds the highlighted one, at the end or at a chosen position.
 */
export function AddTrackSearch({
  accountId,
  playlistId,
  trackCount,
  trackIdsInPlaylist,
}: {
  accountId: string;
  playlistId: string;
  trackCount: number;
  trackIdsInPlaylist: ReadonlySet<string>;
}) {
  const id = useId();
  const listId = `${id}-results`;
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [position, setPosition] = useState('');
  const [added, setAdded] = useState<string | null>(null);
  const [failure, setFailure] = useState<DisplayError | null>(null);
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useSearchTracksQuery({ accountId, query }, { skip: query.length === 0 });
  const [addTrack, adding] = useAddTrackMutation();
  const results = query.length > 0 ? (search.data?.tracks ?? []) : [];
  const searchError = query.length > 0 ? toDisplayError(search.error) : null;
  const open = results.length > 0 && text.trim().length > 0;
  const wantedPosition = position.trim() === '' ? undefined : Number(position) - 1;
  const positionInvalid =
    wantedPosition !== undefined &&
    (!Number.isInteger(wantedPosition) || wantedPosition < 0 || wantedPosition > trackCount);

  const add = async (track: SpotifyTrackView) => {
    if (positionInvalid || adding.isLoading) return;
    setFailure(null);
    setAdded(null);
    const result = await addTrack({
      accountId,
      playlistId,
      trackId: track.id,
      ...(wantedPosition !== undefined ? { position: wantedPosition } : {}),
    });
    if ('error' in result) {
      setFailure(toDisplayError(result.error));
      return;
    }
    setAdded(
      `${track.name} added ${wantedPosition !== undefined ? `at position ${wantedPosition + 1}` : 'at the end'}.`,
    );
    setText('');
    setPosition('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && results.length > 0) {
      event.preventDefault();
      setActive((current) => (current + 1) % results.length);
    } else if (event.key === 'ArrowUp' && results.length > 0) {
      event.preventDefault();
      setActive((current) => (current - 1 + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const track = results[active];
      if (open && track) void add(track);
    } else if (event.key === 'Escape') {
      setText('');
    }
  };

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
        Add a track
      </h2>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div className="relative min-w-64 flex-1">
          <label
            htmlFor={`${id}-input`}
            className="mb-1.5 block text-sm font-medium text-slate-800"
          >
            Search Spotify
          </label>
          <SearchIcon className="pointer-events-none absolute bottom-2.5 left-3 size-4 text-slate-400" />
          <input
            id={`${id}-input`}
            type="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open ? `${listId}-${active}` : undefined}
            autoComplete="off"
            maxLength={SEARCH_QUERY_MAX}
            placeholder="Title, artist or album"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setActive(0);
              setAdded(null);
            }}
            onKeyDown={onKeyDown}
            className={cn(inputClassName, 'pl-9')}
          />
        </div>
        <div className="w-36">
          <label
            htmlFor={`${id}-position`}
            className="mb-1.5 block text-sm font-medium text-slate-800"
          >
            At position
          </label>
          <input
            id={`${id}-position`}
            type="number"
            inputMode="numeric"
            min={1}
            max={trackCount + 1}
            placeholder="End"
            value={position}
            aria-invalid={positionInvalid || undefined}
            aria-describedby={positionInvalid ? `${id}-position-error` : undefined}
            onChange={(event) => setPosition(event.target.value)}
            className={inputClassName}
          />
        </div>
      </div>
      {positionInvalid && (
        <p id={`${id}-position-error`} className="mt-1.5 text-sm text-red-700">
          Choose a position from 1 to {trackCount + 1}, or leave it empty to add at the end.
        </p>
      )}
      <div className="mt-2 min-h-5 text-sm text-slate-600" aria-live="polite">
        {search.isFetching && query.length > 0 && (
          <span className="inline-flex items-center gap-2">
            <Spinner className="size-4 text-brand-600" /> Searching…
          </span>
        )}
        {!search.isFetching && query.length > 0 && search.data && results.length === 0 && (
          <span>No tracks found for “{query}”.</span>
        )}
        {adding.isLoading && <span>Adding…</span>}
        {added && <span className="text-emerald-700">{added}</span>}
      </div>
      {searchError && (
        <ApiErrorAlert
          error={searchError}
          title="Spotify could not be searched"
          onRetry={() => void search.refetch()}
          className="mt-2"
        />
      )}
      {failure && (
        <ApiErrorAlert error={failure} title="The track was not added" className="mt-2" />
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label="Search results"
        hidden={!open}
        className="mt-2 max-h-96 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200"
      >
        {results.map((track, index) => (
          <li
            key={track.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseEnter={() => setActive(index)}
            onClick={() => void add(track)}
            className={cn(
              'flex cursor-pointer items-center gap-3 px-3 py-2',
              index === active ? 'bg-brand-50' : 'bg-white',
            )}
          >
            <Artwork src={track.album.imageUrl} className="size-9" rounded="rounded" />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-slate-900">
                {track.name}
              </span>
              <span className="block truncate text-xs text-slate-600">
                {track.artists.map((artist) => artist.name).join(', ')} · {track.album.name} ·{' '}
                {formatDuration(track.duration_ms)}
              </span>
            </span>
            {trackIdsInPlaylist.has(track.id) && (
              <span className="rounded-full bg-rose-50 px-2 py-0.5 text-xs font-medium text-rose-800 ring-1 ring-rose-200">
                Already in the playlist
              </span>
            )}
            <span
              aria-hidden="true"
              className={cn(
                'rounded-md px-2.5 py-1 text-xs font-semibold',
                index === active ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-700',
              )}
            >
              Add
            </span>
          </li>
        ))}
      </ul>
      {open && (
        <p className="mt-1.5 text-xs text-slate-500">
          ↑ and ↓ choose a result, Enter adds it, Escape clears the search.
        </p>
      )}
    </section>
  );
}
