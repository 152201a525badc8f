import type { ListedTrade, Trade } from './tradeTypes';

/**
 * On an incoming OpenTrade the roles are mirrored: userId and traderId swap,
 * and the two track lists swap. A trade is presented from one side (userId = that side,
 * userTracks = that side's songs); mirroring presents it from the other side.
 *
 * `trader` describes the other side; the sender's presentation names the recipient there, and
 * the sender's own name is not in it. The mirrored trade keeps the sender's id with an empty
 * name: `hasUnknownTrader` tells the screens to read the trade again (trades/trade) for it.
 */
export function mirrorTrade(trade: Trade): Trade {
  return {
    ...trade,
    userId: trade.traderId,
    traderId: trade.userId,
    userTracks: trade.traderTracks,
    traderTracks: trade.userTracks,
    trader: { id: trade.userId, name: '', userProfilePicture: null },
  };
}

/**
 * The trade of an incoming OpenTrade as its recipient sees it. The sender opened the swap with
 * `recipientId` (their request's traderId): a trade presented for the sender (userId is not the
 * recipient) is mirrored; one the server already presented for the recipient is kept, since
 * mirroring it again would swap the sides back. Without a recipient id the spec's rule applies
 * as written: mirror.
 */
export function tradeForRecipient(trade: Trade, recipientId: string | undefined): Trade {
  if (recipientId !== undefined && trade.userId === recipientId) return trade;
  return mirrorTrade(trade);
}

/** A mirrored trade whose other side is known by id only (see mirrorTrade). */
export function hasUnknownTrader(trade: Pick<Trade, 'trader'>): boolean {
  return trade.trader.name === '';
}

/**
 * A whole swap (an answer, or a push presented for its recipient) as the list holds it: the
 * row trades/all would list for the viewer (trade.userId). Every whole swap becomes a row here.
 */
export function listedTradeOf(trade: Trade): ListedTrade {
  const userIsOne = trade.userId === trade.traderOneId;
  const songs = [...trade.userTracks, ...trade.traderTracks];
  return {
    id: trade.id,
    status: trade.status,
    trader: trade.trader,
    createdAt: trade.createdAt,
    ...(trade.startDate === null ? {} : { startDate: trade.startDate }),
    ...(trade.endDate === null ? {} : { endDate: trade.endDate }),
    ...(trade.requestedStartDate === null ? {} : { requestedStartDate: trade.requestedStartDate }),
    periodDays: trade.periodDays,
    userAccepted: userIsOne ? trade.traderOneAccepted : trade.traderTwoAccepted,
    traderAccepted: userIsOne ? trade.traderTwoAccepted : trade.traderOneAccepted,
    ...(trade.streams === null ? {} : { streams: trade.streams }),
    userSongs: trade.userTracks.length,
    traderSongs: trade.traderTracks.length,
    awaitingPlacement: songs.some((track) => track.approved === true && !track.playlisted),
    songs: trade.TradeSongs.map((song) => ({
      id: song.songId,
      title: song.Song.title,
      artists: song.Song.artists,
    })),
    ...(trade.status === 'pending' && trade.pitch !== null ? { pitch: trade.pitch } : {}),
  };
}
