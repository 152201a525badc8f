import { useId, useState, type FormEvent } from 'react';
import type { Song } from '../../../../../common/api/songs/schemas.js';
import { toDisplayError } from '../../../shared/api/displayError';
import { selectFeatureFlag } from '../../../shared/state/appSlice';
import { useAppSelector } from '../../../shared/state/hooks';
import { ApiErrorAlert } from '../../../shared/ui/ApiErrorAlert';
import { Button } from '../../../shared/ui/Button';
import { cn } from '../../../shared/ui/cn';
import { Switch } from '../../../shared/ui/Switch';
import { inputClassName } from '../../../shared/ui/TextField';
import { TrackLink } from '../../../shared/ui/TrackLink';
import { Artwork } from '../../playlists';
import { STREAMS_MAX } from '../../../../../common/api/trades/limits.js';
import {
  useAcceptRejectSongMutation,
  useRemoveSongFromPlaylistMutation,
  useRemoveTradeSongMutation,
  useUpdateTradeMutation,
} from '../tradesApi';
import { approvalText, formatTradeDate, streamsText, traderName } from '../tradeText';
import type { PlaylistSong, Trade, TradeSong } from '../tradeTypes';
import { MoveForm, PlaceInPlaylistForm } from './PlacementForms';
import { PlacementRecord } from './PlacementRecord';

/** The song's artwork: its own, else its Spotify album's. */
export function songArtwork(song: Song): string | null {
  return song.artworkUrl ?? song.spotify.track?.album.imageUrl ?? null;
}

/**
 * One song of a swap. `placer`: the other trader's song, which the viewer approves or rejects,
 * places into one of their playlists, moves, takes out, or keeps after the swap. `owner`: the
 * viewer's own song, placed by the other side; the viewer sees where and reports its streams.
 */
export function TradeSongCard({
  trade,
  tradeSong,
  role,
}: {
  trade: Trade;
  tradeSong: TradeSong;
  role: 'placer' | 'owner';
}) {
  const song = tradeSong.Song;
  const other = traderName(trade.trader.name);
  const open = trade.status !== 'completed';
  // The day-by-day placement record is trade history (docs/decisions.md, "Trade history is behind its flag").
  const tradeHistory = useAppSelector(selectFeatureFlag('tradeHistory'));
  const [removeTrack, removing] = useRemoveTradeSongMutation();
  const removeError = toDisplayError(removing.error);

  return (
    <li
      aria-label={song.title}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start gap-4">
        <Artwork src={songArtwork(song)} className="size-14" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-slate-900">
            {song.spotify.track ? (
              <TrackLink
                track={song.spotify.track}
                className="hover:text-brand-700 hover:underline"
              >
                {song.title}
              </TrackLink>
            ) : (
              song.title
            )}
          </p>
          <p className="truncate text-sm text-slate-600">{song.artists.join(', ')}</p>
          <ApprovalBadge approved={tradeSong.approved} role={role} other={other} />
        </div>
        {trade.status === 'pending' && (
          <Button
            size="sm"
            variant="ghost"
            busy={removing.isLoading}
            aria-label={`Remove ${song.title} from the swap`}
            onClick={() => void removeTrack({ tradeId: trade.id, tradeSongId: tradeSong.id })}
          >
            Remove
          </Button>
        )}
      </div>
      {removeError && <ApiErrorAlert error={removeError} />}
      {role === 'placer' ? (
        <PlacerControls trade={trade} tradeSong={tradeSong} open={open} />
      ) : (
        <OwnerView trade={trade} tradeSong={tradeSong} other={other} />
      )}
      {tradeHistory && (trade.status === 'accepted' || trade.status === 'completed') && (
        <PlacementRecord checks={tradeSong.checks} />
      )}
    </li>
  );
}

function ApprovalBadge({
  approved,
  role,
  other,
}: {
  approved: TradeSong['approved'];
  role: 'placer' | 'owner';
  other: string;
}) {
  const text =
    role === 'owner'
      ? approved === 0
        ? `Waiting for ${other} to approve`
        : `${approvalText(approved)} by ${other}`
      : approved === 0
        ? 'Waiting for your approval'
        : `${approvalText(approved)} by you`;
  return (
    <p
      className={cn(
        'mt-1 inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        approved === 1 && 'bg-emerald-50 text-emerald-800 ring-emerald-200',
        approved === 2 && 'bg-red-50 text-red-800 ring-red-200',
        approved === 0 && 'bg-amber-50 text-amber-800 ring-amber-200',
      )}
    >
      {text}
    </p>
  );
}

function placementText(placement: PlaylistSong): string {
  return `${placement.playlistName}, position ${placement.PlaylistPosition.position + 1}`;
}

/** The viewer's song: where the other side placed it, and its streams. */
function OwnerView({
  trade,
  tradeSong,
  other,
}: {
  trade: Trade;
  tradeSong: TradeSong;
  other: string;
}) {
  return (
    <div className="space-y-3 text-sm">
      {tradeSong.PlaylistSongs.length > 0 ? (
        <ul className="space-y-1">
          {tradeSong.PlaylistSongs.map((placement) => (
            <li key={placement.id} className="text-slate-700">
              {other} placed it in <span className="font-medium">{placementText(placement)}</span>{' '}
              <span className="text-slate-500">since {formatTradeDate(placement.placedAt)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-500">
          {tradeSong.approved === 2 ? 'Not placed.' : `${other} has not placed it yet.`}
        </p>
      )}
      {(trade.status === 'accepted' || trade.status === 'completed') && (
        <StreamsForm trade={trade} tradeSong={tradeSong} />
      )}
    </div>
  );
}

/** The owner reports the song's streams (no provider gives them). */
function StreamsForm({ trade, tradeSong }: { trade: Trade; tradeSong: TradeSong }) {
  const id = useId();
  const [value, setValue] = useState(tradeSong.streams === null ? '' : String(tradeSong.streams));
  const [updateTrade, { isLoading, error }] = useUpdateTradeMutation();
  const displayError = toDisplayError(error);
  const streams = Number(value);
  const valid = value !== '' && Number.isInteger(streams) && streams >= 0 && streams <= STREAMS_MAX;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid) return;
    void updateTrade({ tradeId: trade.id, tradeSongId: tradeSong.id, streams });
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-700">
          Streams of {tradeSong.Song.title}
        </label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={STREAMS_MAX}
          step={1}
          className={cn(inputClassName, 'w-36')}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
      <Button type="submit" size="sm" variant="secondary" busy={isLoading} disabled={!valid}>
        Report streams
      </Button>
      <span className="pb-1.5 text-xs text-slate-500">
        Reported: {streamsText(tradeSong.streams)}
      </span>
      {displayError && <ApiErrorAlert error={displayError} className="w-full" />}
    </form>
  );
}

/** The other side's song: approve or reject, place, move, take out, keep. */
function PlacerControls({
  trade,
  tradeSong,
  open,
}: {
  trade: Trade;
  tradeSong: TradeSong;
  open: boolean;
}) {
  const [decide, deciding] = useAcceptRejectSongMutation();
  const [removeFromPlaylist, removing] = useRemoveSongFromPlaylistMutation();
  const [updateTrade, keeping] = useUpdateTradeMutation();
  const error = toDisplayError(deciding.error ?? removing.error ?? keeping.error);
  const title = tradeSong.Song.title;
  const placement = tradeSong.PlaylistSongs[0];

  return (
    <div className="space-y-3 text-sm">
      {open && tradeSong.approved === 0 && (
        <div className="flex gap-2">
          <Button
            size="sm"
            busy={deciding.isLoading && deciding.originalArgs?.approved === 1}
            disabled={deciding.isLoading}
            aria-label={`Approve ${title}`}
            onClick={() =>
              void decide({ tradeId: trade.id, tradeSongId: tradeSong.id, approved: 1 })
            }
          >
            Approve
          </Button>
          <Button
            size="sm"
            variant="secondary"
            busy={deciding.isLoading && deciding.originalArgs?.approved === 2}
            disabled={deciding.isLoading}
            aria-label={`Reject ${title}`}
            onClick={() =>
              void decide({ tradeId: trade.id, tradeSongId: tradeSong.id, approved: 2 })
            }
          >
            Reject
          </Button>
        </div>
      )}
      {tradeSong.approved === 1 && placement && (
        <>
          <p className="text-slate-700">
            In <span className="font-medium">{placementText(placement)}</span>{' '}
            <span className="text-slate-500">since {formatTradeDate(placement.placedAt)}</span>
          </p>
          {open && (
            <div className="flex flex-wrap items-end gap-3">
              <MoveForm
                trade={trade}
                tradeSong={tradeSong}
                position={placement.PlaylistPosition.position}
              />
              <Button
                size="sm"
                variant="secondary"
                busy={removing.isLoading}
                onClick={() =>
                  void removeFromPlaylist({
                    tradeId: trade.id,
                    tradeSongId: tradeSong.id,
                    playlistSpotifyId: placement.playlistSpotifyId,
                  })
                }
              >
                Remove from playlist
              </Button>
            </div>
          )}
          <Switch
            label="Keep after the swap"
            description="The song stays in the playlist when the swap ends (no removal date)."
            checked={tradeSong.keep}
            busy={keeping.isLoading}
            disabled={trade.status === 'completed'}
            onCheckedChange={(keep) =>
              void updateTrade({ tradeId: trade.id, tradeSongId: tradeSong.id, keep })
            }
          />
        </>
      )}
      {tradeSong.approved === 1 && !placement && open && (
        <PlaceInPlaylistForm trade={trade} tradeSong={tradeSong} />
      )}
      {tradeSong.approved === 1 && !placement && !open && (
        <p className="text-slate-500">Not placed.</p>
      )}
      <p className="text-xs text-slate-500">
        Streams reported by its owner: {streamsText(tradeSong.streams)}
      </p>
      {error && <ApiErrorAlert error={error} />}
    </div>
  );
}
