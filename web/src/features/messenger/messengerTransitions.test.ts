import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { buildConversation, buildMessage, ME } from './messengerFixtures';
import {
  applyMessengerTransition as reduce,
  conversationDeleted,
  conversationRead,
  conversationStarted,
  earlierMessagesLoaded,
  messageReceived,
  messageSent,
  missedMessagesLoaded,
  partnerIdsOf,
  sortByLastMessage,
  unreadIn,
  withNewestPage,
  type Conversation,
  type Message,
  type MessageWithConversation,
  type MessengerData,
  type Thread,
} from './messengerTransitions';

const older = buildConversation({ lastMessageAt: '2026-11-18T09:00:00.000Z' });
const newer = buildConversation({ lastMessageAt: '2026-11-20T09:00:00.000Z' });
const empty = buildConversation({
  lastMessageAt: null,
  lastMessageContent: null,
  lastMessageSenderId: null,
});

/** The conversations as messenger/conversations answered them, and the threads held. */
function loaded(
  conversations: Conversation[] = [newer, older],
  threads: Record<string, Message[]> = {},
): MessengerData {
  return {
    conversations: sortByLastMessage(conversations),
    threads: Object.fromEntries(
      Object.entries(threads).map(([id, messages]) => [id, { messages, hasMore: false }]),
    ),
  };
}

/** An incoming SendMessage, with the conversation selected or not. */
const received = (payload: MessageWithConversation, selectedConversationId: string | null = null) =>
  messageReceived({ ...payload, selectedConversationId });

const ids = (state: MessengerData) => state.conversations.map((conversation) => conversation.id);
const find = (state: MessengerData, id: string) =>
  state.conversations.find((conversation) => conversation.id === id)!;
const apply = (state: MessengerData, ...actions: UnknownAction[]) =>
  actions.reduce((current, action) => reduce(current, action), state);

describe('messenger transitions', () => {
  it('orders the conversations most recent message first, those without messages last', () => {
    expect(sortByLastMessage([empty, older, newer]).map((conversation) => conversation.id)).toEqual(
      [newer.id, older.id, empty.id],
    );
  });

  describe('sending a message', () => {
    it('moves the conversation to the top by lastMessageAt and adds one unread when not selected', () => {
      const message = buildMessage(older, {
        content: 'New mix is up',
        createdAt: '2026-11-21T08:00:00.000Z',
      });
      const state = reduce(loaded(), received({ message, conversation: older }));
      expect(ids(state)).toEqual([older.id, newer.id]);
      expect(find(state, older.id)).toMatchObject({
        unreadMessagesCount: 1,
        lastMessageAt: '2026-11-21T08:00:00.000Z',
        lastMessageContent: 'New mix is up',
        lastMessageSenderId: older.otherUser.id,
      });
    });

    it('adds no unread to the selected conversation, and appends to its loaded thread', () => {
      const first = buildMessage(older, { createdAt: '2026-11-18T09:00:00.000Z' });
      const message = buildMessage(older, { createdAt: '2026-11-21T08:00:00.000Z' });
      const state = reduce(
        loaded([newer, older], { [older.id]: [first] }),
        received({ message, conversation: older }, older.id),
      );
      expect(find(state, older.id).unreadMessagesCount).toBe(0);
      expect(state.threads[older.id]!.messages.map((held) => held.id)).toEqual([
        first.id,
        message.id,
      ]);
      expect(ids(state)[0]).toBe(older.id);
    });

    it('changes nothing for a message already held (a push after a catch-up)', () => {
      const message = buildMessage(older, { createdAt: '2026-11-21T08:00:00.000Z' });
      const before = loaded([newer, older], { [older.id]: [message] });
      const state = reduce(before, received({ message, conversation: older }));
      expect(find(state, older.id).unreadMessagesCount).toBe(0);
      expect(state.threads[older.id]!.messages).toHaveLength(1);
    });

    it('does not count again a message that a reloaded list already counts', () => {
      const message = buildMessage(older, { createdAt: '2026-11-21T08:00:00.000Z' });
      const reloaded = {
        ...older,
        unreadMessagesCount: 1,
        lastMessageAt: message.createdAt,
        lastMessageContent: message.content,
      };
      const state = reduce(loaded([newer, reloaded]), received({ message, conversation: older }));
      expect(find(state, older.id).unreadMessagesCount).toBe(1);
    });

    it("marks the user's own held messages read when the other side writes", () => {
      const mine = buildMessage(older, { userId: ME, read: false });
      const state = reduce(
        loaded([newer, older], { [older.id]: [mine] }),
        received({
          message: buildMessage(older, { createdAt: '2026-11-21T08:00:00.000Z' }),
          conversation: older,
        }),
      );
      expect(state.threads[older.id]!.messages[0]!.read).toBe(true);
      expect(unreadIn(state.threads[older.id]!, ME)).toBe(1);
    });

    it('adds an unknown conversation as the server describes it', () => {
      const stranger = buildConversation({
        unreadMessagesCount: 1,
        lastMessageAt: '2026-11-21T08:00:00.000Z',
      });
      const state = reduce(
        loaded(),
        received({ message: buildMessage(stranger), conversation: stranger }),
      );
      expect(ids(state)).toEqual([stranger.id, newer.id, older.id]);
      expect(find(state, stranger.id).unreadMessagesCount).toBe(1);
    });

    it("the user's own send moves the conversation to the top without adding unread", () => {
      const message = buildMessage(older, {
        userId: ME,
        content: 'Sounds good',
        createdAt: '2026-11-21T08:00:00.000Z',
      });
      const state = reduce(
        loaded([newer, older], { [older.id]: [] }),
        messageSent({ message, conversation: older }),
      );
      expect(ids(state)).toEqual([older.id, newer.id]);
      expect(find(state, older.id)).toMatchObject({
        unreadMessagesCount: 0,
        lastMessageContent: 'Sounds good',
        lastMessageSenderId: ME,
      });
      expect(state.threads[older.id]!.messages).toEqual([message]);
    });
  });

  it('marking read zeroes the count and marks the held messages of the other side read', () => {
    const unreadOlder = { ...older, unreadMessagesCount: 2 };
    const before = loaded([newer, unreadOlder], {
      [older.id]: [buildMessage(older), buildMessage(older), buildMessage(older, { userId: ME })],
    });
    expect(unreadIn(before.threads[older.id]!, ME)).toBe(2);
    const state = reduce(before, conversationRead(older.id));
    expect(find(state, older.id).unreadMessagesCount).toBe(0);
    expect(unreadIn(state.threads[older.id]!, ME)).toBe(0);
    expect(state.threads[older.id]!.messages.map((message) => message.read)).toEqual([
      true,
      true,
      false,
    ]);
  });

  describe('starting a conversation', () => {
    it('adds it with zero unread, first of those without messages (the server order)', () => {
      const started = buildConversation({
        lastMessageAt: null,
        lastMessageContent: null,
        lastMessageSenderId: null,
        unreadMessagesCount: 3,
      });
      const state = reduce(loaded([newer, older, empty]), conversationStarted(started));
      expect(ids(state)).toEqual([newer.id, older.id, started.id, empty.id]);
      expect(find(state, started.id).unreadMessagesCount).toBe(0);
    });

    it('keeps a conversation that is listed already as it is', () => {
      const listed = { ...older, unreadMessagesCount: 2 };
      const state = reduce(loaded([newer, listed]), conversationStarted(older));
      expect(ids(state)).toEqual([newer.id, older.id]);
      expect(find(state, older.id).unreadMessagesCount).toBe(2);
    });
  });

  it("deleting a user's conversation removes it and its messages", () => {
    const before = loaded([newer, older], {
      [older.id]: [buildMessage(older)],
      [newer.id]: [buildMessage(newer)],
    });
    const state = reduce(before, conversationDeleted(older.id));
    expect(ids(state)).toEqual([newer.id]);
    expect(state.threads[older.id]).toBeUndefined();
    expect(state.threads[newer.id]).toBe(before.threads[newer.id]);
  });

  describe('threads', () => {
    const first = buildMessage(older, { createdAt: '2026-11-18T08:00:00.000Z' });
    const second = buildMessage(older, { createdAt: '2026-11-18T08:01:00.000Z' });
    const third = buildMessage(older, { createdAt: '2026-11-18T08:02:00.000Z' });

    it('the newest page replaces what was held, and its unread are counted', () => {
      const thread = withNewestPage(
        { messages: [first], hasMore: false },
        {
          messages: [second, third],
          hasMore: true,
        },
      );
      expect(thread).toEqual({ messages: [second, third], hasMore: true });
      expect(unreadIn(thread, ME)).toBe(2);
    });

    it('keeps a message pushed while the newest page was on its way', () => {
      const held: Thread = apply(
        loaded([newer, older], { [older.id]: [first] }),
        received({ message: third, conversation: older }),
      ).threads[older.id]!;
      expect(withNewestPage(held, { messages: [first, second], hasMore: false }).messages).toEqual([
        first,
        second,
        third,
      ]);
    });

    it('puts an earlier page before the held messages', () => {
      const state = reduce(
        { ...loaded(), threads: { [older.id]: { messages: [second, third], hasMore: true } } },
        earlierMessagesLoaded({ conversationId: older.id, messages: [first], hasMore: false }),
      );
      expect(state.threads[older.id]).toEqual({ messages: [first, second, third], hasMore: false });
    });

    it('appends missed messages after a reconnect, skipping those held', () => {
      const state = reduce(
        loaded([newer, older], { [older.id]: [first, second] }),
        missedMessagesLoaded({ conversationId: older.id, messages: [second, third] }),
      );
      expect(state.threads[older.id]!.messages).toEqual([first, second, third]);
      expect(unreadIn(state.threads[older.id]!, ME)).toBe(3);
    });

    it('leaves threads that are not held alone', () => {
      const state = loaded();
      expect(
        reduce(state, missedMessagesLoaded({ conversationId: older.id, messages: [third] })),
      ).toBe(state);
    });
  });

  it('the known ids are the partners of the conversations, sorted and once each', () => {
    const a = buildConversation({ otherUser: { id: 'b', name: 'B', userProfilePicture: null } });
    const b = buildConversation({ otherUser: { id: 'a', name: 'A', userProfilePicture: null } });
    const c = buildConversation({ otherUser: { id: 'a', name: 'A', userProfilePicture: null } });
    expect(partnerIdsOf([a, b, c])).toEqual(['a', 'b']);
    expect(partnerIdsOf(undefined)).toEqual([]);
  });
});
