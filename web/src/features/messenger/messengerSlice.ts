import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Conversation, Message } from '../../../../common/api/messenger.js';
import { userPresenceReceived } from '../../shared/realtime/realtimeSlice';

export type { Conversation, Message } from '../../../../common/api/messenger.js';

/** One conversation's thread as far as it has been loaded (spec section 3). */
export interface ConversationMessages {
  loaded: boolean;
  /** Messages of the other side (or the system) in `messages` not read yet. */
  unread: number;
  /** Oldest first. */
  messages: Message[];
  /** Whether older messages exist before the first one held ("Load earlier messages"). */
  hasMore: boolean;
}

/** Messenger state of spec section 3. */
export interface MessengerState {
  loaded: boolean;
  conversations: Conversation[];
  messages: Record<string, ConversationMessages>;
  /** Online status by user id, from online/status and user:presence. */
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

/** What message/send answers, and what an incoming SendMessage carries in its response. */
export interface MessageWithConversation {
  message: Message;
  conversation: Conversation;
}

/**
 * Most recent message first, conversations without messages after them (the server's order);
 * the sort is stable, so equal ones keep their order.
 */
function sortByLastMessage(conversations: Conversation[]): Conversation[] {
  return [...conversations].sort((a, b) => {
    if (a.lastMessageAt === b.lastMessageAt) return 0;
    if (a.lastMessageAt === null) return 1;
    if (b.lastMessageAt === null) return -1;
    return a.lastMessageAt < b.lastMessageAt ? 1 : -1;
  });
}

const isFromOtherSide = (message: Message, conversation: Conversation | undefined) =>
  message.userId !== null && message.userId === conversation?.otherUser.id;

function threadOf(state: MessengerState, conversationId: string): ConversationMessages {
  state.messages[conversationId] ??= { loaded: false, unread: 0, messages: [], hasMore: false };
  return state.messages[conversationId];
}

/** Adds messages after the held ones, skipping any already held (a catch-up may overlap a push). */
function appendMessages(thread: ConversationMessages, messages: readonly Message[]): Message[] {
  const held = new Set(thread.messages.map((message) => message.id));
  const added = messages.filter((message) => !held.has(message.id));
  thread.messages.push(...added);
  return added;
}

const countUnread = (messages: readonly Message[], conversation: Conversation | undefined) =>
  messages.filter((message) => !message.read && message.userId !== ownIdOf(conversation)).length;

/** The viewer's id: the side of the conversation that is not the other user. */
function ownIdOf(conversation: Conversation | undefined): string | undefined {
  if (!conversation) return undefined;
  return conversation.userOneId === conversation.otherUser.id
    ? conversation.userTwoId
    : conversation.userOneId;
}

/** A message joins its conversation: the last-message fields move and the list is re-sorted. */
function moveToTop(state: MessengerState, conversation: Conversation, message: Message) {
  conversation.lastMessageAt = message.createdAt;
  conversation.lastMessageContent = message.content;
  conversation.lastMessageSenderId = message.userId;
  state.conversations = sortByLastMessage(state.conversations);
}

/** A started conversation goes where the server lists it: first of those without messages. */
function insertStarted(state: MessengerState, conversation: Conversation) {
  const firstEmpty = state.conversations.findIndex((existing) => existing.lastMessageAt === null);
  const at = conversation.lastMessageAt === null && firstEmpty !== -1 ? firstEmpty : 0;
  state.conversations.splice(at, 0, conversation);
  state.conversations = sortByLastMessage(state.conversations);
}

export const messengerSlice = createSlice({
  name: 'messenger',
  initialState: initialMessengerState,
  reducers: {
    /** messenger/conversations answered: the list, in its order; threads of gone ones go. */
    conversationsLoaded(state, action: PayloadAction<Conversation[]>) {
      state.loaded = true;
      state.conversations = sortByLastMessage(action.payload);
      const ids = new Set(action.payload.map((conversation) => conversation.id));
      for (const id of Object.keys(state.messages)) {
        if (!ids.has(id)) delete state.messages[id];
      }
    },
    /** conversation/start answered: added with zero unread, unless it is listed already. */
    conversationStarted(state, action: PayloadAction<Conversation>) {
      if (state.conversations.some((existing) => existing.id === action.payload.id)) return;
      insertStarted(state, { ...action.payload, unreadMessagesCount: 0 });
    },
    /** The conversation on screen; null when none is. */
    conversationSelected(state, action: PayloadAction<string | null>) {
      state.selectedConversationId = action.payload;
    },
    /** conversation/read answered: nothing unread, and the held messages of the other side read. */
    conversationRead(state, action: PayloadAction<string>) {
      const conversation = state.conversations.find((existing) => existing.id === action.payload);
      if (conversation) conversation.unreadMessagesCount = 0;
      const thread = state.messages[action.payload];
      if (!thread) return;
      const ownId = ownIdOf(conversation);
      for (const message of thread.messages) {
        if (message.userId !== ownId) message.read = true;
      }
      thread.unread = 0;
    },
    /**
     * The user's own message/send answered: the message joins the thread and the conversation
     * moves to the top. Sending adds nothing unread.
     */
    messageSent(state, action: PayloadAction<MessageWithConversation>) {
      const { message, conversation: view } = action.payload;
      let conversation = state.conversations.find((existing) => existing.id === view.id);
      if (!conversation) {
        insertStarted(state, { ...view, unreadMessagesCount: 0 });
        conversation = state.conversations.find((existing) => existing.id === view.id)!;
      }
      const thread = state.messages[view.id];
      if (thread?.loaded) appendMessages(thread, [message]);
      moveToTop(state, conversation, message);
    },
    /**
     * An incoming SendMessage (spec section 4): the message joins the thread, the conversation
     * moves to the top, and it gains one unread unless it is the selected one. A message held
     * already, or no newer than the conversation's last message (a list loaded after it was
     * stored), is not counted again. A conversation not listed is added as the server sees it
     * (its count already includes this message).
     */
    messageReceived(state, action: PayloadAction<MessageWithConversation>) {
      const { message, conversation: view } = action.payload;
      const conversation = state.conversations.find((existing) => existing.id === view.id);
      if (!conversation) {
        insertStarted(state, view);
        return;
      }
      // A list loaded after this message was stored counts it already (a reload racing the push).
      if (conversation.lastMessageAt !== null && conversation.lastMessageAt >= message.createdAt) {
        const thread = state.messages[view.id];
        if (thread?.loaded) appendMessages(thread, [message]);
        return;
      }
      const thread = state.messages[view.id];
      if (thread?.loaded && appendMessages(thread, [message]).length === 0) return;
      const selected = state.selectedConversationId === view.id;
      if (!selected) conversation.unreadMessagesCount += 1;
      if (thread?.loaded) {
        if (!selected && !message.read) thread.unread += 1;
        // The server marks a sender as having read everything up to their own message.
        if (isFromOtherSide(message, conversation)) {
          const ownId = ownIdOf(conversation);
          for (const held of thread.messages) if (held.userId === ownId) held.read = true;
        }
      }
      moveToTop(state, conversation, message);
    },
    /** The newest page of a thread (conversation/messages without before or after). */
    messagesLoaded(
      state,
      action: PayloadAction<{ conversationId: string; messages: Message[]; hasMore: boolean }>,
    ) {
      const { conversationId, messages, hasMore } = action.payload;
      const conversation = state.conversations.find((existing) => existing.id === conversationId);
      // A message pushed while the page was on its way stays, after the page.
      const newestInPage = messages.at(-1)?.createdAt ?? '';
      const inPage = new Set(messages.map((message) => message.id));
      const pushedMeanwhile = (state.messages[conversationId]?.messages ?? []).filter(
        (message) => !inPage.has(message.id) && message.createdAt > newestInPage,
      );
      const all = [...messages, ...pushedMeanwhile];
      state.messages[conversationId] = {
        loaded: true,
        messages: all,
        hasMore,
        unread: countUnread(all, conversation),
      };
    },
    /** A page before the first held message ("Load earlier messages"). */
    earlierMessagesLoaded(
      state,
      action: PayloadAction<{ conversationId: string; messages: Message[]; hasMore: boolean }>,
    ) {
      const { conversationId, messages, hasMore } = action.payload;
      const thread = threadOf(state, conversationId);
      const held = new Set(thread.messages.map((message) => message.id));
      thread.messages.unshift(...messages.filter((message) => !held.has(message.id)));
      thread.hasMore = hasMore;
    },
    /** Messages after the newest held one, fetched after a reconnect. */
    missedMessagesLoaded(
      state,
      action: PayloadAction<{ conversationId: string; messages: Message[] }>,
    ) {
      const { conversationId, messages } = action.payload;
      const thread = state.messages[conversationId];
      if (!thread?.loaded) return;
      const conversation = state.conversations.find((existing) => existing.id === conversationId);
      const added = appendMessages(thread, messages);
      thread.unread += countUnread(added, conversation);
    },
    /** Deleting a user's conversation removes it and its messages (spec section 4). */
    conversationDeleted(state, action: PayloadAction<string>) {
      state.conversations = state.conversations.filter(
        (conversation) => conversation.id !== action.payload,
      );
      delete state.messages[action.payload];
      if (state.selectedConversationId === action.payload) state.selectedConversationId = null;
    },
    /** online/status answered. */
    onlineStatusLoaded(state, action: PayloadAction<Record<string, boolean>>) {
      Object.assign(state.online, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(userPresenceReceived, (state, action) => {
      state.online[action.payload.id] = action.payload.present;
    });
  },
  selectors: {
    selectMessenger: (state) => state,
    selectConversations: (state) => state.conversations,
    selectSelectedConversationId: (state) => state.selectedConversationId,
    selectOnline: (state) => state.online,
    /** The Messenger badge: conversations with unread messages (spec: conversationsWithUnreadCount). */
    selectConversationsWithUnreadCount: (state) =>
      state.conversations.filter((conversation) => conversation.unreadMessagesCount > 0).length,
  },
});

export const {
  conversationsLoaded,
  conversationStarted,
  conversationSelected,
  conversationRead,
  messageSent,
  messageReceived,
  messagesLoaded,
  earlierMessagesLoaded,
  missedMessagesLoaded,
  conversationDeleted,
  onlineStatusLoaded,
} = messengerSlice.actions;

export const messengerReducer = messengerSlice.reducer;

export const {
  selectMessenger,
  selectConversations,
  selectSelectedConversationId,
  selectOnline,
  selectConversationsWithUnreadCount,
} = messengerSlice.selectors;

/**
 * The users whose online status is asked for: the other side of every conversation, sorted
 * (a stable argument for the cached online/status query).
 */
export const selectConversationPartnerIds = createSelector(
  [(state: { messenger: MessengerState }) => state.messenger.conversations],
  (conversations) =>
    [...new Set(conversations.map((conversation) => conversation.otherUser.id))].sort(),
);
