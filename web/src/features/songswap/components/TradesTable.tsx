import { useLayoutEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  selectTradesTableScrollPosition,
  tradesTableScrolled,
} from '../../../shared/state/appSlice';
import { useAppDispatch, useAppStore } from '../../../shared/state/hooks';
import { cn } from '../../../shared/ui/cn';
import { UserAvatar } from '../../shell';
import { tradeSelected } from '../tradesUiSlice';
import { formatTradeDate, periodText, STATUS_LABELS, streamsText, traderName } from '../tradeText';
import type { ListedTrade, TradeStatus } from '../tradeTypes';

/**
 * Below the md breakpoint a row is a card: its cells stack two by two, each under its column's
 * name (the cell's data-label, which replaces the hidden header row for every reader), so the
 * list fits a phone without scrolling sideways.
 */
const CARD_ROW =
  'max-md:grid max-md:grid-cols-2 max-md:gap-x-4 max-md:gap-y-3 max-md:px-4 max-md:py-4';
const CARD_CELL =
  'max-md:p-0 max-md:whitespace-normal max-md:before:mb-0.5 max-md:before:block max-md:before:text-xs max-md:before:font-semibold max-md:before:tracking-wide max-md:before:text-slate-500 max-md:before:uppercase max-md:before:content-[attr(data-label)]';

/**
 * One bucket's swaps, a table (cards on a phone). The table scrolls by itself; where it was scrolled to is kept in
 * app.ui.tradesTableScrollPosition and restored when the list shows again within the song-swap
 * area. Opening a swap remembers it as the saved selection.
 */
export function TradesTable({
  status,
  trades,
  selectedTradeId,
}: {
  status: TradeStatus;
  trades: readonly ListedTrade[];
  selectedTradeId: string | null;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const store = useAppStore();
  const scroller = useRef<HTMLDivElement>(null);

  // Where the list was left, once, when it shows with its rows.
  useLayoutEffect(() => {
    const element = scroller.current;
    const position = selectTradesTableScrollPosition(store.getState());
    // Setting scrollTop lays the page out at once, inside React's commit: only when needed.
    if (element && position > 0) element.scrollTop = position;
  }, [store]);

  const open = (tradeId: string) => {
    dispatch(tradeSelected(tradeId));
    if (scroller.current) dispatch(tradesTableScrolled(scroller.current.scrollTop));
  };

  return (
    <div
      ref={scroller}
      data-testid="trades-table-scroller"
      onScroll={(event) => dispatch(tradesTableScrolled(event.currentTarget.scrollTop))}
      className="max-h-[calc(100dvh-22rem)] min-h-32 overflow-auto rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <table className="w-full text-left text-sm max-md:block md:min-w-[44rem]">
        <caption className="sr-only">{STATUS_LABELS[status]} song swaps</caption>
        <thead className="sticky top-0 z-10 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase max-md:hidden">
          <tr>
            <th scope="col" className="px-4 py-3">
              Curator
            </th>
            <th scope="col" className="px-4 py-3">
              Songs
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3">
              Period
            </th>
            <th scope="col" className="px-4 py-3">
              Dates
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Streams
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-md:block">
          {trades.map((trade) => {
            const selected = trade.id === selectedTradeId;
            return (
              <tr
                key={trade.id}
                aria-current={selected ? 'true' : undefined}
                onClick={() => {
                  open(trade.id);
                  void navigate(`/songswap/${trade.id}`);
                }}
                className={cn(
                  'cursor-pointer align-top transition-colors hover:bg-slate-50',
                  CARD_ROW,
                  selected && 'bg-brand-50 hover:bg-brand-50',
                )}
              >
                <td className="px-4 py-3 max-md:col-span-2 max-md:p-0">
                  <div className="flex items-center gap-3">
                    <UserAvatar
                      user={{
                        name: traderName(trade.trader.name),
                        userProfilePicture: trade.trader.userProfilePicture,
                        images: [],
                      }}
                    />
                    <Link
                      to={`/songswap/${trade.id}`}
                      onClick={(event) => {
                        event.stopPropagation();
                        open(trade.id);
                      }}
                      className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
                    >
                      {traderName(trade.trader.name)}
                    </Link>
                  </div>
                  {trade.status === 'pending' && trade.pitch && (
                    <p
                      className="mt-1 max-w-xs truncate text-xs text-slate-500 italic"
                      title={trade.pitch}
                    >
                      “{trade.pitch}”
                    </p>
                  )}
                </td>
                <td
                  data-label="Songs"
                  className={cn('px-4 py-3 whitespace-nowrap text-slate-700', CARD_CELL)}
                >
                  <span className="block">Yours: {trade.userSongs}</span>
                  <span className="block text-slate-500">Theirs: {trade.traderSongs}</span>
                </td>
                <td data-label="Status" className={cn('px-4 py-3', CARD_CELL)}>
                  <StatusCell trade={trade} />
                </td>
                <td
                  data-label="Period"
                  className={cn('px-4 py-3 whitespace-nowrap text-slate-700', CARD_CELL)}
                >
                  {periodText(trade.periodDays)}
                </td>
                <td
                  data-label="Dates"
                  className={cn('px-4 py-3 whitespace-nowrap text-slate-700', CARD_CELL)}
                >
                  <DatesCell trade={trade} />
                </td>
                <td
                  data-label="Streams"
                  className={cn(
                    'px-4 py-3 text-right whitespace-nowrap text-slate-700 tabular-nums max-md:text-left',
                    CARD_CELL,
                  )}
                >
                  {streamsText(trade.streams ?? null)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const STATUS_TONES: Record<TradeStatus, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  scheduled: 'bg-sky-50 text-sky-800 ring-sky-200',
  accepted: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  completed: 'bg-slate-100 text-slate-700 ring-slate-200',
};

export function StatusBadge({ status }: { status: TradeStatus }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        STATUS_TONES[status],
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}

/** The status, and for a pending swap who still has to accept. */
function StatusCell({ trade }: { trade: ListedTrade }) {
  const mine = trade.userAccepted;
  const theirs = trade.traderAccepted;
  let waiting: string | null = null;
  if (trade.status === 'pending') {
    waiting = mine
      ? `Waiting for ${traderName(trade.trader.name)}`
      : theirs
        ? 'Waiting for you'
        : 'Neither side accepted yet';
  }
  return (
    <>
      <StatusBadge status={trade.status} />
      {waiting && <span className="mt-1 block text-xs text-slate-500">{waiting}</span>}
    </>
  );
}

function DatesCell({ trade }: { trade: ListedTrade }) {
  if (trade.startDate) {
    return (
      <>
        <span className="block">From {formatTradeDate(trade.startDate)}</span>
        {trade.endDate && (
          <span className="block text-slate-500">to {formatTradeDate(trade.endDate)}</span>
        )}
      </>
    );
  }
  return (
    <>
      <span className="block">Opened {formatTradeDate(trade.createdAt)}</span>
      <span className="block text-slate-500">
        {trade.requestedStartDate
          ? `Starts ${formatTradeDate(trade.requestedStartDate)}`
          : 'Starts when both accept'}
      </span>
    </>
  );
}
