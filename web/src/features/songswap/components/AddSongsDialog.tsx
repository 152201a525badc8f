import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import type { Song } from '../../../../../common/api/songs/schemas.js';
import { toDisplayError } from '../../../shared/api/displayError';
import { selectFeatureFlag } from '../../../shared/state/appSlice';
import { ApiErrorAlert } from '../../../shared/ui/ApiErrorAlert';
import { Button } from '../../../shared/ui/Button';
import { Spinner } from '../../../shared/ui/Spinner';
import { usePlanLimits } from '../../auth';
import { useCatalogQuery } from '../../catalog';
import { TRADE_SONGS_MAX } from '../../../../../common/api/trades/limits.js';
import { useAppSelector } from '../../../shared/state/hooks';
import { useAddTradeSongMutation, useTraderCatalogQuery } from '../tradesApi';
import { traderName } from '../tradeText';
import type { Trade } from '../tradeTypes';
import {
  isPrerelease,
  listableSongs,
  PrereleaseNote,
  SongLine,
  type PrereleaseAccess,
} from './SongChoices';
import { useOpenedOnce } from '../../../shared/ui/useOpenedOnce';
import { ModalLayer } from '../../../shared/ui/ModalLayer';

/**
 * "Add songs" to a pending swap: offer one of the viewer's songs or ask for one of the other
 * curator's (domain.md); either clears both acceptances.
 */
export function AddSongsDialog({ trade }: { trade: Trade }) {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="secondary">Add songs</Button>
      </Dialog.Trigger>
      <ModalLayer opened={opened} width="3xl">
        <Dialog.Title className="text-lg font-semibold text-slate-900">
          Add songs to the swap
        </Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-slate-600">
          Offer your songs or ask for {traderName(trade.trader.name)}’s. Adding a song asks both of
          you to accept again.
        </Dialog.Description>
        {open && <AddSongsLists trade={trade} />}
        <div className="mt-6 flex justify-end">
          <Dialog.Close asChild>
            <Button variant="secondary">Done</Button>
          </Dialog.Close>
        </div>
      </ModalLayer>
    </Dialog.Root>
  );
}

function AddSongsLists({ trade }: { trade: Trade }) {
  const { limits } = usePlanLimits();
  const access: PrereleaseAccess = {
    flag: useAppSelector(selectFeatureFlag('prerelease')),
    plan: limits.prerelease,
  };
  const mine = useCatalogQuery();
  const theirs = useTraderCatalogQuery({ userId: trade.traderId });
  const [addTrack, adding] = useAddTradeSongMutation();
  const error = toDisplayError(adding.error);
  const inSwap = new Set(trade.TradeSongs.map((tradeSong) => tradeSong.songId));

  const list = (
    label: string,
    songs: readonly Song[] | undefined,
    failed: boolean,
    full: boolean,
  ) => {
    const shown = listableSongs(songs ?? [], access).filter((song) => !inSwap.has(song.id));
    return (
      <section aria-label={label} className="min-w-0">
        <h3 className="text-sm font-medium text-slate-800">{label}</h3>
        {full && (
          <p className="mt-1 text-xs text-slate-500">
            This side has {TRADE_SONGS_MAX} songs, the most a swap takes.
          </p>
        )}
        {!songs && !failed && (
          <p role="status" className="mt-2 flex items-center gap-2 text-sm text-slate-500">
            <Spinner className="size-4" /> Loading songs…
          </p>
        )}
        {failed && <p className="mt-2 text-sm text-red-700">These songs could not be loaded.</p>}
        {songs && shown.length === 0 && (
          <p className="mt-2 text-sm text-slate-500">No more songs to add.</p>
        )}
        {shown.length > 0 && (
          <ul className="mt-2 max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
            {shown.map((song) => (
              <li key={song.id} className="flex items-center gap-3 px-3 py-2">
                <SongLine
                  song={song}
                  aside={
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Add ${song.title}`}
                      busy={adding.isLoading && adding.originalArgs?.songId === song.id}
                      disabled={full || adding.isLoading || (isPrerelease(song) && !access.plan)}
                      onClick={() => void addTrack({ tradeId: trade.id, songId: song.id })}
                    >
                      Add
                    </Button>
                  }
                />
              </li>
            ))}
          </ul>
        )}
        <PrereleaseNote songs={shown} access={access} />
      </section>
    );
  };

  return (
    <div className="mt-5 space-y-4">
      {error && <ApiErrorAlert error={error} />}
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        {list(
          'Your songs',
          mine.data?.songs,
          Boolean(mine.error),
          trade.userTracks.length >= TRADE_SONGS_MAX,
        )}
        {list(
          `${traderName(trade.trader.name)}’s songs`,
          theirs.data?.songs,
          Boolean(theirs.error),
          trade.traderTracks.length >= TRADE_SONGS_MAX,
        )}
      </div>
    </div>
  );
}
