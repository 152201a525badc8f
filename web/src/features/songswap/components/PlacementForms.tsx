import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toDisplayError } from '../../../shared/api/displayError';
import { ApiErrorAlert } from '../../../shared/ui/ApiErrorAlert';
import { Button } from '../../../shared/ui/Button';
import { cn } from '../../../shared/ui/cn';
import { inputClassName } from '../../../shared/ui/TextField';
import { useManagedPlaylistsQuery } from '../../playlists';
import { POSITION_MAX } from '../../../../../common/api/trades/limits.js';
import { useAddToPlaylistMutation, useUpdatePositionMutation } from '../tradesApi';
import type { Trade, TradeSong } from '../tradeTypes';

/** Position fields count from 1 (the top); the API counts from 0. */
function positionFromField(value: string): number | null {
  const position = Number(value);
  return value !== '' && Number.isInteger(position) && position >= 1 && position <= POSITION_MAX + 1
    ? position - 1
    : null;
}

/** "Place in playlist": one of the viewer's managed playlists (playlists/all) and a position. */
export function PlaceInPlaylistForm({ trade, tradeSong }: { trade: Trade; tradeSong: TradeSong }) {
  const id = useId();
  const playlists = useManagedPlaylistsQuery();
  const managed = playlists.data?.playlists ?? [];
  const [chosen, setChosen] = useState('');
  const [positionField, setPositionField] = useState('1');
  const [place, { isLoading, error }] = useAddToPlaylistMutation();
  const displayError = toDisplayError(error ?? playlists.error);
  const playlistId = chosen || managed[0]?.spotifyId || '';
  const position = positionFromField(positionField);

  if (playlists.data && managed.length === 0) {
    return (
      <p className="text-slate-600">
        To place it, first manage one of your playlists in{' '}
        <Link to="/playlists" className="font-medium text-brand-700 underline underline-offset-2">
          Playlists
        </Link>
        .
      </p>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!playlistId || position === null) return;
    void place({ tradeId: trade.id, tradeSongId: tradeSong.id, playlistId, position });
  };

  return (
    <form
      onSubmit={onSubmit}
      aria-label={`Place ${tradeSong.Song.title} in a playlist`}
      className="flex flex-wrap items-end gap-2"
    >
      <div className="min-w-48 flex-1">
        <label htmlFor={`${id}-playlist`} className="mb-1 block text-xs font-medium text-slate-700">
          Playlist
        </label>
        <select
          id={`${id}-playlist`}
          className={inputClassName}
          value={playlistId}
          disabled={!playlists.data}
          onChange={(event) => setChosen(event.target.value)}
        >
          {managed.map((playlist) => (
            <option key={playlist.spotifyId} value={playlist.spotifyId}>
              {playlist.info.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-position`} className="mb-1 block text-xs font-medium text-slate-700">
          Position
        </label>
        <input
          id={`${id}-position`}
          type="number"
          inputMode="numeric"
          min={1}
          max={POSITION_MAX + 1}
          className={cn(inputClassName, 'w-24')}
          value={positionField}
          onChange={(event) => setPositionField(event.target.value)}
        />
      </div>
      <Button
        type="submit"
        size="sm"
        busy={isLoading}
        busyLabel="Placing…"
        disabled={!playlistId || position === null}
      >
        Place in playlist
      </Button>
      {displayError && <ApiErrorAlert error={displayError} className="w-full" />}
    </form>
  );
}

/** Moves a placed song to another position of its playlist. */
export function MoveForm({
  trade,
  tradeSong,
  position: current,
}: {
  trade: Trade;
  tradeSong: TradeSong;
  position: number;
}) {
  const id = useId();
  const [field, setField] = useState(String(current + 1));
  const [move, { isLoading, error }] = useUpdatePositionMutation();
  const displayError = toDisplayError(error);
  const position = positionFromField(field);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (position === null) return;
    void move({ tradeId: trade.id, tradeSongId: tradeSong.id, position });
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-700">
          Move to position
        </label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={POSITION_MAX + 1}
          className={cn(inputClassName, 'w-24')}
          value={field}
          onChange={(event) => setField(event.target.value)}
        />
      </div>
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        busy={isLoading}
        disabled={position === null || position === current}
      >
        Move
      </Button>
      {displayError && <ApiErrorAlert error={displayError} className="w-full" />}
    </form>
  );
}
