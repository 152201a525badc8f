import { isAnyOf } from '@reduxjs/toolkit';
import { usersActions } from '../../../../common/api/users/actions.js';
import type { OutputOf } from '../../../../common/api/contract.js';
import { actionRequest, api } from '../../shared/api/baseApi';
import { whileCached } from '../../shared/api/whileCached';
import { onlytomeOf, realtimeReconnected } from '../../shared/realtime/realtimeSlice';

/** The one request of the badge: received requests, one row (the answer counts them all). */
const BADGE_ARG = { direction: 'received', limit: 1 } as const;

/**
 * The Discovery badge of the sidebar: how many potential partners sent the
 * user a friend request. One cache entry in the first chunk, loaded by the signed-in presence
 * (app/realtime/SignedInPresence.tsx): network/requests answers the count, every
 * FriendRequestChanged push carries it (live, without a reload), a reconnect reads it again,
 * and the user's own answers to requests change it (networkApi.ts, receivedCountAfter).
 */
export const friendRequestsBadgeApi = api.injectEndpoints({
  endpoints: (build) => ({
    friendRequestsReceivedCount: build.query<number, void>({
      query: () => actionRequest(usersActions.networkRequests, BADGE_ARG),
      transformResponse: (answer: OutputOf<typeof usersActions.networkRequests>) =>
        answer.requestsReceived,
      async onCacheEntryAdded(_arg, lifecycle) {
        await whileCached(
          lifecycle,
          isAnyOf(onlytomeOf('FriendRequestChanged'), realtimeReconnected),
          (action) => {
            if (realtimeReconnected.match(action)) {
              void lifecycle.dispatch(
                friendRequestsBadgeApi.endpoints.friendRequestsReceivedCount.initiate(undefined, {
                  subscribe: false,
                  forceRefetch: true,
                }),
              );
            } else {
              lifecycle.updateCachedData(() => action.payload.response.requestsReceived);
            }
          },
        );
      },
    }),
  }),
});

export const { useFriendRequestsReceivedCountQuery } = friendRequestsBadgeApi;

type BadgeRootState = Parameters<typeof selectBadgeResult>[0];

const selectBadgeResult = friendRequestsBadgeApi.endpoints.friendRequestsReceivedCount.select();

/** The Discovery badge's count: 0 until the count is loaded. */
export function selectFriendRequestsReceivedCount(state: BadgeRootState): number {
  return selectBadgeResult(state).data ?? 0;
}
