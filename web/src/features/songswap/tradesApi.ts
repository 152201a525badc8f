import { isAnyOf, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import type { InputOf, OutputOf } from '../../../../common/api/contract.js';
import { songsActions } from '../../../../common/api/songs/actions.js';
import { tradesActions } from '../../../../common/api/trades/actions.js';
import { actionRequest, api, callAction, whenSucceeded } from '../../shared/api/baseApi';
import { whileCached } from '../../shared/api/whileCached';
import { onlytomeReceived, realtimeReconnected } from '../../shared/realtime/realtimeSlice';
import {
  acceptancesOf,
  applyToDetails,
  applyToLists,
  songAddedToTrade,
  songApprovalSet,
  songPlaylisted,
  songPositionUpdated,
  songRemovedFromPlaylist,
  songRemovedFromTrade,
  tradeAccepted,
  tradeDeleted,
  listedRowsOf,
  tradeListsOf,
  withMoreTrades,
  tradeOpened,
  tradeRefreshed,
  tradeTransitionFor,
  tradeUpdated,
  type TradeDetails,
} from './tradeTransitions';
import { tradeDeletedByUser } from './tradesUiSlice';

/**
 * Bucket lists not shown stay this long: coming back to the list from a swap's details shows
 * them as they were; entering the area afresh reads them
 * again anyway (SongSwapsScreen.tsx).
 */
const LISTS_KEPT_SECONDS = 30 * 60;

/** What onQueryStarted is given that applyToHeldTrades needs. */
interface CacheAccess {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- what onQueryStarted is given
  dispatch: ThunkDispatch<any, any, UnknownAction>;
  getState: () => unknown;
}

/**
 * Applies a transition (tradeTransitions.ts) to every swap held in the cache:
 * each trades/all entry's buckets and each details screen's swap. How the user's own calls
 * change the swaps once the server answered.
 */
function applyToHeldTrades({ dispatch, getState }: CacheAccess, transition: UnknownAction) {
  const state = getState() as Parameters<typeof tradesApi.util.selectCachedArgsForQuery>[0];
  for (const arg of tradesApi.util.selectCachedArgsForQuery(state, 'trades')) {
    dispatch(
      tradesApi.util.updateQueryData('trades', arg, (lists) => applyToLists(lists, transition)),
    );
  }
  for (const arg of tradesApi.util.selectCachedArgsForQuery(state, 'tradeInfo')) {
    dispatch(
      tradesApi.util.updateQueryData('tradeInfo', arg, (details) =>
        applyToDetails(details, transition),
      ),
    );
  }
}

/**
 * The trades area's calls. The swaps live in their cache entries: the buckets of each trades/all
 * call (`trades`, one entry per set of buckets asked for) and the swap of each details screen
 * (`tradeInfo`). The user's own changes are applied to every entry once answered
 * (applyToHeldTrades); while an entry exists it follows the other trader's onlytome pushes
 * through the same transitions (whileCached).
 */
export const tradesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** trades/all for some buckets: each newest first; asked for again after a reconnect. */
    trades: build.query({
      ...callAction(tradesActions.all, ({ trades, nextCursors, songs }, { statuses }) =>
        tradeListsOf(statuses, trades, nextCursors, songs),
      ),
      providesTags: ['TradeLists'],
      keepUnusedDataFor: LISTS_KEPT_SECONDS,
      async onCacheEntryAdded(_arg, lifecycle) {
        await whileCached(lifecycle, isAnyOf(onlytomeReceived, realtimeReconnected), (action) => {
          // Changes may have been missed while the channel was down: the lists shown are read
          // again now, the others when they are shown next.
          if (realtimeReconnected.match(action)) {
            lifecycle.dispatch(tradesApi.util.invalidateTags(['TradeLists']));
            return;
          }
          const transition = tradeTransitionFor(action.payload);
          if (transition) lifecycle.updateCachedData((lists) => applyToLists(lists, transition));
        });
      },
    }),
    /**
     * A bucket's next page ("Load more", with the bucket's nextCursor): added to every held
     * trades/all entry that lists the bucket.
     */
    moreTrades: build.query({
      ...callAction(tradesActions.all),
      keepUnusedDataFor: 0,
      async onQueryStarted({ statuses: [status] }, lifecycle) {
        await whenSucceeded(lifecycle.queryFulfilled, ({ trades, nextCursors, songs }) => {
          if (!status) return;
          const page = listedRowsOf(trades[status] ?? [], songs);
          const state = lifecycle.getState() as Parameters<
            typeof tradesApi.util.selectCachedArgsForQuery
          >[0];
          for (const arg of tradesApi.util.selectCachedArgsForQuery(state, 'trades')) {
            lifecycle.dispatch(
              tradesApi.util.updateQueryData('trades', arg, (lists) =>
                withMoreTrades(lists, status, page, nextCursors[status] ?? null),
              ),
            );
          }
        });
      },
    }),
    /** One swap again (e.g. one opened by the other side, to learn their name). */
    trade: build.query({
      ...callAction(tradesActions.trade),
      keepUnusedDataFor: 0,
      async onQueryStarted(_arg, lifecycle) {
        await whenSucceeded(lifecycle.queryFulfilled, ({ trade: answered }) =>
          applyToHeldTrades(lifecycle, tradeRefreshed(answered)),
        );
      },
    }),
    /** What an accepted or completed swap earned (its outcome report); null before it starts. */
    tradeOutcome: build.query({
      ...callAction(tradesActions.outcome, ({ outcome }) => outcome),
      keepUnusedDataFor: 0,
    }),
    /** The details screen's swap (the current trade), with its record and conversation. */
    tradeInfo: build.query({
      ...callAction(tradesActions.tradeInfo, ({ trade }): TradeDetails => ({
        trade,
        deleted: false,
      })),
      keepUnusedDataFor: 0,
      async onQueryStarted(_arg, lifecycle) {
        // The listed copy follows it.
        await whenSucceeded(lifecycle.queryFulfilled, ({ trade: answered }) =>
          applyToHeldTrades(lifecycle, tradeRefreshed(answered)),
        );
      },
      async onCacheEntryAdded(_arg, lifecycle) {
        await whileCached(lifecycle, onlytomeReceived.match, (action) => {
          const transition = tradeTransitionFor(action.payload);
          if (transition) {
            lifecycle.updateCachedData((details) => applyToDetails(details, transition));
          }
        });
      },
    }),
    potentialTraders: build.query({
      ...callAction(tradesActions.potentialTraders),
      keepUnusedDataFor: 30,
    }),
    /** Another curator's catalogue, 50 songs a page. */
    traderCatalog: build.query({
      ...callAction(songsActions.traderCatalog),
      keepUnusedDataFor: 30,
    }),
    openTrade: build.mutation({
      ...callAction(tradesActions.open),
      async onQueryStarted(_arg, lifecycle) {
        await whenSucceeded(lifecycle.queryFulfilled, ({ trade: opened }) =>
          applyToHeldTrades(lifecycle, tradeOpened(opened)),
        );
      },
    }),
    deleteTrade: build.mutation({
      ...callAction(tradesActions.deleteTrade),
      async onQueryStarted(_arg, lifecycle) {
        await whenSucceeded(lifecycle.queryFulfilled, ({ tradeId }) => {
          lifecycle.dispatch(tradeDeletedByUser(tradeId));
          applyToHeldTrades(lifecycle, tradeDeleted(tradeId));
        });
      },
    }),
    addTradeSong: build.mutation({
      ...callAction(tradesActions.addTrack),
      async onQueryStarted(_arg, lifecycle) {
        await whenSucceeded(lifecycle.queryFulfilled, ({ tradeSong, trade: changed }) =>
          applyToHeldTrades(
            lifecycle,
            songAddedToTrade({ tradeSong, acceptances: acceptancesOf(changed) }, changed),
          ),
        );
      },
    }),
    removeTradeSong: build.mutation({
      ...callAction(tradesActions.removeTrack),
      async onQueryStarted({ tradeId, tradeSongId }, lifecycle) {
        await whenSucceeded(lifecycle.queryFulfilled, ({ trade: changed }) =>
          applyToHeldTrades(
            lifecycle,
            songRemovedFromTrade(
              { tradeId, tradeSongId, acceptances: acceptancesOf(changed) },
              changed,
            ),
          ),
        );
      },
    }),
    acceptTrade: build.mutation({
      ...callAction(tradesActions.accept),
      async onQueryStarted({ tradeId }, lifecycle) {
        await whenSucceeded(lifecycle.queryFulfilled, ({ trade: accepted, status }) =>
          applyToHeldTrades(
            lifecycle,
            tradeAccepted(
              {
                tradeId,
                by: 'user',
                status,
                startDate: accepted.startDate,
                endDate: accepted.endDate,
              },
              accepted,
            ),
          ),
        );
      },
    }),
    updateTrade: build.mutation({
      ...callAction(tradesActions.update),
      async onQueryStarted(_arg, lifecycle) {
        await whenSucceeded(lifecycle.queryFulfilled, ({ trade: updated, status }) =>
          applyToHeldTrades(lifecycle, tradeUpdated({ trade: updated, status })),
        );
      },
    }),
    acceptRejectSong: build.mutation({
      ...callAction(tradesActions.acceptRejectSong),
      async onQueryStarted({ tradeId, tradeSongId, approved }, lifecycle) {
        await whenSucceeded(lifecycle.queryFulfilled, ({ trade: changed }) =>
          applyToHeldTrades(
            lifecycle,
            songApprovalSet(
              { tradeId, tradeSongId, approved, acceptances: acceptancesOf(changed) },
              changed,
            ),
          ),
        );
      },
    }),
    /** A real Spotify edit: the playlist's live view is read again. */
    addToPlaylist: build.mutation({
      ...callAction(tradesActions.addToPlaylist),
      invalidatesTags: (result, _error, { playlistId }) =>
        result ? [{ type: 'Playlist', id: playlistId }] : [],
      async onQueryStarted(_arg, lifecycle) {
        await whenSucceeded(lifecycle.queryFulfilled, ({ tradeSong, trade }) =>
          applyToHeldTrades(lifecycle, songPlaylisted(tradeSong, trade)),
        );
      },
    }),
    updatePosition: build.mutation({
      ...callAction(tradesActions.updatePosition),
      invalidatesTags: (result) =>
        (result?.tradeSong.PlaylistSongs ?? []).map((placement) => ({
          type: 'Playlist' as const,
          id: placement.playlistSpotifyId,
        })),
      async onQueryStarted(_arg, lifecycle) {
        await whenSucceeded(lifecycle.queryFulfilled, ({ tradeSong, trade }) =>
          applyToHeldTrades(lifecycle, songPositionUpdated(tradeSong, trade)),
        );
      },
    }),
    removeSongFromPlaylist: build.mutation<
      OutputOf<typeof tradesActions.removeSongFromPlaylist>,
      InputOf<typeof tradesActions.removeSongFromPlaylist> & { playlistSpotifyId?: string }
    >({
      query: ({ tradeId, tradeSongId }) =>
        actionRequest(tradesActions.removeSongFromPlaylist, { tradeId, tradeSongId }),
      invalidatesTags: (result, _error, { playlistSpotifyId }) =>
        result && playlistSpotifyId ? [{ type: 'Playlist', id: playlistSpotifyId }] : [],
      async onQueryStarted(_arg, lifecycle) {
        await whenSucceeded(lifecycle.queryFulfilled, ({ tradeSong, trade }) =>
          applyToHeldTrades(lifecycle, songRemovedFromPlaylist(tradeSong, trade)),
        );
      },
    }),
  }),
});

export const {
  useTradesQuery,
  useLazyMoreTradesQuery,
  useLazyTradeQuery,
  useTradeInfoQuery,
  useTradeOutcomeQuery,
  usePotentialTradersQuery,
  useTraderCatalogQuery,
  useLazyTraderCatalogQuery,
  useOpenTradeMutation,
  useDeleteTradeMutation,
  useAddTradeSongMutation,
  useRemoveTradeSongMutation,
  useAcceptTradeMutation,
  useUpdateTradeMutation,
  useAcceptRejectSongMutation,
  useAddToPlaylistMutation,
  useUpdatePositionMutation,
  useRemoveSongFromPlaylistMutation,
} = tradesApi;
