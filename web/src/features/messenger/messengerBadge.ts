import type { Conversation } from '../../../../common/api/messenger/schemas.js';
import { api } from '../../shared/api/baseApi';

/** The query of messengerApi.ts whose cache entry holds the user's conversations. */
export const CONVERSATIONS_QUERY = 'conversations';

/**
 * The Messenger badge of the sidebar (spec section 2, conversationsWithUnreadCount): how many
 * conversations have unread messages, read from the conversations query's cache entry. The
 * shell reads it in the first chunk, where messengerApi.ts (and the messenger's transitions) is
 * not loaded, so the entry is found by its query's name; 0 until the list is loaded.
 */
export function selectConversationsWithUnreadCount(
  state: Parameters<typeof api.util.selectAllQueryEntries>[0],
): number {
  const entry = api.util
    .selectAllQueryEntries(state)
    .find((cached) => cached.endpointName === CONVERSATIONS_QUERY);
  const conversations = entry?.data as Conversation[] | undefined;
  return (conversations ?? []).filter((conversation) => conversation.unreadMessagesCount > 0)
    .length;
}
