import { acceptanceKey, type TradeSide } from './tradeTransitions';
import type { TradeFilters } from './tradesUiSlice';
import type { ListedTrade, PlacementCheck, Trade, TradeSong } from './tradeTypes';

/** Whether a side (the viewer's or the other trader's) has accepted the swap. */
export function hasAccepted(trade: Trade, side: TradeSide): boolean {
  return trade[acceptanceKey(trade, side)];
}

/** A side's songs in the order of its track list: the user's own, or the other trader's. */
export function songsOf(trade: Trade, side: TradeSide): TradeSong[] {
  const tracks = side === 'user' ? trade.userTracks : trade.traderTracks;
  const byId = new Map(trade.TradeSongs.map((tradeSong) => [tradeSong.id, tradeSong]));
  return tracks.flatMap((track) => {
    const tradeSong = byId.get(track.id);
    return tradeSong ? [tradeSong] : [];
  });
}

export type CheckOutcome = 'in place' | 'moved' | 'gone';

/** What one day's check found: the track at its position, elsewhere in the playlist, or gone. */
export function checkOutcome(check: PlacementCheck): CheckOutcome {
  if (!check.inPlaylist) return 'gone';
  return check.atPosition ? 'in place' : 'moved';
}

export function isFiltering(filters: TradeFilters): boolean {
  return filters.tracks.length > 0 || filters.traders.length > 0 || filters.performance !== 'all';
}

/** The listed swaps the filters let through (tracks, traders, performance). */
export function filterTrades(trades: readonly ListedTrade[], filters: TradeFilters): ListedTrade[] {
  return trades.filter((trade) => {
    if (filters.traders.length > 0 && !filters.traders.includes(trade.trader.id)) return false;
    if (
      filters.tracks.length > 0 &&
      !trade.songs.some((song) => filters.tracks.includes(song.id))
    ) {
      return false;
    }
    switch (filters.performance) {
      case 'withStreams':
        return (trade.streams ?? 0) > 0;
      case 'withoutStreams':
        return !trade.streams;
      case 'awaitingPlacement':
        return trade.awaitingPlacement;
      default:
        return true;
    }
  });
}
