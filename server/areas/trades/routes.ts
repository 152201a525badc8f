import type { tradesContracts } from '../../../common/api/contracts.js';
import { sessionJoined, type AreaHandlers } from '../../http/actionHandler.js';
import { decodeTradeCursor, sessionTradesInBuckets } from './buckets.js';
import { listedSongs } from './bundles.js';
import { potentialTraders } from './data.js';
import { tradeOutcome } from './outcome.js';
import { movePlacement, placeSong, removePlacement } from './placements.js';
import {
  presentListedSong,
  presentStatus,
  presentTrade,
  presentTradeRow,
  tradeSongIn,
} from './presenter.js';
import { pushToOtherTrader } from './realtime.js';
import {
  acceptTrade,
  addSongToTrade,
  decideSong,
  deleteTrade,
  openTrade,
  removeSongFromTrade,
  tradeFor,
  updateTrade,
} from './service.js';

/**
 * Every change answers the caller and is pushed to the other trader (an
 * onlytome event), presented for each of them.
 */
export const tradeHandlers: AreaHandlers<typeof tradesContracts> = {
  'trades/all': sessionJoined(async ({ input, read }, context) => {
    const statuses = [...new Set(input.statuses)];
    const { user, pages } = await read((token, now) =>
      sessionTradesInBuckets(
        context.db,
        token,
        now,
        statuses,
        input.cursor ? decodeTradeCursor(input.cursor) : null,
        input.limit,
      ),
    );
    // Each song is named once, in one read for every bucket; a row gives its songs' places.
    const songIds = [
      ...new Set(pages.flatMap((page) => page.rows.flatMap((row) => row.songSummary.songIds))),
    ];
    const place = new Map(songIds.map((songId, index) => [songId, index]));
    const named = new Map((await listedSongs(context.db, songIds)).map((row) => [row.id, row]));
    return {
      trades: Object.fromEntries(
        statuses.map((status, index) => [
          status,
          pages[index]!.rows.map((row) =>
            presentTradeRow(row, user.id, (songId) => place.get(songId)!),
          ),
        ]),
      ),
      nextCursors: Object.fromEntries(
        statuses.map((status, index) => [status, pages[index]!.nextCursor]),
      ),
      songs: songIds.map((songId) => presentListedSong(named.get(songId)!)),
    };
  }),

  'trades/trade': async ({ input, user }, context) => ({
    trade: presentTrade(await tradeFor(context, user.id, input.tradeId), user.id),
  }),

  'trades/tradeinfo': async ({ input, user }, context) => ({
    trade: presentTrade(await tradeFor(context, user.id, input.tradeId), user.id),
  }),

  'trades/outcome': async ({ input, user }, context) => ({
    outcome: await tradeOutcome(context, user.id, input.tradeId),
  }),

  'trades/trade-songs': async ({ input, user }, context) => {
    const bundle = await tradeFor(context, user.id, input.tradeId);
    return { tradeSongs: presentTrade(bundle, user.id).TradeSongs };
  },

  'trades/potential-traders': async ({ input, user }, context) => ({
    traders: (await potentialTraders(context.db, user.id, input.query || undefined)).map((row) => ({
      id: row.id,
      name: row.name,
      userProfilePicture: row.pictureId,
      visiblePlaylists: row.visiblePlaylists,
      catalogSongs: row.catalogSongs,
    })),
  }),

  'trades/open': async ({ input, user }, context) => {
    const bundle = await openTrade(context, user, input);
    pushToOtherTrader(context, bundle.trade, user.id, 'OpenTrade', input, (viewer) => ({
      trade: presentTrade(bundle, viewer),
    }));
    return { trade: presentTrade(bundle, user.id) };
  },

  'trades/deletetrade': async ({ input, user }, context) => {
    const { trade, reason } = await deleteTrade(context, user, input.tradeId, input.reason || null);
    const response = { success: true as const, tradeId: trade.id, reason };
    pushToOtherTrader(context, trade, user.id, 'DeleteTrade', input, () => response);
    return response;
  },

  'trades/addtrack': async ({ input, user }, context) => {
    const { bundle, tradeSongId } = await addSongToTrade(
      context,
      user,
      input.tradeId,
      input.songId,
    );
    const respond = (viewer: string) => ({
      trade: presentTrade(bundle, viewer),
      tradeSong: tradeSongIn(bundle, tradeSongId, viewer),
    });
    pushToOtherTrader(context, bundle.trade, user.id, 'AddSongToTrade', input, respond);
    return respond(user.id);
  },

  'trades/removetrack': async ({ input, user }, context) => {
    const bundle = await removeSongFromTrade(context, user, input.tradeId, input.tradeSongId);
    const respond = (viewer: string) => ({ trade: presentTrade(bundle, viewer) });
    pushToOtherTrader(context, bundle.trade, user.id, 'RemoveSongFromTrade', input, respond);
    return respond(user.id);
  },

  'trades/accept': async ({ input, user }, context) => {
    const bundle = await acceptTrade(context, user, input.tradeId);
    const respond = (viewer: string) => ({
      trade: presentTrade(bundle, viewer),
      status: presentStatus(bundle),
    });
    pushToOtherTrader(context, bundle.trade, user.id, 'AcceptTrade', input, respond);
    return respond(user.id);
  },

  'trades/update': async ({ input, user }, context) => {
    const bundle = await updateTrade(context, user, input);
    const respond = (viewer: string) => ({
      trade: presentTrade(bundle, viewer),
      status: presentStatus(bundle),
    });
    pushToOtherTrader(context, bundle.trade, user.id, 'UpdateTrade', input, respond);
    return respond(user.id);
  },

  'trades/acceptrejectsong': async ({ input, user }, context) => {
    const bundle = await decideSong(
      context,
      user,
      input.tradeId,
      input.tradeSongId,
      input.approved,
    );
    const respond = (viewer: string) => ({
      trade: presentTrade(bundle, viewer),
      tradeSong: tradeSongIn(bundle, input.tradeSongId, viewer),
    });
    pushToOtherTrader(context, bundle.trade, user.id, 'AcceptOrRejectSong', input, respond);
    return respond(user.id);
  },

  'trades/addtoplaylist': async ({ input, user }, context) => {
    const bundle = await placeSong(context, user, input);
    const respond = (viewer: string) => ({
      trade: presentTrade(bundle, viewer),
      tradeSong: tradeSongIn(bundle, input.tradeSongId, viewer),
    });
    pushToOtherTrader(context, bundle.trade, user.id, 'AddSongToPlaylist', input, respond);
    return respond(user.id);
  },

  'trades/update-position': async ({ input, user }, context) => {
    const bundle = await movePlacement(context, user, input);
    const respond = (viewer: string) => ({
      trade: presentTrade(bundle, viewer),
      tradeSong: tradeSongIn(bundle, input.tradeSongId, viewer),
    });
    pushToOtherTrader(context, bundle.trade, user.id, 'UpdatePlaylistPosition', input, respond);
    return respond(user.id);
  },

  'trades/removesongfromplaylist': async ({ input, user }, context) => {
    const bundle = await removePlacement(context, user, input);
    const respond = (viewer: string) => ({
      trade: presentTrade(bundle, viewer),
      tradeSong: tradeSongIn(bundle, input.tradeSongId, viewer),
    });
    pushToOtherTrader(
      context,
      bundle.trade,
      user.id,
      'RemoveTradeSongFromPlaylistPosition',
      input,
      respond,
    );
    return respond(user.id);
  },
};
