import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import type { Song } from '../../../../../common/api/songs/schemas.js';
import { formLevelMessage, toDisplayError } from '../../../shared/api/displayError';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { selectFeatureFlag } from '../../../shared/state/appSlice';
import { Alert } from '../../../shared/ui/Alert';
import { ApiErrorAlert } from '../../../shared/ui/ApiErrorAlert';
import { Button } from '../../../shared/ui/Button';
import { PlaylistHealthList } from '../../../shared/ui/HealthLabel';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { Spinner } from '../../../shared/ui/Spinner';
import { FieldError, TextField } from '../../../shared/ui/TextField';
import { usePlanLimits } from '../../auth';
import { useCatalogQuery, useLazyCatalogPageQuery } from '../../catalog';
import { usePublicProfileQuery } from '../../network';
import { UserAvatar } from '../../shell';
import {
  PITCH_MAX,
  TRADE_SONGS_MAX,
  TRADER_QUERY_MAX,
} from '../../../../../common/api/trades/limits.js';
import { TextAreaField } from '../../../shared/ui/TextAreaField';
import { useAppSelector } from '../../../shared/state/hooks';
import {
  useLazyTraderCatalogQuery,
  useOpenTradeMutation,
  usePotentialTradersQuery,
  useTraderCatalogQuery,
} from '../tradesApi';
import { periodText, traderName } from '../tradeText';
import type { ChosenTrader, Trade } from '../tradeTypes';
import { SongCheckList, type PrereleaseAccess } from './SongChoices';
import { ModalLayer } from '../../../shared/ui/ModalLayer';

const FORM_FIELDS = ['traderId', 'periodDays', 'startDate', 'songIds', 'pitch'];
/** What the swap is opened with when the plan allows it; else the plan's shortest period. */
const PREFERRED_PERIOD_DAYS = 14;

/**
 * OpenSwapDialog's dialog and its form, with Radix's dialog code and the catalog and network
 * reads: loaded when the curator first opens it. Closed, the focus goes back to what had it when
 * it opened (the "Open a swap" button), as Radix does for its own trigger.
 */
export function OpenSwapPanel({
  open,
  onOpenChange,
  onOpened,
  initialTrader,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOpened: (trade: Trade) => void;
  initialTrader: ChosenTrader | null;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <ModalLayer width="3xl" returnsFocus>
        {open && (
          <OpenSwapForm
            initialTrader={initialTrader}
            onCancel={() => onOpenChange(false)}
            onOpened={(trade) => {
              onOpenChange(false);
              onOpened(trade);
            }}
          />
        )}
      </ModalLayer>
    </Dialog.Root>
  );
}

function OpenSwapForm({
  initialTrader,
  onCancel,
  onOpened,
}: {
  initialTrader: ChosenTrader | null;
  onCancel: () => void;
  onOpened: (trade: Trade) => void;
}) {
  const { limits, label: planLabel } = usePlanLimits();
  const periods = limits.swapPeriodDays;
  const access: PrereleaseAccess = {
    flag: useAppSelector(selectFeatureFlag('prerelease')),
    plan: limits.prerelease,
  };
  const [trader, setTrader] = useState<ChosenTrader | null>(initialTrader);
  const [periodDays, setPeriodDays] = useState(
    periods.includes(PREFERRED_PERIOD_DAYS) ? PREFERRED_PERIOD_DAYS : (periods[0] ?? 7),
  );
  const [startDate, setStartDate] = useState('');
  const [pitch, setPitch] = useState('');
  const [mine, setMine] = useState<ReadonlySet<string>>(new Set());
  const [theirs, setTheirs] = useState<ReadonlySet<string>>(new Set());
  const [openTrade, { isLoading, error }] = useOpenTradeMutation();
  const displayError = toDisplayError(error);
  const fields = displayError?.fields ?? {};
  const formMessage =
    displayError?.code === 'PLAN_LIMIT' ? null : formLevelMessage(displayError, FORM_FIELDS);

  const chooseTrader = (next: ChosenTrader) => {
    if (next.id !== trader?.id) setTheirs(new Set());
    setTrader(next);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!trader) return;
    const result = await openTrade({
      traderId: trader.id,
      periodDays,
      ...(startDate ? { startDate } : {}),
      songIds: [...mine, ...theirs],
      ...(pitch.trim() ? { pitch: pitch.trim() } : {}),
    });
    if (!('error' in result)) onOpened(result.data.trade);
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Dialog.Title className="text-lg font-semibold text-slate-900">Open a song swap</Dialog.Title>
      <Dialog.Description className="mt-1 text-sm text-slate-600">
        Choose a curator, how long each of you keeps the other’s songs in place, and the songs. You
        can add songs until both of you accept.
      </Dialog.Description>

      <div className="mt-5 space-y-6">
        {displayError?.code === 'PLAN_LIMIT' && <ApiErrorAlert error={displayError} />}
        {formMessage && <Alert tone="error">{formMessage}</Alert>}

        <TraderPicker chosen={trader} onChoose={chooseTrader} error={fields.traderId} />
        {trader && <TraderPlaylistsHealth key={trader.id} trader={trader} />}

        <TextAreaField
          label="Pitch (optional)"
          name="pitch"
          rows={2}
          maxLength={PITCH_MAX}
          placeholder="Why this swap fits: your songs, their playlists, your listeners."
          hint={`${trader ? traderName(trader.name) : 'Your partner'} sees it at the top of the swap. ${pitch.length}/${PITCH_MAX} characters, plain text.`}
          value={pitch}
          onChange={(event) => setPitch(event.target.value)}
          error={fields.pitch}
        />

        <div className="grid grid-cols-1 gap-6 sm:grid-cols-2">
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Period</legend>
            <p className="text-xs text-slate-500">The periods of your plan: {planLabel}.</p>
            <div className="mt-2 flex flex-wrap gap-2">
              {periods.map((days) => (
                <label
                  key={days}
                  className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-1.5 text-sm ring-1 ring-slate-300 has-checked:bg-brand-50 has-checked:ring-brand-500"
                >
                  <input
                    type="radio"
                    name="periodDays"
                    value={days}
                    checked={periodDays === days}
                    onChange={() => setPeriodDays(days)}
                    className="accent-brand-600"
                  />
                  {periodText(days)}
                </label>
              ))}
            </div>
            {fields.periodDays && <FieldError id="period-error" message={fields.periodDays} />}
          </fieldset>
          <TextField
            label="Start date (optional)"
            type="date"
            name="startDate"
            hint="Without one, the swap starts as soon as both of you accept."
            value={startDate}
            onChange={(event) => setStartDate(event.target.value)}
            error={fields.startDate}
          />
        </div>

        <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
          <MyCatalogue selected={mine} onChange={setMine} access={access} />
          {trader ? (
            <TraderCatalogue
              key={trader.id}
              trader={trader}
              selected={theirs}
              onChange={setTheirs}
              access={access}
            />
          ) : (
            <div>
              <p className="text-sm font-medium text-slate-800">Their songs</p>
              <p className="mt-2 text-sm text-slate-500">Choose a curator to see their songs.</p>
            </div>
          )}
        </div>
        {fields.songIds && <FieldError id="songs-error" message={fields.songIds} />}
      </div>

      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={isLoading}>
          Cancel
        </Button>
        <Button type="submit" busy={isLoading} busyLabel="Opening…" disabled={!trader}>
          Open swap
        </Button>
      </div>
    </form>
  );
}

/**
 * The chosen curator's visible playlists with their health labels (docs/playlist-health.md),
 * from their profile: what their followers look like before a song goes in front of them.
 */
function TraderPlaylistsHealth({ trader }: { trader: ChosenTrader }) {
  const { data: profile, isLoading } = usePublicProfileQuery({ userId: trader.id });
  if (isLoading) return <LoadingState label="Loading their playlists…" className="py-2" />;
  if (!profile) return null;
  return (
    <section aria-labelledby="trader-playlists-heading">
      <h3 id="trader-playlists-heading" className="text-sm font-medium text-slate-800">
        {trader.name}’s playlists
      </h3>
      {profile.playlists.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">No visible playlists.</p>
      ) : (
        <PlaylistHealthList playlists={profile.playlists} className="mt-2" />
      )}
    </section>
  );
}

function toggled(set: ReadonlySet<string>, id: string, checked: boolean): ReadonlySet<string> {
  const next = new Set(set);
  if (checked) next.add(id);
  else next.delete(id);
  return next;
}

/** potential-traders with a name filter; one is chosen. */
function TraderPicker({
  chosen,
  onChoose,
  error,
}: {
  chosen: ChosenTrader | null;
  onChoose: (trader: ChosenTrader) => void;
  error?: string;
}) {
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query.trim(), 300);
  const traders = usePotentialTradersQuery(settled ? { query: settled } : {});
  const loadError = toDisplayError(traders.error);
  const list = traders.data?.traders ?? [];

  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Curator</legend>
      <TextField
        label="Find a curator by name"
        className="mt-2"
        type="search"
        maxLength={TRADER_QUERY_MAX}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        error={error}
      />
      {loadError && (
        <ApiErrorAlert error={loadError} className="mt-2" onRetry={() => void traders.refetch()} />
      )}
      {traders.isFetching && !traders.data && (
        <p role="status" className="mt-2 flex items-center gap-2 text-sm text-slate-500">
          <Spinner className="size-4" /> Finding curators…
        </p>
      )}
      {traders.data && list.length === 0 && (
        <p className="mt-2 text-sm text-slate-500">
          No curators found. Curators show here once they make a managed playlist visible.
        </p>
      )}
      {list.length > 0 && (
        <div
          role="radiogroup"
          aria-label="Curators"
          className="mt-2 grid grid-cols-1 max-h-48 gap-2 overflow-y-auto sm:grid-cols-2"
        >
          {list.map((trader) => (
            <label
              key={trader.id}
              className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 ring-1 ring-slate-200 hover:bg-slate-50 has-checked:bg-brand-50 has-checked:ring-brand-500 has-focus-visible:ring-2 has-focus-visible:ring-brand-600"
            >
              <input
                type="radio"
                name="traderId"
                value={trader.id}
                checked={chosen?.id === trader.id}
                onChange={() => onChoose(trader)}
                className="sr-only"
              />
              <UserAvatar user={{ ...trader, images: [] }} />
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-slate-900">
                  {trader.name}
                </span>
                <span className="block text-xs text-slate-500">
                  {trader.visiblePlaylists} visible{' '}
                  {trader.visiblePlaylists === 1 ? 'playlist' : 'playlists'} · {trader.catalogSongs}{' '}
                  {trader.catalogSongs === 1 ? 'song' : 'songs'}
                </span>
              </span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

function MyCatalogue({
  selected,
  onChange,
  access,
}: {
  selected: ReadonlySet<string>;
  onChange: (next: ReadonlySet<string>) => void;
  access: PrereleaseAccess;
}) {
  const catalog = useCatalogQuery();
  const [loadMore, more] = useLazyCatalogPageQuery();
  const nextCursor = catalog.data?.nextCursor ?? null;
  return (
    <SongCheckList
      label="Your songs"
      songs={catalog.data?.songs ?? []}
      selected={selected}
      onToggle={(id, checked) => onChange(toggled(selected, id, checked))}
      max={TRADE_SONGS_MAX}
      access={access}
      state={catalog.error ? 'error' : catalog.data ? 'ready' : 'loading'}
      emptyText="Your catalogue is empty. Add songs in the Song Catalog to offer them."
      onMore={
        nextCursor && !more.isFetching ? () => void loadMore({ cursor: nextCursor }) : undefined
      }
    />
  );
}

function TraderCatalogue({
  trader,
  selected,
  onChange,
  access,
}: {
  trader: ChosenTrader;
  selected: ReadonlySet<string>;
  onChange: (next: ReadonlySet<string>) => void;
  access: PrereleaseAccess;
}) {
  const first = useTraderCatalogQuery({ userId: trader.id });
  const [fetchPage, page] = useLazyTraderCatalogQuery();
  const [later, setLater] = useState<{ songs: Song[]; nextCursor: string | null } | null>(null);
  const songs = [...(first.data?.songs ?? []), ...(later?.songs ?? [])];
  const nextCursor = later ? later.nextCursor : (first.data?.nextCursor ?? null);

  const showMore = async (cursor: string) => {
    const { data } = await fetchPage({ userId: trader.id, cursor });
    if (!data) return;
    setLater((held) => ({
      songs: [...(held?.songs ?? []), ...data.songs],
      nextCursor: data.nextCursor,
    }));
  };

  return (
    <SongCheckList
      label={`${trader.name}’s songs`}
      songs={songs}
      selected={selected}
      onToggle={(id, checked) => onChange(toggled(selected, id, checked))}
      max={TRADE_SONGS_MAX}
      access={access}
      state={first.error ? 'error' : first.data ? 'ready' : 'loading'}
      emptyText={`${trader.name} has no songs in their catalogue yet.`}
      onMore={nextCursor && !page.isFetching ? () => void showMore(nextCursor) : undefined}
    />
  );
}
