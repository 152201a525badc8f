import { messengerActions } from '../../../../common/api/messenger/actions.js';
import type { OutputOf } from '../../../../common/api/contract.js';
import { actionRequest, api } from '../../shared/api/baseApi';
import { whileCached } from '../../shared/api/whileCached';
import { onlytomeOf } from '../../shared/realtime/realtimeSlice';

/** The badge's own request, should it be read before the conversations: one conversation. */
const BADGE_ARG = { limit: 1 } as const;

/**
 * The Messenger badge of the sidebar: how many
 * of all the user's conversations have unread messages, not only the loaded pages. One cache
 * entry in the first chunk. Every first page of the conversation list carries the count
 * (messenger/conversations answers it from the maintained counters), and the list's endpoint
 * writes it here (messengerApi.ts), at start, whenever the channel connects and when a message
 * arrives in a conversation the list does not know; the signed-in presence holds this entry once
 * it is written (app/realtime/SignedInPresence.tsx), so the badge costs no request of its own.
 * Every SendMessage push carries the recipient's count (live, without a reload), and the user's
 * own message/send, conversation/read and conversation/delete answers carry theirs
 * (badgeCountChanged).
 */
export const messengerBadgeApi = api.injectEndpoints({
  endpoints: (build) => ({
    conversationsWithUnreadCount: build.query<number, void>({
      query: () => actionRequest(messengerActions.listConversations, BADGE_ARG),
      transformResponse: (answer: OutputOf<typeof messengerActions.listConversations>) =>
        answer.conversationsWithUnreadCount,
      async onCacheEntryAdded(_arg, lifecycle) {
        await whileCached(lifecycle, onlytomeOf('SendMessage'), (action) =>
          lifecycle.updateCachedData(() => action.payload.response.conversationsWithUnreadCount),
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

/** Whether the badge's count is in (written by the conversations' first page, or read). */
export function selectBadgeCountLoaded(state: BadgeRootState): boolean {
  return selectBadgeResult(state).data !== undefined;
}
