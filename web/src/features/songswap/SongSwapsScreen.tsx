import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { toDisplayError } from '../../shared/api/displayError';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { selectFeatureFlags, tradesTableScrolled } from '../../shared/state/appSlice';
import { useAppDispatch, useAppSelector, useAppStore } from '../../shared/state/hooks';
import { Alert } from '../../shared/ui/Alert';
import { ApiErrorAlert } from '../../shared/ui/ApiErrorAlert';
import { Button } from '../../shared/ui/Button';
import { EmptyState } from '../../shared/ui/EmptyState';
import { SwapIcon } from '../../shared/ui/icons';
import { LoadingState } from '../../shared/ui/LoadingState';
import { CsvDownloadLink } from '../../shared/ui/CsvDownloadLink';
import { PageHeader } from '../../shared/ui/PageHeader';
import { Switch } from '../../shared/ui/Switch';
import { Tabs } from '../../shared/ui/Tabs';
import { OpenSwapDialog } from './components/OpenSwapDialog';
import { TradeFiltersBar } from './components/TradeFiltersBar';
import { MoreTrades } from './components/MoreTrades';
import { TradesTable } from './components/TradesTable';
import { tradeBucketsOf, type TradeBucket } from './tradeBuckets';
import { hasUnknownTrader } from './tradeMirror';
import { filterTrades, isFiltering } from './tradeRules';
import { tradesApi, useLazyTradeQuery, useTradesQuery } from './tradesApi';
import type { ScreenReads } from '../../shared/api/screenReads';
import {
  openSwapsCarried,
  openSwapsCarriedShown,
  selectOpenSwapsCarried,
  selectSelectedTradeId,
  selectShowCompletedTrades,
  selectTradeFilters,
  showCompletedTradesChanged,
  tradeFiltersCleared,
} from './tradesUiSlice';
import { STATUS_LABELS, traderName } from './tradeText';
import {
  TRADE_BUCKETS,
  type ChosenTrader,
  type ListedTrade,
  type Trade,
  type TradeStatus,
} from './tradeTypes';

/**
 * /songswap?with={userId} opens "Open a swap" with that curator chosen (a profile's "Open a
 * swap" link; its navigation state carries the curator's name).
 */
export const OPEN_WITH_PARAMETER = 'with';

/** The curator a profile sent the user here to swap with, if any. */
function useTraderToOpenWith(searchParams: URLSearchParams): ChosenTrader | null {
  const { state } = useLocation() as { state: { trader?: ChosenTrader } | null };
  const id = searchParams.get(OPEN_WITH_PARAMETER);
  const trader = state?.trader;
  return id && trader?.id === id && typeof trader.name === 'string' ? trader : null;
}

/** The query parameter naming the tab shown, e.g. /songswap?tab=accepted. */
export const TAB_PARAMETER = 'tab';

/** /songswap: the swaps in four buckets, with filters and "Open a swap". */
export function SongSwapsScreen() {
  useDocumentTitle('Song Swaps');
  const dispatch = useAppDispatch();
  const flags = useAppSelector(selectFeatureFlags);
  const showCompletedTrades = useAppSelector(selectShowCompletedTrades);
  const filters = useAppSelector(selectTradeFilters);
  const selectedTradeId = useAppSelector(selectSelectedTradeId);
  // Trade history (the completed bucket) is behind the tradeHistory flag.
  const showCompleted = flags.tradeHistory && showCompletedTrades;
  const statuses = useMemo(
    () => TRADE_BUCKETS.filter((status) => status !== 'completed' || showCompleted),
    [showCompleted],
  );
  const { buckets, loadError, retry } = useTradeBuckets(showCompleted);
  useNamesOfMirroredTrades(statuses.flatMap((status) => buckets[status].list));

  const [searchParams, setSearchParams] = useSearchParams();
  const tab = shownTab(searchParams.get(TAB_PARAMETER), statuses, buckets, selectedTradeId);
  const openWith = useTraderToOpenWith(searchParams);
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

  const loaded = statuses.flatMap((status) => buckets[status].list);
  const bucket = buckets[tab];
  const shown = filterTrades(bucket.list, filters);
  const nothingYet =
    statuses.every((status) => buckets[status].loading === 'Loaded') && loaded.length === 0;

  return (
    <>
      <PageHeader
        title="Song Swaps"
        description="Swaps you open or receive: you place the other curator’s songs in your playlists and they place yours, for an agreed period."
        actions={
          <div className="flex items-center gap-2">
            <CsvDownloadLink href="/api/exports/swaps" label="Download CSV" />
            <OpenSwapDialog
              initialTrader={openWith}
              onOpened={(trade) => {
                setOpened(trade);
                setTab(trade.status);
              }}
            />
          </div>
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
          checked={showCompletedTrades}
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
          <TradeFiltersBar filters={filters} trades={loaded} />
          <Tabs
            label="Song swaps by status"
            value={tab}
            onValueChange={setTab}
            tabs={statuses.map((status) => ({
              id: status,
              label: STATUS_LABELS[status],
              count:
                buckets[status].loading === 'Loaded'
                  ? filterTrades(buckets[status].list, filters).length
                  : null,
            }))}
          >
            {bucket.loading !== 'Loaded' ? (
              loadError ? null : (
                <LoadingState label={`Loading ${STATUS_LABELS[tab].toLowerCase()} swaps…`} />
              )
            ) : shown.length > 0 ? (
              <>
                <TradesTable
                  key={tab}
                  status={tab}
                  trades={shown}
                  selectedTradeId={selectedTradeId}
                />
                <MoreTrades status={tab} cursor={bucket.nextCursor} />
              </>
            ) : bucket.list.length > 0 && isFiltering(filters) ? (
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
  buckets: Record<TradeStatus, TradeBucket>,
  selectedTradeId: string | null,
): TradeStatus {
  const named = statuses.find((status) => status === fromUrl);
  if (named) return named;
  const holding = statuses.find((status) =>
    buckets[status].list.some((trade) => trade.id === selectedTradeId),
  );
  return holding ?? 'pending';
}

/** The open swaps' buckets, asked for together; the completed one (trade history) apart. */
const OPEN_STATUSES: TradeStatus[] = ['pending', 'scheduled', 'accepted'];
const HISTORY_STATUSES: TradeStatus[] = ['completed'];

/**
 * The buckets from their trades/all queries (a new fetch
 * clears the listed buckets). Arriving in the area afresh (no saved selection) reads the
 * buckets shown again, unless the route's loader has just read them (screenReads: they are
 * that read, openSwapsCarried); coming back from a swap keeps the lists, so the saved
 * selection and scroll position show as they were. The completed bucket is asked for once it is shown; a
 * bucket that is not held (e.g. after a reconnect) is read when shown. After a failure only
 * "Try again" asks again.
 */
function useTradeBuckets(showCompleted: boolean) {
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const [enteredAfresh] = useState(() => {
    const state = store.getState();
    return selectSelectedTradeId(state) === null && !selectOpenSwapsCarried(state);
  });
  useEffect(() => {
    if (selectOpenSwapsCarried(store.getState())) dispatch(openSwapsCarriedShown());
  }, [store, dispatch]);
  const options = { refetchOnMountOrArgChange: enteredAfresh };
  const open = useTradesQuery({ statuses: OPEN_STATUSES }, options);
  const history = useTradesQuery(
    { statuses: HISTORY_STATUSES },
    { ...options, skip: !showCompleted },
  );
  const buckets = tradeBucketsOf([
    { statuses: OPEN_STATUSES, ...open },
    { statuses: HISTORY_STATUSES, ...history },
  ]);
  const failed = [open, history].filter((query) => query.isError && !query.isFetching);
  const retry = () => {
    for (const query of failed) void query.refetch();
  };
  return { buckets, loadError: toDisplayError(failed[0]?.error), retry };
}

/**
 * A swap opened by the other side arrives mirrored from their presentation, which does not name
 * them (tradeMirror.ts): such swaps are read once more (trades/trade) for the other curator.
 */
function useNamesOfMirroredTrades(trades: readonly ListedTrade[]) {
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

/**
 * Arriving afresh (no saved selection), the open buckets' first pages are read again (the
 * completed bucket is asked once it is shown); that read is arriving's fresh read
 * (openSwapsCarried), which the screen does not make again. On the server it goes into the page.
 */
export const screenReads: ScreenReads = (store) => {
  if (selectSelectedTradeId(store.getState()) !== null) return;
  void store.dispatch(
    tradesApi.endpoints.trades.initiate(
      { statuses: OPEN_STATUSES },
      { subscribe: false, forceRefetch: true },
    ),
  );
  store.dispatch(openSwapsCarried());
};
