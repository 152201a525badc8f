import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { looksLikeTrackReference, spotifyTrackIdFrom } from '../../../../common/domain/catalog.js';
import { toDisplayError } from '../../shared/api/displayError';
import { useDebouncedValue } from '../../shared/lib/useDebouncedValue';
import { Alert } from '../../shared/ui/Alert';
import { ApiErrorAlert } from '../../shared/ui/ApiErrorAlert';
import { Button } from '../../shared/ui/Button';
import { NoteIcon, SearchIcon } from '../../shared/ui/icons';
import { inputClassName } from '../../shared/ui/TextField';
import { Spinner } from '../../shared/ui/Spinner';
import { useAddToCatalogMutation, useCatalogSearchQuery, useCatalogTrackQuery } from './catalogApi';
import { SEARCH_QUERY_MAX } from '../../../../common/api/playlists/limits.js';
import { TRACK_REFERENCE_MAX } from '../../../../common/api/songs/limits.js';
import type { SpotifyTrackView } from './catalogTypes';

const SEARCH_DELAY_MS = 350;
const SEARCH_MIN_LENGTH = 2;

/**
 * Add a Spotify track: search Spotify and pick a result, or paste a track link, URI or id
 * (looked up first, so the curator sees what will be added).
 */
export function AddFromSpotify({
  inCatalogue,
  hasSpotify,
}: {
  /** Spotify ids of the songs listed in the catalogue. */
  inCatalogue: ReadonlySet<string>;
  /** Whether a linked Spotify account can be read with. */
  hasSpotify: boolean;
}) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [added, setAdded] = useState<string | null>(null);
  const [addToCatalog, addCall] = useAddToCatalogMutation();
  const addError = toDisplayError(addCall.error);

  const trimmed = text.trim();
  const isReference = looksLikeTrackReference(trimmed);
  // Spotify is asked once typing has settled, not letter by letter.
  const settled = useDebouncedValue(trimmed, SEARCH_DELAY_MS);
  const lookingUp = isReference && settled === trimmed;
  const searching = !isReference && settled.length >= SEARCH_MIN_LENGTH;

  const add = async (track: string, name: string) => {
    setAdded(null);
    const result = await addToCatalog({ track });
    if ('error' in result) return;
    setAdded(name);
    if (isReference) setText('');
  };

  if (!hasSpotify) {
    return (
      <Panel inputId={inputId}>
        <p className="text-sm text-slate-600">
          Adding songs from Spotify needs a connected Spotify account.{' '}
          <Link to="/spotify" className="font-medium text-brand-700 hover:underline">
            Connect Spotify
          </Link>
        </p>
      </Panel>
    );
  }

  return (
    <Panel inputId={inputId}>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <input
          id={inputId}
          type="search"
          autoComplete="off"
          maxLength={Math.max(TRACK_REFERENCE_MAX, SEARCH_QUERY_MAX)}
          placeholder="Song or artist, or https://open.spotify.com/track/…"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setAdded(null);
            addCall.reset();
          }}
          className={`${inputClassName} pl-9`}
        />
      </div>
      <div aria-live="polite" className="mt-3 space-y-3">
        {added && <Alert tone="success">Added {added} to your catalogue.</Alert>}
        {addError && <ApiErrorAlert error={addError} title="The song was not added" />}
      </div>
      {lookingUp && (
        <LinkedTrack
          reference={trimmed}
          inCatalogue={inCatalogue}
          adding={addCall.isLoading}
          onAdd={(track) => void add(trimmed, track.name)}
        />
      )}
      {searching && (
        <SearchResults
          query={settled}
          inCatalogue={inCatalogue}
          addingId={addCall.isLoading ? (addCall.originalArgs?.track ?? null) : null}
          onAdd={(track) => void add(track.id, track.name)}
        />
      )}
    </Panel>
  );
}

function Panel({ inputId, children }: { inputId: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`${inputId}-heading`}
      className="mb-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={`${inputId}-heading`} className="text-sm font-semibold text-slate-900">
        Add from Spotify
      </h2>
      <label htmlFor={inputId} className="mt-1 mb-3 block text-sm text-slate-600">
        Search Spotify or paste a track link
      </label>
      {children}
    </section>
  );
}

/** The track a pasted link names, with its add button. */
function LinkedTrack({
  reference,
  inCatalogue,
  adding,
  onAdd,
}: {
  reference: string;
  inCatalogue: ReadonlySet<string>;
  adding: boolean;
  onAdd: (track: SpotifyTrackView) => void;
}) {
  const trackId = spotifyTrackIdFrom(reference);
  const lookup = useCatalogTrackQuery({ trackId: trackId ?? '' }, { skip: !trackId });
  const error = toDisplayError(lookup.error);
  if (error) {
    return (
      <ApiErrorAlert
        className="mt-3"
        error={
          error.code === 'NOT_FOUND'
            ? { ...error, message: 'Spotify has no track with this link.' }
            : error
        }
      />
    );
  }
  if (!lookup.data) return <Searching label="Looking up the track on Spotify…" />;
  const track = lookup.data.track;
  return (
    <ul aria-label="Linked track" className="mt-3 divide-y divide-slate-100">
      <TrackResult
        track={track}
        inCatalogue={inCatalogue.has(track.id)}
        busy={adding}
        onAdd={onAdd}
      />
    </ul>
  );
}

function SearchResults({
  query,
  inCatalogue,
  addingId,
  onAdd,
}: {
  query: string;
  inCatalogue: ReadonlySet<string>;
  addingId: string | null;
  onAdd: (track: SpotifyTrackView) => void;
}) {
  const search = useCatalogSearchQuery({ query });
  const error = toDisplayError(search.error);
  if (error) return <ApiErrorAlert className="mt-3" error={error} title="Spotify search failed" />;
  if (!search.data || search.isFetching) return <Searching label="Searching Spotify…" />;
  if (search.data.tracks.length === 0) {
    return <p className="mt-3 text-sm text-slate-600">No tracks on Spotify match “{query}”.</p>;
  }
  return (
    <ul aria-label="Spotify results" className="mt-3 divide-y divide-slate-100">
      {search.data.tracks.map((track) => (
        <TrackResult
          key={track.id}
          track={track}
          inCatalogue={inCatalogue.has(track.id)}
          busy={addingId === track.id}
          onAdd={onAdd}
        />
      ))}
    </ul>
  );
}

function TrackResult({
  track,
  inCatalogue,
  busy,
  onAdd,
}: {
  track: SpotifyTrackView;
  inCatalogue: boolean;
  busy: boolean;
  onAdd: (track: SpotifyTrackView) => void;
}) {
  const artists = track.artists.map((artist) => artist.name).join(', ');
  const year = track.album.release_date?.slice(0, 4);
  return (
    <li className="flex items-center gap-3 py-2">
      {track.album.imageUrl ? (
        <img src={track.album.imageUrl} alt="" className="size-10 shrink-0 rounded bg-slate-100" />
      ) : (
        <span className="flex size-10 shrink-0 items-center justify-center rounded bg-slate-100 text-slate-400">
          <NoteIcon className="size-4" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{track.name}</p>
        <p className="truncate text-xs text-slate-500">
          {artists} · {track.album.name}
          {year ? ` · ${year}` : ''}
        </p>
      </div>
      {inCatalogue ? (
        <span className="text-xs font-medium text-slate-500">In catalogue</span>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          busy={busy}
          aria-label={`Add ${track.name} to catalogue`}
          onClick={() => onAdd(track)}
        >
          Add
        </Button>
      )}
    </li>
  );
}

function Searching({ label }: { label: string }) {
  return (
    <p role="status" className="mt-3 flex items-center gap-2 text-sm text-slate-500">
      <Spinner className="size-4 text-brand-600" />
      {label}
    </p>
  );
}
