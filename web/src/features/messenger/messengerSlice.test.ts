import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import {
  initialMessengerState,
  selectConversationsWithUnreadCount,
  type Conversation,
} from './messengerSlice';

function conversation(id: string, unreadMessagesCount: number): Conversation {
  return {
    id,
    userOneId: 'me',
    userTwoId: `friend-${id}`,
    unreadMessagesCount,
    lastMessageContent: 'Hi',
    lastMessageAt: '2026-11-20T10:00:00.000Z',
    lastMessageSenderId: `friend-${id}`,
  };
}

describe('selectConversationsWithUnreadCount (Messenger badge)', () => {
  it('is 0 without conversations', () => {
    expect(selectConversationsWithUnreadCount(makeStore().getState())).toBe(0);
  });

  it('counts conversations, not messages, with unread messages', () => {
    const store = makeStore({
      messenger: {
        ...initialMessengerState,
        conversations: [conversation('1', 3), conversation('2', 0), conversation('3', 1)],
      },
    });
    expect(selectConversationsWithUnreadCount(store.getState())).toBe(2);
  });
});
