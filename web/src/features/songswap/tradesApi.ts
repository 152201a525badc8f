import type { InputOf, OutputOf } from '../../../../common/api/contract.js';
import type { traderCatalog } from '../../../../common/api/songs.js';
import type {
  accept,
  addToPlaylist,
  addTrack,
  deleteTrade,
  open,
  potentialTraders,
  removeSongFromPlaylist,
  removeTrack,
  trade,
  tradeInfo,
  update,
  updatePosition,
  acceptRejectSong,
} from '../../../../common/api/trades.js';
import { actionRequest, api, whenSucceeded } from '../../shared/api/baseApi';
import { tradesActionRefs as refs } from './tradesActionRefs';
import {
  acceptancesOf,
  currentTradeLoaded,
  songAddedToTrade,
  songApprovalSet,
  songPlaylisted,
  songPositionUpdated,
  songRemovedFromPlaylist,
  songRemovedFromTrade,
  tradeAccepted,
  tradeDeleted,
  tradeOpened,
  tradeRefreshed,
  tradesReceived,
  tradesRequested,
  tradesRequestFailed,
  tradeUpdated,
} from './tradeTransitions';
import type { TradesAnswer, TradesRequest } from './tradeTypes';

/**
 * The trades area's calls. The swaps themselves live in the trades slice (tradesSlice.ts):
 * every answer is applied there through the transition of spec section 4 it stands for, the
 * same one an onlytome push from the other trader goes through.
 */
export const tradesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** trades/all for some buckets: they are cleared, then loaded (or back to NotLoaded). */
    trades: build.query<TradesAnswer, TradesRequest>({
      query: (body) => actionRequest(refs.all, body),
      keepUnusedDataFor: 0,
      async onQueryStarted({ statuses }, { dispatch, queryFulfilled }) {
        dispatch(tradesRequested(statuses));
        try {
          const { data } = await queryFulfilled;
          dispatch(tradesReceived({ statuses, trades: data.trades }));
        } catch {
          dispatch(tradesRequestFailed(statuses));
        }
      },
    }),
    /** One swap again (e.g. one opened by the other side, to learn their name). */
    trade: build.query<OutputOf<typeof trade>, InputOf<typeof trade>>({
      query: (body) => actionRequest(refs.trade, body),
      keepUnusedDataFor: 0,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ trade: answered }) =>
          dispatch(tradeRefreshed(answered)),
        );
      },
    }),
    /** The details screen's swap, with its placement record and conversation. */
    tradeInfo: build.query<OutputOf<typeof tradeInfo>, InputOf<typeof tradeInfo>>({
      query: (body) => actionRequest(refs.tradeInfo, body),
      keepUnusedDataFor: 0,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ trade: answered }) =>
          dispatch(currentTradeLoaded(answered)),
        );
      },
    }),
    potentialTraders: build.query<
      OutputOf<typeof potentialTraders>,
      InputOf<typeof potentialTraders>
    >({
      query: (body) => actionRequest(refs.potentialTraders, body),
      keepUnusedDataFor: 30,
    }),
    /** Another curator's catalogue, 50 songs a page. */
    traderCatalog: build.query<OutputOf<typeof traderCatalog>, InputOf<typeof traderCatalog>>({
      query: (body) => actionRequest(refs.traderCatalog, body),
      keepUnusedDataFor: 30,
    }),
    openTrade: build.mutation<OutputOf<typeof open>, InputOf<typeof open>>({
      query: (body) => actionRequest(refs.open, body),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ trade: opened }) => dispatch(tradeOpened(opened)));
      },
    }),
    deleteTrade: build.mutation<OutputOf<typeof deleteTrade>, InputOf<typeof deleteTrade>>({
      query: (body) => actionRequest(refs.deleteTrade, body),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ tradeId }) => dispatch(tradeDeleted(tradeId)));
      },
    }),
    addTrack: build.mutation<OutputOf<typeof addTrack>, InputOf<typeof addTrack>>({
      query: (body) => actionRequest(refs.addTrack, body),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ tradeSong, trade: changed }) =>
          dispatch(songAddedToTrade({ tradeSong, acceptances: acceptancesOf(changed) })),
        );
      },
    }),
    removeTrack: build.mutation<OutputOf<typeof removeTrack>, InputOf<typeof removeTrack>>({
      query: (body) => actionRequest(refs.removeTrack, body),
      async onQueryStarted({ tradeId, tradeSongId }, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ trade: changed }) =>
          dispatch(
            songRemovedFromTrade({ tradeId, tradeSongId, acceptances: acceptancesOf(changed) }),
          ),
        );
      },
    }),
    acceptTrade: build.mutation<OutputOf<typeof accept>, InputOf<typeof accept>>({
      query: (body) => actionRequest(refs.accept, body),
      async onQueryStarted({ tradeId }, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ trade: accepted, status }) =>
          dispatch(
            tradeAccepted({
              tradeId,
              by: 'user',
              status,
              startDate: accepted.startDate,
              endDate: accepted.endDate,
            }),
          ),
        );
      },
    }),
    updateTrade: build.mutation<OutputOf<typeof update>, InputOf<typeof update>>({
      query: (body) => actionRequest(refs.update, body),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ trade: updated, status }) =>
          dispatch(tradeUpdated({ trade: updated, status })),
        );
      },
    }),
    acceptRejectSong: build.mutation<
      OutputOf<typeof acceptRejectSong>,
      InputOf<typeof acceptRejectSong>
    >({
      query: (body) => actionRequest(refs.acceptRejectSong, body),
      async onQueryStarted({ tradeId, tradeSongId, approved }, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ trade: changed }) =>
          dispatch(
            songApprovalSet({
              tradeId,
              tradeSongId,
              approved,
              acceptances: acceptancesOf(changed),
            }),
          ),
        );
      },
    }),
    /** A real Spotify edit: the playlist's live view is read again. */
    addToPlaylist: build.mutation<OutputOf<typeof addToPlaylist>, InputOf<typeof addToPlaylist>>({
      query: (body) => actionRequest(refs.addToPlaylist, body),
      invalidatesTags: (result, _error, { playlistId }) =>
        result ? [{ type: 'Playlist', id: playlistId }] : [],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ tradeSong }) => dispatch(songPlaylisted(tradeSong)));
      },
    }),
    updatePosition: build.mutation<OutputOf<typeof updatePosition>, InputOf<typeof updatePosition>>(
      {
        query: (body) => actionRequest(refs.updatePosition, body),
        invalidatesTags: (result) =>
          (result?.tradeSong.PlaylistSongs ?? []).map((placement) => ({
            type: 'Playlist' as const,
            id: placement.playlistSpotifyId,
          })),
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          await whenSucceeded(queryFulfilled, ({ tradeSong }) =>
            dispatch(songPositionUpdated(tradeSong)),
          );
        },
      },
    ),
    removeSongFromPlaylist: build.mutation<
      OutputOf<typeof removeSongFromPlaylist>,
      InputOf<typeof removeSongFromPlaylist> & { playlistSpotifyId?: string }
    >({
      query: ({ tradeId, tradeSongId }) =>
        actionRequest(refs.removeSongFromPlaylist, { tradeId, tradeSongId }),
      invalidatesTags: (result, _error, { playlistSpotifyId }) =>
        result && playlistSpotifyId ? [{ type: 'Playlist', id: playlistSpotifyId }] : [],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ tradeSong }) =>
          dispatch(songRemovedFromPlaylist(tradeSong)),
        );
      },
    }),
  }),
});

export const {
  useLazyTradesQuery,
  useLazyTradeQuery,
  useTradeInfoQuery,
  usePotentialTradersQuery,
  useTraderCatalogQuery,
  useLazyTraderCatalogQuery,
  useOpenTradeMutation,
  useDeleteTradeMutation,
  useAddTrackMutation,
  useRemoveTrackMutation,
  useAcceptTradeMutation,
  useUpdateTradeMutation,
  useAcceptRejectSongMutation,
  useAddToPlaylistMutation,
  useUpdatePositionMutation,
  useRemoveSongFromPlaylistMutation,
} = tradesApi;
