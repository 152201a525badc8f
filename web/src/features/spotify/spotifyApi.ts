import type { InputOf, OutputOf } from '../../../../common/api/contract.js';
import type {
  spotifyCallback,
  spotifyRemoveAccount,
} from '../../../../common/api/spotifyAccounts.js';
import { actionRequest, api, PLAYLIST_TAGS, whenSucceeded } from '../../shared/api/baseApi';
import { streamingAccountLinked, streamingAccountRemoved } from '../auth/authSlice';
import { spotifyActionRefs } from './spotifyActionRefs';

export const spotifyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Completes linking with what Spotify sent back to /spotify/callback. */
    spotifyCallback: build.mutation<
      OutputOf<typeof spotifyCallback>,
      InputOf<typeof spotifyCallback>
    >({
      query: (body) => actionRequest(spotifyActionRefs.callback, body),
      invalidatesTags: (result) => (result ? [...PLAYLIST_TAGS] : []),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ account }) =>
          dispatch(streamingAccountLinked(account)),
        );
      },
    }),
    /** Unlinks an account; its playlists stop being managed (spec section 4, Auth). */
    spotifyRemoveAccount: build.mutation<
      OutputOf<typeof spotifyRemoveAccount>,
      InputOf<typeof spotifyRemoveAccount>
    >({
      query: (body) => actionRequest(spotifyActionRefs.removeAccount, body),
      invalidatesTags: (result) => (result ? [...PLAYLIST_TAGS] : []),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ accountId }) =>
          dispatch(streamingAccountRemoved(accountId)),
        );
      },
    }),
  }),
});

export const { useSpotifyCallbackMutation, useSpotifyRemoveAccountMutation } = spotifyApi;
