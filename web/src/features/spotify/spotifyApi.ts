import { spotifyAccountActions } from '../../../../common/api/spotify/actions.js';
import { api, callAction, PLAYLIST_TAGS, whenSucceeded } from '../../shared/api/baseApi';
import { streamingAccountLinked, streamingAccountRemoved } from '../auth';

export const spotifyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Completes linking with what Spotify sent back to /spotify/callback. */
    spotifyCallback: build.mutation({
      ...callAction(spotifyAccountActions.spotifyCallback),
      invalidatesTags: (result) => (result ? [...PLAYLIST_TAGS] : []),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ account }) =>
          dispatch(streamingAccountLinked(account)),
        );
      },
    }),
    /** Unlinks an account; its playlists stop being managed. */
    spotifyRemoveAccount: build.mutation({
      ...callAction(spotifyAccountActions.spotifyRemoveAccount),
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
