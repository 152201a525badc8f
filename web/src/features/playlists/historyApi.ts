import { playlistsActions } from '../../../../common/api/playlists/actions.js';
import { api, callAction } from '../../shared/api/baseApi';

/** Playlist history, restore and "where is this song" (docs/history.md). */
export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    playlistHistory: build.query({
      ...callAction(playlistsActions.history),
      providesTags: (_result, _error, { playlistId }) => [{ type: 'History', id: playlistId }],
      // Opening the tab asks again: the server catches up with edits made in other apps.
      keepUnusedDataFor: 0,
    }),
    historyDiff: build.query({
      ...callAction(playlistsActions.historyDiff),
    }),
    restoreVersion: build.mutation({
      ...callAction(playlistsActions.historyRestore),
      invalidatesTags: (result, _error, { playlistId }) =>
        result?.restored
          ? [
              { type: 'History', id: playlistId },
              { type: 'Playlist', id: playlistId },
            ]
          : [],
    }),
    whereIsTrack: build.query({
      ...callAction(playlistsActions.whereIsTrack),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  usePlaylistHistoryQuery,
  useHistoryDiffQuery,
  useRestoreVersionMutation,
  useWhereIsTrackQuery,
} = historyApi;
