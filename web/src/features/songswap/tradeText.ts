import { format, isValid } from 'date-fns';
import { formatCount } from '../../shared/lib/formatCount';
import { DISPLAY_DATE_FORMAT, formatDisplayDate } from '../../shared/lib/formatDisplayDate';
import type { TradePerformance } from './tradesUiSlice';
import type { TradeSong, TradeStatus } from './tradeTypes';

export const STATUS_LABELS: Record<TradeStatus, string> = {
  pending: 'Pending',
  scheduled: 'Scheduled',
  accepted: 'Accepted',
  completed: 'Completed',
};

export const PERFORMANCE_LABELS: Record<TradePerformance, string> = {
  all: 'Any performance',
  withStreams: 'With streams reported',
  withoutStreams: 'No streams reported yet',
  awaitingPlacement: 'Approved songs waiting to be placed',
};

/** "7 days", "1 day". */
export function periodText(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}

/**
 * A swap's date in the display form: yyyy-MM-dd dates as they
 * are, timestamps on the viewer's calendar.
 */
export function formatTradeDate(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDisplayDate(value);
  const date = new Date(value);
  return isValid(date) ? format(date, DISPLAY_DATE_FORMAT) : value;
}

export function streamsText(streams: number | null): string {
  return streams === null ? 'Not reported' : formatCount(streams);
}

/** What the placing side decided about a song. */
export function approvalText(approved: TradeSong['approved']): string {
  return approved === 1 ? 'Approved' : approved === 2 ? 'Rejected' : 'Waiting for approval';
}

/** "The swap's songs: …" a side's count in words. */
export function songCountText(count: number): string {
  return count === 1 ? '1 song' : `${count} songs`;
}

/** The name of the other side, or a stand-in while only their id is known. */
export function traderName(name: string): string {
  return name || 'A curator';
}
