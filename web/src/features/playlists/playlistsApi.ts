import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { InputOf, OutputOf } from '../../../../common/api/contract.js';
import { playlistsActions } from '../../../../common/api/playlists/actions.js';
import { actionRequest, api, callAction, whenSucceeded } from '../../shared/api/baseApi';
import { duplicatesAfterMove, moveItem, withRemovalDate } from './playlistCache';

/**
 * The screens read Spotify's data (each account's playlists, a playlist) again whenever they
 * open, unless what the store holds was read within this many seconds: an answer a page
 * rendered on the server brought in its store was read by the server a moment before, and reading it again
 * would parse and compare the whole answer (300 tracks) to find it unchanged.
 */
export const LIVE_READ_FRESH_FOR_S = 10;

/** A lock to show at once, before the server confirms it. */
interface LockArgument {
  track?: { id: string; name: string };
}

export const playlistsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The managed playlists and the plan's limits as the server counts them. */
    managedPlaylists: build.query({
      ...callAction(playlistsActions.all),
      providesTags: ['ManagedPlaylists'],
    }),
    /** playlistsInfo: the managed playlists' settings keyed by spotifyId. */
    playlistsInfo: build.query({
      ...callAction(playlistsActions.info),
      providesTags: ['ManagedPlaylists'],
    }),
    /** Live from Spotify; not cached. */
    accountPlaylists: build.query({
      ...callAction(playlistsActions.playlists),
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, { accountId }) => [
        { type: 'AccountPlaylists', id: accountId },
      ],
    }),
    /** Live from Spotify with every item and the duplicates; not cached. */
    playlist: build.query({
      ...callAction(playlistsActions.playlist),
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, { playlistId }) => [{ type: 'Playlist', id: playlistId }],
    }),
    insights: build.query({
      ...callAction(playlistsActions.insights),
      providesTags: (_result, _error, { playlistId }) => [{ type: 'Insights', id: playlistId }],
    }),
    /** Spotify's track search, 10 a page; not cached. */
    searchTracks: build.query({
      ...callAction(playlistsActions.search),
      keepUnusedDataFor: 0,
    }),

    /** Start managing a playlist (plan limit on managed playlists). */
    managePlaylist: build.mutation({
      ...callAction(playlistsActions.add),
      // The account's list is read again too: managed playlists show their follower counts.
      invalidatesTags: (result, _error, { accountId }) =>
        result ? ['ManagedPlaylists', { type: 'AccountPlaylists', id: accountId }] : [],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ playlist: managed, playlistInfo }) => {
          dispatch(
            playlistsApi.util.updateQueryData('playlistsInfo', undefined, (draft) => {
              draft.playlistsInfo[managed.spotifyId] = playlistInfo;
            }),
          );
        });
      },
    }),
    /** Stop managing: its locks and pending removal dates go with it. */
    unmanagePlaylist: build.mutation({
      ...callAction(playlistsActions.remove),
      invalidatesTags: (result, _error, { playlistId }) =>
        result
          ? ['ManagedPlaylists', 'AccountPlaylists', { type: 'Insights', id: playlistId }]
          : [],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ playlistId }) => {
          dispatch(
            playlistsApi.util.updateQueryData('playlistsInfo', undefined, (draft) => {
              delete draft.playlistsInfo[playlistId];
            }),
          );
        });
      },
    }),
    /** Shown at once; put back if the server refuses. */
    setVisibility: build.mutation({
      ...callAction(playlistsActions.visibility),
      async onQueryStarted({ playlistId, visible }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          playlistsApi.util.updateQueryData('playlistsInfo', undefined, (draft) => {
            const entry = draft.playlistsInfo[playlistId];
            if (entry) entry.visible = visible;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    /** A visible playlist's genres and moods (docs/genres.md); shown at once, put back if refused. */
    setPlaylistTags: build.mutation({
      ...callAction(playlistsActions.tags),
      async onQueryStarted({ playlistId, tags }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          playlistsApi.util.updateQueryData('playlistsInfo', undefined, (draft) => {
            const entry = draft.playlistsInfo[playlistId];
            if (entry) entry.tags = tags;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    /** Lock the track at a position (0-based); shown at once, put back if refused. */
    lockPosition: build.mutation<
      OutputOf<typeof playlistsActions.addPosition>,
      InputOf<typeof playlistsActions.addPosition> & LockArgument
    >({
      query: ({ playlistId, position }) =>
        actionRequest(playlistsActions.addPosition, { playlistId, position }),
      async onQueryStarted({ playlistId, position, track }, { dispatch, queryFulfilled }) {
        await updateLocks(dispatch, queryFulfilled, playlistId, (locks) => {
          if (track) locks[String(position)] = { trackId: track.id, trackName: track.name };
        });
      },
    }),
    unlockPosition: build.mutation({
      ...callAction(playlistsActions.removePosition),
      async onQueryStarted({ playlistId, position }, { dispatch, queryFulfilled }) {
        await updateLocks(dispatch, queryFulfilled, playlistId, (locks) => {
          delete locks[String(position)];
        });
      },
    }),
    /** Real edits on Spotify: the playlist and its history are read again afterwards. */
    addTrack: build.mutation({
      ...callAction(playlistsActions.addTrackToPlaylist),
      invalidatesTags: (_result, _error, { playlistId }) => [
        { type: 'Playlist', id: playlistId },
        { type: 'History', id: playlistId },
        'ManagedPlaylists',
      ],
    }),
    removeTrack: build.mutation({
      ...callAction(playlistsActions.removeTrackFromPlaylist),
      invalidatesTags: (_result, _error, { playlistId }) => [
        { type: 'Playlist', id: playlistId },
        { type: 'History', id: playlistId },
        'ManagedPlaylists',
      ],
    }),
    /**
     * Moves a track against the snapshot the user saw. On success the new order and snapshot
     * are shown at once; either way the playlist is read again (after a 409 CONFLICT it
     * changed on Spotify meanwhile).
     */
    moveTrack: build.mutation({
      ...callAction(playlistsActions.moveTrack),
      invalidatesTags: (_result, _error, { playlistId }) => [
        { type: 'Playlist', id: playlistId },
        { type: 'History', id: playlistId },
        'ManagedPlaylists',
      ],
      async onQueryStarted({ accountId, playlistId, from, to }, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ snapshotId }) => {
          dispatch(
            playlistsApi.util.updateQueryData('playlist', { accountId, playlistId }, (draft) => {
              draft.items = moveItem(draft.items, from, to);
              draft.duplicates = duplicatesAfterMove(draft.duplicates, from, to);
              draft.playlist.info.snapshotId = snapshotId;
            }),
          );
        });
      },
    }),
    /** Set, change or clear a track's removal date. */
    setRemovalDate: build.mutation({
      ...callAction(playlistsActions.trackRemovalDate),
      async onQueryStarted({ playlistId, trackId }, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ trackRemovalDate: record }) => {
          dispatch(
            playlistsApi.util.updateQueryData('playlistsInfo', undefined, (draft) => {
              const entry = draft.playlistsInfo[playlistId];
              if (entry) entry.trackRemovalDates = withRemovalDate(entry, trackId, record);
            }),
          );
        });
      },
    }),
  }),
});

type LockPositions = OutputOf<typeof playlistsActions.addPosition>['lockPositions'];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- what onQueryStarted is given
type Dispatch = ThunkDispatch<any, any, UnknownAction>;

/**
 * Shows a lock change at once, then the locks the server answered, or puts them back when
 * it refused (a PLAN_LIMIT, for example).
 */
async function updateLocks(
  dispatch: Dispatch,
  queryFulfilled: Promise<{ data: { lockPositions: LockPositions } }>,
  playlistId: string,
  change: (locks: LockPositions) => void,
): Promise<void> {
  const patch = dispatch(
    playlistsApi.util.updateQueryData('playlistsInfo', undefined, (draft) => {
      const entry = draft.playlistsInfo[playlistId];
      if (entry) change(entry.lockPositions);
    }),
  );
  try {
    const { data } = await queryFulfilled;
    dispatch(
      playlistsApi.util.updateQueryData('playlistsInfo', undefined, (draft) => {
        const entry = draft.playlistsInfo[playlistId];
        if (entry) entry.lockPositions = data.lockPositions;
      }),
    );
  } catch {
    patch.undo();
  }
}

export const {
  useManagedPlaylistsQuery,
  usePlaylistsInfoQuery,
  useAccountPlaylistsQuery,
  usePlaylistQuery,
  useInsightsQuery,
  useSearchTracksQuery,
  useManagePlaylistMutation,
  useUnmanagePlaylistMutation,
  useSetVisibilityMutation,
  useSetPlaylistTagsMutation,
  useLockPositionMutation,
  useUnlockPositionMutation,
  useAddTrackMutation,
  useRemoveTrackMutation,
  useMoveTrackMutation,
  useSetRemovalDateMutation,
} = playlistsApi;
