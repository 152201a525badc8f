import { isAnyOf } from '@reduxjs/toolkit';
import { messengerActions } from '../../../../common/api/messenger/actions.js';
import type { OutputOf } from '../../../../common/api/contract.js';
import { actionRequest, api } from '../../shared/api/baseApi';
import { whileCached } from '../../shared/api/whileCached';
import { onlytomeOf, realtimeReconnected } from '../../shared/realtime/realtimeSlice';

/** The one request of the badge: one conversation (the answer counts all of them). */
const BADGE_ARG = { limit: 1 } as const;

const refetch = { subscribe: false, forceRefetch: true } as const;

/**
 * The Messenger badge of the sidebar (spec section 2, conversationsWithUnreadCount): how many
 * of all the user's conversations have unread messages, not only the loaded pages. One cache
 * entry in the first chunk, loaded by the signed-in presence (app/realtime/SignedInPresence.tsx):
 * messenger/conversations answers the count (served from the maintained counters), every
 * SendMessage push carries the recipient's (live, without a reload), a reconnect reads it
 * again, and the user's own message/send, conversation/read and conversation/delete answers
 * carry theirs (messengerApi.ts, badgeCountChanged).
 */
export const messengerBadgeApi = api.injectEndpoints({
  endpoints: (build) => ({
    conversationsWithUnreadCount: build.query<number, void>({
      query: () => actionRequest(messengerActions.listConversations, BADGE_ARG),
      transformResponse: (answer: OutputOf<typeof messengerActions.listConversations>) =>
        answer.conversationsWithUnreadCount,
      async onCacheEntryAdded(_arg, lifecycle) {
        await whileCached(
          lifecycle,
          isAnyOf(onlytomeOf('SendMessage'), realtimeReconnected),
          (action) => {
            if (realtimeReconnected.match(action)) {
              void lifecycle.dispatch(
                messengerBadgeApi.endpoints.conversationsWithUnreadCount.initiate(
                  undefined,
                  refetch,
                ),
              );
            } else {
              lifecycle.updateCachedData(
                () => action.payload.response.conversationsWithUnreadCount,
              );
            }
          },
        );
      },
    }),
  }),
});

export const { useConversationsWithUnreadCountQuery } = messengerBadgeApi;

/** The count an answer of the user's own carried, written into the badge's entry. */
export const badgeCountChanged = (count: number) =>
  messengerBadgeApi.util.upsertQueryData('conversationsWithUnreadCount', undefined, count);

type BadgeRootState = Parameters<typeof selectBadgeResult>[0];

const selectBadgeResult = messengerBadgeApi.endpoints.conversationsWithUnreadCount.select();

/** The Messenger badge's count: 0 until the count is loaded. */
export function selectConversationsWithUnreadCount(state: BadgeRootState): number {
  return selectBadgeResult(state).data ?? 0;
}
