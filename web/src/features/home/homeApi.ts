import { isAnyOf } from '@reduxjs/toolkit';
import { homeActions } from '../../../../common/api/home/actions.js';
import { api, callAction } from '../../shared/api/baseApi';
import { whileCached } from '../../shared/api/whileCached';
import { onlytomeReceived, realtimeReconnected } from '../../shared/realtime/realtimeSlice';

/**
 * Home's desk: one read (home/desk). Whatever the realtime channel pushes to the curator (a
 * swap changed, a message, a friend request) may change a count, so each push, and a
 * reconnect, reads the desk again while the screen shows it.
 */
export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    desk: build.query({
      ...callAction(homeActions.desk),
      keepUnusedDataFor: 30,
      async onCacheEntryAdded(_arg, lifecycle) {
        await whileCached(lifecycle, isAnyOf(onlytomeReceived, realtimeReconnected), () => {
          void lifecycle.dispatch(
            homeApi.endpoints.desk.initiate(undefined, { subscribe: false, forceRefetch: true }),
          );
        });
      },
    }),
  }),
});

export const { useDeskQuery } = homeApi;
