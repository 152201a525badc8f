import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { playlistsActions } from '../../../../common/api/playlists/actions.js';
import { songsActions } from '../../../../common/api/songs/actions.js';
import { spotifyTrackActions } from '../../../../common/api/spotify/actions.js';
import { api, callAction, whenSucceeded } from '../../shared/api/baseApi';
import {
  catalogLoaded,
  catalogPageLoaded,
  catalogReducer,
  favouriteToggled,
  initialCatalogState,
  songAdded,
  songRemoved,
  songTagged,
  statusUpdated,
  trackLoaded,
  upcomingReleaseAdded,
} from './catalogSlice';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- what onQueryStarted is given
type Dispatch = ThunkDispatch<any, any, UnknownAction>;

/** Applies one catalogue transition (catalogSlice.ts) to the cached catalogue. */
function applyToCatalog(dispatch: Dispatch, action: UnknownAction) {
  dispatch(
    catalogApi.util.updateQueryData('catalog', undefined, (draft) => catalogReducer(draft, action)),
  );
}

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The catalogue state: the first page of songs/catalog, with later pages merged in. */
    catalog: build.query(
      callAction(songsActions.catalog, (answer) =>
        catalogReducer(initialCatalogState, catalogLoaded(answer)),
      ),
    ),
    /** The page after `cursor`, merged into the catalogue. */
    catalogPage: build.query({
      ...callAction(songsActions.catalog, ({ songs, nextCursor }) => ({ songs, nextCursor })),
      keepUnusedDataFor: 0,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ songs, nextCursor }) =>
          applyToCatalog(dispatch, catalogPageLoaded({ songs, nextCursor })),
        );
      },
    }),
    addToCatalog: build.mutation({
      ...callAction(songsActions.addToCatalog),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ song }) =>
          applyToCatalog(dispatch, songAdded(song)),
        );
      },
    }),
    addUpcomingRelease: build.mutation({
      ...callAction(songsActions.upcomingRelease),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ song }) =>
          applyToCatalog(dispatch, upcomingReleaseAdded(song)),
        );
      },
    }),
    setFavourite: build.mutation({
      ...callAction(songsActions.favourite),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ song }) =>
          applyToCatalog(dispatch, favouriteToggled(song)),
        );
      },
    }),
    /** A song's genres and moods (docs/genres.md); the catalogue shows the answer. */
    setSongTags: build.mutation({
      ...callAction(songsActions.tags),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ song }) =>
          applyToCatalog(dispatch, songTagged(song)),
        );
      },
    }),
    updateSongStatus: build.mutation({
      ...callAction(songsActions.updateStatus),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ song }) =>
          applyToCatalog(dispatch, statusUpdated(song)),
        );
      },
    }),
    removeFromCatalog: build.mutation({
      ...callAction(songsActions.removeFromCatalog),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ songId }) =>
          applyToCatalog(dispatch, songRemoved(songId)),
        );
      },
    }),
    popularityHistory: build.query({
      ...callAction(songsActions.popularityScoreHistory),
    }),
    /** A pasted link's track, shown before it is added; remembered in the catalogue's tracks. */
    catalogTrack: build.query({
      ...callAction(spotifyTrackActions.spotifyTrack),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ track }) =>
          applyToCatalog(dispatch, trackLoaded(track)),
        );
      },
    }),
    /** Spotify's track search, 10 a page; not cached. */
    catalogSearch: build.query({
      ...callAction(playlistsActions.search),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useCatalogQuery,
  useLazyCatalogPageQuery,
  useAddToCatalogMutation,
  useAddUpcomingReleaseMutation,
  useSetFavouriteMutation,
  useSetSongTagsMutation,
  useUpdateSongStatusMutation,
  useRemoveFromCatalogMutation,
  usePopularityHistoryQuery,
  useCatalogTrackQuery,
  useCatalogSearchQuery,
} = catalogApi;
