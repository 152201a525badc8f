import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Conversation, Message } from '../../../../common/api/messenger/schemas.js';

export type { Conversation, Message } from '../../../../common/api/messenger/schemas.js';

/**
 * One conversation's messages as far as they are loaded: a cache entry of
 * messengerApi.ts, there once loaded. Its unread count is read off it (unreadIn).
 */
export interface Thread {
  /** Oldest first. */
  messages: Message[];
  /** Whether older messages exist before the first one held ("Load earlier messages"). */
  hasMore: boolean;
}

/**
 * The messenger's server data that a change touches: the conversations, and
 * the loaded threads by conversation id. Each lives in its own cache entry (messengerApi.ts
 * reads them into this shape, applies a transition and writes back what changed).
 */
export interface MessengerData {
  conversations: Conversation[];
  threads: Record<string, Thread>;
}

/** What message/send answers, and what an incoming SendMessage carries in its response. */
export interface MessageWithConversation {
  message: Message;
  conversation: Conversation;
}

export const EMPTY_THREAD: Thread = { messages: [], hasMore: false };

/**
 * Most recent message first, conversations without messages after them (the server's order);
 * the sort is stable, so equal ones keep their order.
 */
export function sortByLastMessage(conversations: readonly Conversation[]): Conversation[] {
  return [...conversations].sort((a, b) => {
    if (a.lastMessageAt === b.lastMessageAt) return 0;
    if (a.lastMessageAt === null) return 1;
    if (b.lastMessageAt === null) return -1;
    return a.lastMessageAt < b.lastMessageAt ? 1 : -1;
  });
}

/** The viewer's id: the side of the conversation that is not the other user. */
function ownIdOf(conversation: Conversation | undefined): string | undefined {
  if (!conversation) return undefined;
  return conversation.userOneId === conversation.otherUser.id
    ? conversation.userTwoId
    : conversation.userOneId;
}

const isFromOtherSide = (message: Message, conversation: Conversation | undefined) =>
  message.userId !== null && message.userId === conversation?.otherUser.id;

/** Messages not read yet that the viewer did not write (the thread's unread). */
export function unreadIn(thread: Thread, viewerId: string): number {
  return thread.messages.filter((message) => !message.read && message.userId !== viewerId).length;
}

/** Adds messages after the held ones, skipping any already held (a catch-up may overlap a push). */
function appendMessages(thread: Thread, messages: readonly Message[]): Message[] {
  const held = new Set(thread.messages.map((message) => message.id));
  const added = messages.filter((message) => !held.has(message.id));
  thread.messages.push(...added);
  return added;
}

/** A message joins its conversation: the last-message fields move and the list is re-sorted. */
function moveToTop(state: MessengerData, conversation: Conversation, message: Message) {
  conversation.lastMessageAt = message.createdAt;
  conversation.lastMessageContent = message.content;
  conversation.lastMessageSenderId = message.userId;
  state.conversations = sortByLastMessage(state.conversations);
}

/** A started conversation goes where the server lists it: first of those without messages. */
function insertStarted(state: MessengerData, conversation: Conversation) {
  const firstEmpty = state.conversations.findIndex((existing) => existing.lastMessageAt === null);
  const at = conversation.lastMessageAt === null && firstEmpty !== -1 ? firstEmpty : 0;
  state.conversations.splice(at, 0, conversation);
  state.conversations = sortByLastMessage(state.conversations);
}

const find = (state: MessengerData, id: string) =>
  state.conversations.find((existing) => existing.id === id);

/**
 * The newest page of a thread arrived (the thread's query, on every opening): it replaces what
 * was held, and a message pushed while the page was on its way stays, after the page.
 */
export function withNewestPage(held: Thread | undefined, page: Thread): Thread {
  const newestInPage = page.messages.at(-1)?.createdAt ?? '';
  const inPage = new Set(page.messages.map((message) => message.id));
  const pushedMeanwhile = (held?.messages ?? []).filter(
    (message) => !inPage.has(message.id) && message.createdAt > newestInPage,
  );
  return { messages: [...page.messages, ...pushedMeanwhile], hasMore: page.hasMore };
}

/** The messenger's transitions on MessengerData. */
export const messengerTransitions = createSlice({
  name: 'messenger',
  initialState: { conversations: [], threads: {} } as MessengerData,
  reducers: {
    /** conversation/start answered: added with zero unread, unless it is listed already. */
    conversationStarted(state, action: PayloadAction<Conversation>) {
      if (find(state, action.payload.id)) return;
      insertStarted(state, { ...action.payload, unreadMessagesCount: 0 });
    },
    /** conversation/read answered: nothing unread, and the held messages of the other side read. */
    conversationRead(state, action: PayloadAction<string>) {
      const conversation = find(state, action.payload);
      if (conversation) conversation.unreadMessagesCount = 0;
      const thread = state.threads[action.payload];
      if (!thread) return;
      const ownId = ownIdOf(conversation);
      for (const message of thread.messages) {
        if (message.userId !== ownId) message.read = true;
      }
    },
    /**
     * The user's own message/send answered: the message joins the thread and the conversation
     * moves to the top. Sending adds nothing unread.
     */
    messageSent(state, action: PayloadAction<MessageWithConversation>) {
      const { message, conversation: view } = action.payload;
      let conversation = find(state, view.id);
      if (!conversation) {
        insertStarted(state, { ...view, unreadMessagesCount: 0 });
        conversation = find(state, view.id)!;
      }
      const thread = state.threads[view.id];
      if (thread) appendMessages(thread, [message]);
      moveToTop(state, conversation, message);
    },
    /**
     * An incoming SendMessage: the message joins the thread, the conversation
     * moves to the top, and it gains one unread unless it is the selected one. A message held
     * already, or no newer than the conversation's last message (a list loaded after it was
     * stored), is not counted again. A conversation not listed is added as the server sees it
     * (its count already includes this message).
     */
    messageReceived(
      state,
      action: PayloadAction<MessageWithConversation & { selectedConversationId: string | null }>,
    ) {
      const { message, conversation: view, selectedConversationId } = action.payload;
      const conversation = find(state, view.id);
      if (!conversation) {
        insertStarted(state, view);
        return;
      }
      const thread = state.threads[view.id];
      // A list loaded after this message was stored counts it already (a reload racing the push).
      if (conversation.lastMessageAt !== null && conversation.lastMessageAt >= message.createdAt) {
        if (thread) appendMessages(thread, [message]);
        return;
      }
      if (thread && appendMessages(thread, [message]).length === 0) return;
      if (selectedConversationId !== view.id) conversation.unreadMessagesCount += 1;
      // The server marks a sender as having read everything up to their own message.
      if (thread && isFromOtherSide(message, conversation)) {
        const ownId = ownIdOf(conversation);
        for (const held of thread.messages) if (held.userId === ownId) held.read = true;
      }
      moveToTop(state, conversation, message);
    },
    /** A page before the first held message ("Load earlier messages"). */
    earlierMessagesLoaded(
      state,
      action: PayloadAction<{ conversationId: string; messages: Message[]; hasMore: boolean }>,
    ) {
      const { conversationId, messages, hasMore } = action.payload;
      const thread = state.threads[conversationId];
      if (!thread) return;
      const held = new Set(thread.messages.map((message) => message.id));
      thread.messages.unshift(...messages.filter((message) => !held.has(message.id)));
      thread.hasMore = hasMore;
    },
    /** Messages after the newest held one, fetched after a reconnect. */
    missedMessagesLoaded(
      state,
      action: PayloadAction<{ conversationId: string; messages: Message[] }>,
    ) {
      const thread = state.threads[action.payload.conversationId];
      if (thread) appendMessages(thread, action.payload.messages);
    },
    /** Deleting a user's conversation removes it and its messages. */
    conversationDeleted(state, action: PayloadAction<string>) {
      state.conversations = state.conversations.filter(
        (conversation) => conversation.id !== action.payload,
      );
      delete state.threads[action.payload];
    },
  },
});

export const {
  conversationStarted,
  conversationRead,
  messageSent,
  messageReceived,
  earlierMessagesLoaded,
  missedMessagesLoaded,
  conversationDeleted,
} = messengerTransitions.actions;

export const applyMessengerTransition = messengerTransitions.reducer;

/** The users whose online status is asked for: the other side of every conversation, sorted. */
export function partnerIdsOf(conversations: readonly Conversation[] | undefined): string[] {
  return [
    ...new Set((conversations ?? []).map((conversation) => conversation.otherUser.id)),
  ].sort();
}
