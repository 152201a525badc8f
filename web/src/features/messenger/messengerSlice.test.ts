import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { userPresenceReceived } from '../../shared/realtime/realtimeSlice';
import { buildConversation, buildMessage, ME } from './messengerFixtures';
import {
  conversationDeleted,
  conversationRead,
  conversationSelected,
  conversationsLoaded,
  conversationStarted,
  earlierMessagesLoaded,
  initialMessengerState,
  messageReceived,
  messagesLoaded,
  messageSent,
  messengerReducer as reduce,
  missedMessagesLoaded,
  onlineStatusLoaded,
  selectConversationPartnerIds,
  selectConversationsWithUnreadCount,
  type Conversation,
  type MessengerState,
} from './messengerSlice';

const older = buildConversation({ lastMessageAt: '2026-11-18T09:00:00.000Z' });
const newer = buildConversation({ lastMessageAt: '2026-11-20T09:00:00.000Z' });
const empty = buildConversation({
  lastMessageAt: null,
  lastMessageContent: null,
  lastMessageSenderId: null,
});

function loaded(conversations: Conversation[] = [newer, older]): MessengerState {
  return reduce(initialMessengerState, conversationsLoaded(conversations));
}

const ids = (state: MessengerState) => state.conversations.map((conversation) => conversation.id);
const find = (state: MessengerState, id: string) =>
  state.conversations.find((conversation) => conversation.id === id)!;

describe('messenger reducers (spec sections 3 and 4)', () => {
  it('starts not loaded, with nothing selected or online', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual({
      loaded: false,
      conversations: [],
      messages: {},
      online: {},
      selectedConversationId: null,
    });
  });

  it('loads the conversations most recent message first, those without messages last', () => {
    const state = loaded([empty, older, newer]);
    expect(state.loaded).toBe(true);
    expect(ids(state)).toEqual([newer.id, older.id, empty.id]);
  });

  it('a reload drops the threads of conversations that are gone', () => {
    let state = loaded();
    state = reduce(
      state,
      messagesLoaded({ conversationId: older.id, messages: [], hasMore: false }),
    );
    state = reduce(state, conversationsLoaded([newer]));
    expect(state.messages[older.id]).toBeUndefined();
  });

  describe('sending a message', () => {
    it('moves the conversation to the top by lastMessageAt and adds one unread when not selected', () => {
      const message = buildMessage(older, {
        content: 'New mix is up',
        createdAt: '2026-11-21T08:00:00.000Z',
      });
      const state = reduce(loaded(), messageReceived({ message, conversation: older }));
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
      let state = reduce(loaded(), conversationSelected(older.id));
      state = reduce(
        state,
        messagesLoaded({ conversationId: older.id, messages: [first], hasMore: false }),
      );
      const message = buildMessage(older, { createdAt: '2026-11-21T08:00:00.000Z' });
      state = reduce(state, messageReceived({ message, conversation: older }));
      expect(find(state, older.id).unreadMessagesCount).toBe(0);
      expect(state.messages[older.id]!.messages.map((held) => held.id)).toEqual([
        first.id,
        message.id,
      ]);
      expect(ids(state)[0]).toBe(older.id);
    });

    it('changes nothing for a message already held (a push after a catch-up)', () => {
      const message = buildMessage(older, { createdAt: '2026-11-21T08:00:00.000Z' });
      let state = reduce(
        loaded(),
        messagesLoaded({ conversationId: older.id, messages: [message], hasMore: false }),
      );
      const before = find(state, older.id).unreadMessagesCount;
      state = reduce(state, messageReceived({ message, conversation: older }));
      expect(find(state, older.id).unreadMessagesCount).toBe(before);
      expect(state.messages[older.id]!.messages).toHaveLength(1);
    });

    it('does not count again a message that a reloaded list already counts', () => {
      const message = buildMessage(older, { createdAt: '2026-11-21T08:00:00.000Z' });
      const reloaded = {
        ...older,
        unreadMessagesCount: 1,
        lastMessageAt: message.createdAt,
        lastMessageContent: message.content,
      };
      const state = reduce(
        loaded([newer, reloaded]),
        messageReceived({ message, conversation: older }),
      );
      expect(find(state, older.id).unreadMessagesCount).toBe(1);
    });

    it("marks the user's own held messages read when the other side writes", () => {
      const mine = buildMessage(older, { userId: ME, read: false });
      let state = reduce(
        loaded(),
        messagesLoaded({ conversationId: older.id, messages: [mine], hasMore: false }),
      );
      state = reduce(
        state,
        messageReceived({
          message: buildMessage(older, { createdAt: '2026-11-21T08:00:00.000Z' }),
          conversation: older,
        }),
      );
      expect(state.messages[older.id]!.messages[0]!.read).toBe(true);
      expect(state.messages[older.id]!.unread).toBe(1);
    });

    it('adds an unknown conversation as the server describes it', () => {
      const stranger = buildConversation({
        unreadMessagesCount: 1,
        lastMessageAt: '2026-11-21T08:00:00.000Z',
      });
      const state = reduce(
        loaded(),
        messageReceived({ message: buildMessage(stranger), conversation: stranger }),
      );
      expect(ids(state)).toEqual([stranger.id, newer.id, older.id]);
      expect(find(state, stranger.id).unreadMessagesCount).toBe(1);
    });

    it("the user's own send moves the conversation to the top without adding unread", () => {
      let state = reduce(
        loaded(),
        messagesLoaded({ conversationId: older.id, messages: [], hasMore: false }),
      );
      const message = buildMessage(older, {
        userId: ME,
        content: 'Sounds good',
        createdAt: '2026-11-21T08:00:00.000Z',
      });
      state = reduce(state, messageSent({ message, conversation: older }));
      expect(ids(state)).toEqual([older.id, newer.id]);
      expect(find(state, older.id)).toMatchObject({
        unreadMessagesCount: 0,
        lastMessageContent: 'Sounds good',
        lastMessageSenderId: ME,
      });
      expect(state.messages[older.id]!.messages).toEqual([message]);
    });
  });

  it('marking read zeroes the count and marks the held messages of the other side read', () => {
    const unreadOlder = { ...older, unreadMessagesCount: 2 };
    let state = loaded([newer, unreadOlder]);
    state = reduce(
      state,
      messagesLoaded({
        conversationId: older.id,
        messages: [buildMessage(older), buildMessage(older), buildMessage(older, { userId: ME })],
        hasMore: false,
      }),
    );
    expect(state.messages[older.id]!.unread).toBe(2);
    state = reduce(state, conversationRead(older.id));
    expect(find(state, older.id).unreadMessagesCount).toBe(0);
    expect(state.messages[older.id]!.unread).toBe(0);
    expect(state.messages[older.id]!.messages.map((message) => message.read)).toEqual([
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

  it("deleting a user's conversation removes it, its messages and the selection", () => {
    let state = reduce(loaded(), conversationSelected(older.id));
    state = reduce(
      state,
      messagesLoaded({ conversationId: older.id, messages: [buildMessage(older)], hasMore: false }),
    );
    state = reduce(state, conversationDeleted(older.id));
    expect(ids(state)).toEqual([newer.id]);
    expect(state.messages[older.id]).toBeUndefined();
    expect(state.selectedConversationId).toBeNull();
  });

  it('selects a conversation and clears the selection', () => {
    let state = reduce(loaded(), conversationSelected(newer.id));
    expect(state.selectedConversationId).toBe(newer.id);
    state = reduce(state, conversationSelected(null));
    expect(state.selectedConversationId).toBeNull();
  });

  describe('threads', () => {
    const first = buildMessage(older, { createdAt: '2026-11-18T08:00:00.000Z' });
    const second = buildMessage(older, { createdAt: '2026-11-18T08:01:00.000Z' });
    const third = buildMessage(older, { createdAt: '2026-11-18T08:02:00.000Z' });

    it('loads the newest page, counting what is unread', () => {
      const state = reduce(
        loaded(),
        messagesLoaded({ conversationId: older.id, messages: [second, third], hasMore: true }),
      );
      expect(state.messages[older.id]).toEqual({
        loaded: true,
        unread: 2,
        messages: [second, third],
        hasMore: true,
      });
    });

    it('keeps a message pushed while the page was on its way', () => {
      let state = reduce(
        loaded(),
        messagesLoaded({ conversationId: older.id, messages: [first], hasMore: false }),
      );
      state = reduce(state, messageReceived({ message: third, conversation: older }));
      state = reduce(
        state,
        messagesLoaded({ conversationId: older.id, messages: [first, second], hasMore: false }),
      );
      expect(state.messages[older.id]!.messages).toEqual([first, second, third]);
    });

    it('puts an earlier page before the held messages', () => {
      let state = reduce(
        loaded(),
        messagesLoaded({ conversationId: older.id, messages: [second, third], hasMore: true }),
      );
      state = reduce(
        state,
        earlierMessagesLoaded({ conversationId: older.id, messages: [first], hasMore: false }),
      );
      expect(state.messages[older.id]!.messages).toEqual([first, second, third]);
      expect(state.messages[older.id]!.hasMore).toBe(false);
    });

    it('appends missed messages after a reconnect, skipping those held', () => {
      let state = reduce(
        loaded(),
        messagesLoaded({ conversationId: older.id, messages: [first, second], hasMore: false }),
      );
      state = reduce(
        state,
        missedMessagesLoaded({ conversationId: older.id, messages: [second, third] }),
      );
      expect(state.messages[older.id]!.messages).toEqual([first, second, third]);
      expect(state.messages[older.id]!.unread).toBe(3);
    });
  });

  describe('online map', () => {
    it('takes the answer of online/status', () => {
      const state = reduce(loaded(), onlineStatusLoaded({ a: true, b: false }));
      expect(state.online).toEqual({ a: true, b: false });
    });

    it('follows user:presence pushes', () => {
      let state = reduce(loaded(), onlineStatusLoaded({ a: false }));
      state = reduce(state, userPresenceReceived({ id: 'a', present: true }));
      expect(state.online).toEqual({ a: true });
      state = reduce(state, userPresenceReceived({ id: 'a', present: false }));
      expect(state.online).toEqual({ a: false });
    });
  });
});

describe('messenger selectors', () => {
  it('the badge is 0 without conversations', () => {
    expect(selectConversationsWithUnreadCount(makeStore().getState())).toBe(0);
  });

  it('the badge counts conversations, not messages, with unread messages', () => {
    const store = makeStore({
      messenger: {
        ...initialMessengerState,
        conversations: [
          buildConversation({ unreadMessagesCount: 3 }),
          buildConversation({ unreadMessagesCount: 0 }),
          buildConversation({ unreadMessagesCount: 1 }),
        ],
      },
    });
    expect(selectConversationsWithUnreadCount(store.getState())).toBe(2);
  });

  it('the known ids are the partners of the conversations, sorted and once each', () => {
    const a = buildConversation({ otherUser: { id: 'b', name: 'B', userProfilePicture: null } });
    const b = buildConversation({ otherUser: { id: 'a', name: 'A', userProfilePicture: null } });
    const state = { messenger: loaded([a, b]) };
    expect(selectConversationPartnerIds(state)).toEqual(['a', 'b']);
    expect(selectConversationPartnerIds(state)).toBe(selectConversationPartnerIds(state));
  });
});
