import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { messengerApi } from './messengerApi';
import { selectConversationsWithUnreadCount } from './messengerBadge';
import { buildConversation } from './messengerFixtures';

describe('the Messenger badge (conversationsWithUnreadCount)', () => {
  it('is 0 before the conversations are loaded', () => {
    expect(selectConversationsWithUnreadCount(makeStore().getState())).toBe(0);
  });

  it('counts conversations, not messages, with unread messages, from the cached list', async () => {
    const store = makeStore();
    await store.dispatch(
      messengerApi.util.upsertQueryData('conversations', undefined, [
        buildConversation({ unreadMessagesCount: 3 }),
        buildConversation({ unreadMessagesCount: 0 }),
        buildConversation({ unreadMessagesCount: 1 }),
      ]),
    );
    expect(selectConversationsWithUnreadCount(store.getState())).toBe(2);
  });
});
