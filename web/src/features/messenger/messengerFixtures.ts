import type { Conversation, Message } from './messengerTransitions';

/** The signed-in user of the messenger tests (buildUser's id). */
export const ME = 'user-1';

/** Curators the messenger tests talk to (ids are UUIDs, as the server's). */
export const BLAKE_ID = '7b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d01';
export const CASEY_ID = '7b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d02';
export const AVERY_ID = '7b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d03';

let sequence = 0;
/** A fresh UUID: conversations, messages and curators are named by UUIDs on the server. */
const nextId = () => {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
};

/** A conversation of ME's with another curator, as messenger/conversations lists it. */
export function buildConversation(overrides: Partial<Conversation> = {}): Conversation {
  const otherUser = overrides.otherUser ?? {
    id: nextId(),
    name: 'Blake Rivera',
    userProfilePicture: null,
  };
  return {
    id: nextId(),
    userOneId: ME,
    userTwoId: otherUser.id,
    unreadMessagesCount: 0,
    lastMessageContent: 'Hello',
    lastMessageAt: '2026-11-20T10:00:00.000Z',
    lastMessageSenderId: otherUser.id,
    ...overrides,
    otherUser,
  };
}

/** A message of a conversation; by default from its other side, unread. */
export function buildMessage(
  conversation: Conversation,
  overrides: Partial<Message> = {},
): Message {
  return {
    id: nextId(),
    type: 'user',
    content: 'Hello',
    userId: conversation.otherUser.id,
    createdAt: '2026-11-20T10:00:00.000Z',
    read: false,
    conversationId: conversation.id,
    ...overrides,
  };
}

/** What messenger/conversations answers when these conversations are all there is. */
export function conversationsAnswer(conversations: Conversation[]) {
  const withUnread = conversations.filter((conversation) => conversation.unreadMessagesCount > 0);
  return {
    body: { conversations, nextCursor: null, conversationsWithUnreadCount: withUnread.length },
  };
}
