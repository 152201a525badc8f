import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { InputOf, OutputOf } from '../../../../common/api/contract.js';
import type { search } from '../../../../common/api/playlists.js';
import type {
  addToCatalog,
  favourite,
  popularityScoreHistory,
  removeFromCatalog,
  updateStatus,
  upcomingRelease,
} from '../../../../common/api/songs.js';
import type { spotifyTrack } from '../../../../common/api/spotifyAccounts.js';
import { actionRequest, api, whenSucceeded } from '../../shared/api/baseApi';
import { catalogActionRefs as refs } from './catalogActionRefs';
import {
  catalogLoaded,
  catalogPageLoaded,
  catalogReducer,
  favouriteToggled,
  initialCatalogState,
  songAdded,
  songRemoved,
  statusUpdated,
  trackLoaded,
  upcomingReleaseAdded,
  type CatalogState,
} from './catalogSlice';
import type { CatalogAnswer, CatalogPage } from './catalogTypes';

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
    catalog: build.query<CatalogState, void>({
      query: () => actionRequest(refs.catalog, {}),
      transformResponse: (answer: CatalogAnswer) =>
        catalogReducer(initialCatalogState, catalogLoaded(answer)),
    }),
    /** The page after `cursor`, merged into the catalogue. */
    catalogPage: build.query<CatalogPage, { cursor: string }>({
      query: ({ cursor }) => actionRequest(refs.catalog, { cursor }),
      keepUnusedDataFor: 0,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ songs, nextCursor }) =>
          applyToCatalog(dispatch, catalogPageLoaded({ songs, nextCursor })),
        );
      },
    }),
    addToCatalog: build.mutation<OutputOf<typeof addToCatalog>, InputOf<typeof addToCatalog>>({
      query: (body) => actionRequest(refs.addToCatalog, body),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ song }) =>
          applyToCatalog(dispatch, songAdded(song)),
        );
      },
    }),
    addUpcomingRelease: build.mutation<
      OutputOf<typeof upcomingRelease>,
      InputOf<typeof upcomingRelease>
    >({
      query: (body) => actionRequest(refs.upcomingRelease, body),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ song }) =>
          applyToCatalog(dispatch, upcomingReleaseAdded(song)),
        );
      },
    }),
    setFavourite: build.mutation<OutputOf<typeof favourite>, InputOf<typeof favourite>>({
      query: (body) => actionRequest(refs.favourite, body),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ song }) =>
          applyToCatalog(dispatch, favouriteToggled(song)),
        );
      },
    }),
    updateSongStatus: build.mutation<OutputOf<typeof updateStatus>, InputOf<typeof updateStatus>>({
      query: (body) => actionRequest(refs.updateStatus, body),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ song }) =>
          applyToCatalog(dispatch, statusUpdated(song)),
        );
      },
    }),
    removeFromCatalog: build.mutation<
      OutputOf<typeof removeFromCatalog>,
      InputOf<typeof removeFromCatalog>
    >({
      query: (body) => actionRequest(refs.removeFromCatalog, body),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ songId }) =>
          applyToCatalog(dispatch, songRemoved(songId)),
        );
      },
    }),
    popularityHistory: build.query<
      OutputOf<typeof popularityScoreHistory>,
      InputOf<typeof popularityScoreHistory>
    >({
      query: (body) => actionRequest(refs.popularityHistory, body),
    }),
    /** A pasted link's track, shown before it is added; remembered in the catalogue's tracks. */
    catalogTrack: build.query<OutputOf<typeof spotifyTrack>, InputOf<typeof spotifyTrack>>({
      query: (body) => actionRequest(refs.spotifyTrack, body),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ track }) =>
          applyToCatalog(dispatch, trackLoaded(track)),
        );
      },
    }),
    /** Spotify's track search, 10 a page; not cached (spec section 7). */
    catalogSearch: build.query<OutputOf<typeof search>, InputOf<typeof search>>({
      query: (body) => actionRequest(refs.search, body),
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
  useUpdateSongStatusMutation,
  useRemoveFromCatalogMutation,
  usePopularityHistoryQuery,
  useCatalogTrackQuery,
  useCatalogSearchQuery,
} = catalogApi;
