import type { Conversation, Message } from './messengerTransitions';

/** The signed-in user of the messenger tests (buildUser's id). */
export const ME = 'user-1';

let sequence = 0;
const nextId = (prefix: string) => {
  sequence += 1;
  return `${prefix}-${String(sequence).padStart(4, '0')}`;
};

/** A conversation of ME's with another curator, as messenger/conversations lists it. */
export function buildConversation(overrides: Partial<Conversation> = {}): Conversation {
  const otherUser = overrides.otherUser ?? {
    id: nextId('curator'),
    name: 'Blake Rivera',
    userProfilePicture: null,
  };
  return {
    id: nextId('conversation'),
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
    id: nextId('message'),
    type: 'user',
    content: 'Hello',
    userId: conversation.otherUser.id,
    createdAt: '2026-11-20T10:00:00.000Z',
    read: false,
    conversationId: conversation.id,
    ...overrides,
  };
}
