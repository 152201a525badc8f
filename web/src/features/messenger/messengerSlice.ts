import { createSlice } from '@reduxjs/toolkit';

/** Spec section 3, Conversation. */
export interface Conversation {
  id: string;
  userOneId: string;
  userTwoId: string;
  unreadMessagesCount: number;
  lastMessageContent: string | null;
  lastMessageAt: string | null;
  lastMessageSenderId: string | null;
}

/** Spec section 3, Message. */
export interface Message {
  type: 'user' | 'system';
  content: string;
  userId: string | null;
  createdAt: string;
  read: boolean;
  conversationId: string;
}

export interface ConversationMessages {
  loaded: boolean;
  unread: number;
  messages: Message[];
}

/**
 * Messenger state of spec section 3. The messenger issue loads and changes it; the shell
 * already reads it for the Messenger badge.
 */
export interface MessengerState {
  loaded: boolean;
  conversations: Conversation[];
  messages: Record<string, ConversationMessages>;
  /** User ids known to be online. */
  online: Record<string, boolean>;
  selectedConversationId: string | null;
}

export const initialMessengerState: MessengerState = {
  loaded: false,
  conversations: [],
  messages: {},
  online: {},
  selectedConversationId: null,
};

export const messengerSlice = createSlice({
  name: 'messenger',
  initialState: initialMessengerState,
  reducers: {},
  selectors: {
    /** The Messenger badge: conversations with unread messages (spec: conversationsWithUnreadCount). */
    selectConversationsWithUnreadCount: (state) =>
      state.conversations.filter((conversation) => conversation.unreadMessagesCount > 0).length,
  },
});

export const { selectConversationsWithUnreadCount } = messengerSlice.selectors;
