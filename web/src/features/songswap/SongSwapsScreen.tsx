import { useEffect, useMemo, useRef, useState } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { Link, useSearchParams } from 'react-router';
import { toDisplayError } from '../../shared/api/displayError';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { selectFeatureFlags, tradesTableScrolled } from '../../shared/state/appSlice';
import { Alert } from '../../shared/ui/Alert';
import { ApiErrorAlert } from '../../shared/ui/ApiErrorAlert';
import { Button } from '../../shared/ui/Button';
import { EmptyState } from '../../shared/ui/EmptyState';
import { SwapIcon } from '../../shared/ui/icons';
import { LoadingState } from '../../shared/ui/LoadingState';
import { PageHeader } from '../../shared/ui/PageHeader';
import { Switch } from '../../shared/ui/Switch';
import { Tabs } from '../../shared/ui/Tabs';
import { OpenSwapDialog } from './components/OpenSwapDialog';
import { TradeFiltersBar } from './components/TradeFiltersBar';
import { TradesTable } from './components/TradesTable';
import { hasUnknownTrader } from './tradeMirror';
import { filterTrades, isFiltering } from './tradeRules';
import { useLazyTradeQuery, useLazyTradesQuery } from './tradesApi';
import { selectTradesState, type SongswapRootState } from './tradesSlice';
import { showCompletedTradesChanged, tradeFiltersCleared } from './tradeTransitions';
import { STATUS_LABELS, traderName } from './tradeText';
import { TRADE_BUCKETS, type Trade, type TradeStatus } from './tradeTypes';

/** The query parameter naming the tab shown, e.g. /songswap?tab=accepted. */
export const TAB_PARAMETER = 'tab';

/** /songswap: the swaps in four buckets, with filters and "Open a swap". */
export function SongSwapsScreen() {
  useDocumentTitle('Song Swaps');
  const dispatch = useDispatch();
  const flags = useSelector(selectFeatureFlags);
  const state = useSelector(selectTradesState);
  // Trade history (the completed bucket) is behind the tradeHistory flag.
  const showCompleted = flags.tradeHistory && state.showCompletedTrades;
  const statuses = useMemo(
    () => TRADE_BUCKETS.filter((status) => status !== 'completed' || showCompleted),
    [showCompleted],
  );
  const { loadError, retry } = useTradeLists(statuses);
  useNamesOfMirroredTrades(statuses.flatMap((status) => state.buckets[status].list));

  const [searchParams, setSearchParams] = useSearchParams();
  const tab = shownTab(
    searchParams.get(TAB_PARAMETER),
    statuses,
    state.buckets,
    state.selectedTradeId,
  );
  const setTab = (next: TradeStatus) => {
    // Another bucket's table starts at its top.
    if (next !== tab) dispatch(tradesTableScrolled(0));
    setSearchParams(
      (params) => {
        params.set(TAB_PARAMETER, next);
        return params;
      },
      { replace: true },
    );
  };
  const [opened, setOpened] = useState<Trade | null>(null);

  const loaded = statuses.flatMap((status) => state.buckets[status].list);
  const bucket = state.buckets[tab];
  const shown = filterTrades(bucket.list, state.filters);
  const nothingYet =
    statuses.every((status) => state.buckets[status].loading === 'Loaded') && loaded.length === 0;

  return (
    <>
      <PageHeader
        title="Song Swaps"
        description="Swaps you open or receive: you place the other curator’s songs in your playlists and they place yours, for an agreed period."
        actions={
          <OpenSwapDialog
            onOpened={(trade) => {
              setOpened(trade);
              setTab(trade.status);
            }}
          />
        }
      />
      {opened && (
        <Alert tone="success" className="mb-4">
          Swap opened with {traderName(opened.trader.name)}.{' '}
          <Link
            to={`/songswap/${opened.id}`}
            className="font-semibold underline underline-offset-2"
          >
            View the swap
          </Link>
        </Alert>
      )}
      {loadError && (
        <ApiErrorAlert
          error={loadError}
          title="Your song swaps could not be loaded"
          onRetry={retry}
          className="mb-4"
        />
      )}
      {flags.tradeHistory && (
        <Switch
          className="mb-4"
          label="Show completed swaps"
          description="Your swap history: swaps whose period has ended."
          checked={state.showCompletedTrades}
          onCheckedChange={(checked) => dispatch(showCompletedTradesChanged(checked))}
        />
      )}
      {nothingYet ? (
        <EmptyState icon={<SwapIcon className="size-6" />} title="No song swaps yet">
          In a song swap you and another curator place each other’s songs in your playlists for an
          agreed period, and both of you see whether the tracks stayed in place. Open one with a
          curator who has a visible playlist; you need songs in your catalogue to offer.
        </EmptyState>
      ) : (
        <>
          <TradeFiltersBar filters={state.filters} trades={loaded} />
          <Tabs
            label="Song swaps by status"
            value={tab}
            onValueChange={setTab}
            tabs={statuses.map((status) => ({
              id: status,
              label: STATUS_LABELS[status],
              count:
                state.buckets[status].loading === 'Loaded'
                  ? filterTrades(state.buckets[status].list, state.filters).length
                  : null,
            }))}
          >
            {bucket.loading !== 'Loaded' ? (
              loadError ? null : (
                <LoadingState label={`Loading ${STATUS_LABELS[tab].toLowerCase()} swaps…`} />
              )
            ) : shown.length > 0 ? (
              <TradesTable
                key={tab}
                status={tab}
                trades={shown}
                selectedTradeId={state.selectedTradeId}
              />
            ) : bucket.list.length > 0 && isFiltering(state.filters) ? (
              <EmptyState
                title="No swaps match the filters"
                action={
                  <Button variant="secondary" onClick={() => dispatch(tradeFiltersCleared())}>
                    Clear filters
                  </Button>
                }
              />
            ) : (
              <EmptyState title={`No ${STATUS_LABELS[tab].toLowerCase()} swaps`}>
                {EMPTY_BUCKET_TEXT[tab]}
              </EmptyState>
            )}
          </Tabs>
        </>
      )}
    </>
  );
}

const EMPTY_BUCKET_TEXT: Record<TradeStatus, string> = {
  pending: 'Swaps you open or receive wait here until both of you accept.',
  scheduled: 'Accepted swaps with a start date still ahead wait here.',
  accepted: 'Swaps running now show here, with the streams reported on them.',
  completed: 'Swaps whose period has ended show here.',
};

/**
 * The tab to show: the one in the URL; else, coming back within the area, the bucket of the
 * saved selection; else pending.
 */
function shownTab(
  fromUrl: string | null,
  statuses: readonly TradeStatus[],
  buckets: SongswapRootState['trades']['buckets'],
  selectedTradeId: string | null,
): TradeStatus {
  const named = statuses.find((status) => status === fromUrl);
  if (named) return named;
  const holding = statuses.find((status) =>
    buckets[status].list.some((trade) => trade.id === selectedTradeId),
  );
  return holding ?? 'pending';
}

/**
 * Loads the buckets shown (spec section 4: a new fetch clears the listed buckets). Arriving in
 * the area afresh (no saved selection) reads them all again; coming back from a swap keeps the
 * lists, so the saved selection and scroll position show as they were. A bucket that is not
 * loaded (the completed one switched on, or marked after a reconnect) is loaded when shown;
 * after a failure only "Try again" asks again.
 */
function useTradeLists(statuses: readonly TradeStatus[]) {
  const store = useStore<SongswapRootState>();
  const [load, result] = useLazyTradesQuery();
  const enteredAfresh = useRef<boolean | null>(null);
  const loadingStates = useSelector((root: SongswapRootState) =>
    statuses.map((status) => root.trades.buckets[status].loading).join(),
  );
  const failed = result.isError;

  useEffect(() => {
    const { trades } = store.getState();
    enteredAfresh.current ??= trades.selectedTradeId === null;
    const stale = statuses.filter(
      (status) => enteredAfresh.current || trades.buckets[status].loading === 'NotLoaded',
    );
    enteredAfresh.current = false;
    if (stale.length > 0 && !failed) void load({ statuses: stale });
  }, [store, statuses, loadingStates, failed, load]);

  const retry = () => {
    const { trades } = store.getState();
    const stale = statuses.filter((status) => trades.buckets[status].loading === 'NotLoaded');
    void load({ statuses: stale.length > 0 ? stale : [...statuses] });
  };
  return { loadError: toDisplayError(result.error), retry };
}

/**
 * A swap opened by the other side arrives mirrored from their presentation, which does not name
 * them (tradeMirror.ts): such swaps are read once more (trades/trade) for the other curator.
 */
function useNamesOfMirroredTrades(trades: readonly Trade[]) {
  const [readTrade] = useLazyTradeQuery();
  const asked = useRef(new Set<string>());
  const unknown = trades
    .filter(hasUnknownTrader)
    .map((trade) => trade.id)
    .join();
  useEffect(() => {
    for (const tradeId of unknown.split(',').filter(Boolean)) {
      if (asked.current.has(tradeId)) continue;
      asked.current.add(tradeId);
      void readTrade({ tradeId });
    }
  }, [unknown, readTrade]);
}
