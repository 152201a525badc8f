import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { onlytomeReceived, realtimeReconnected } from '../../shared/realtime/realtimeSlice';
import { signedInAuthState } from '../../test/fixtures';
import { stubApi } from '../../test/stubApi';
import { buildConversation, buildMessage, ME } from './messengerFixtures';
import {
  initialMessengerState,
  type Conversation,
  type Message,
  type MessengerState,
} from './messengerSlice';

const blake = buildConversation({ lastMessageAt: '2026-11-20T09:00:00.000Z' });
const casey = buildConversation({
  lastMessageAt: '2026-11-20T10:00:00.000Z',
  otherUser: { id: 'casey', name: 'Casey Moreau', userProfilePicture: null },
});

function storeWith(messenger: Partial<MessengerState>) {
  return makeStore({
    ...signedInAuthState(),
    messenger: { ...initialMessengerState, loaded: true, ...messenger },
  });
}

/** The onlytome push of a message from the other side, as the server sends it. */
function pushOf(conversation: Conversation, message: Message) {
  return onlytomeReceived({
    type: 'SendMessage',
    request: { conversationId: conversation.id, content: message.content },
    response: { message, conversation: { ...conversation, unreadMessagesCount: 1 } },
  });
}

const later = (conversation: Conversation, content = 'Got a slot for your track') =>
  buildMessage(conversation, { content, createdAt: '2026-11-21T08:00:00.000Z' });

const conversationOf = (store: ReturnType<typeof makeStore>, id: string) =>
  store.getState().messenger.conversations.find((conversation) => conversation.id === id);

describe('an incoming SendMessage (spec section 7)', () => {
  it('known and selected: the message is appended and conversation/read is called', async () => {
    const api = stubApi({
      'POST /api/messenger/conversation/read': (body) => ({
        body: {
          conversationId: (body as { conversationId: string }).conversationId,
          unreadMessagesCount: 0,
        },
      }),
    });
    const earlier = buildMessage(blake, { read: true });
    const store = storeWith({
      conversations: [casey, blake],
      selectedConversationId: blake.id,
      messages: { [blake.id]: { loaded: true, unread: 0, messages: [earlier], hasMore: false } },
    });
    const message = later(blake);

    store.dispatch(pushOf(blake, message));

    await vi.waitFor(() =>
      expect(api.callsTo('/api/messenger/conversation/read')).toEqual([
        expect.objectContaining({ body: { conversationId: blake.id } }),
      ]),
    );
    const { messenger } = store.getState();
    expect(messenger.messages[blake.id]!.messages.map((held) => held.id)).toEqual([
      earlier.id,
      message.id,
    ]);
    expect(messenger.conversations[0]!.id).toBe(blake.id);
    expect(conversationOf(store, blake.id)!.unreadMessagesCount).toBe(0);
    // Once read answered, the appended message counts as read.
    await vi.waitFor(() =>
      expect(store.getState().messenger.messages[blake.id]!.messages[1]!.read).toBe(true),
    );
  });

  it('known and not selected: one more unread, the conversation on top, no read call', async () => {
    const api = stubApi({});
    const store = storeWith({
      conversations: [casey, { ...blake, unreadMessagesCount: 2 }],
      selectedConversationId: casey.id,
    });

    store.dispatch(pushOf(blake, later(blake, 'Are you around?')));

    await vi.waitFor(() => expect(conversationOf(store, blake.id)!.unreadMessagesCount).toBe(3));
    expect(store.getState().messenger.conversations.map((conversation) => conversation.id)).toEqual(
      [blake.id, casey.id],
    );
    expect(conversationOf(store, blake.id)!.lastMessageContent).toBe('Are you around?');
    expect(api.calls).toEqual([]);
  });

  it('unknown: the conversations are loaded again first, and their answer counts it', async () => {
    const newcomer = buildConversation({
      lastMessageAt: '2026-11-21T08:00:00.000Z',
      unreadMessagesCount: 1,
      otherUser: { id: 'avery', name: 'Avery Chen', userProfilePicture: null },
    });
    const api = stubApi({
      'POST /api/messenger/conversations': {
        body: { conversations: [newcomer, casey, blake] },
      },
    });
    const store = storeWith({ conversations: [casey, blake] });

    store.dispatch(pushOf(newcomer, later(newcomer)));

    await vi.waitFor(() => expect(conversationOf(store, newcomer.id)).toBeDefined());
    expect(api.callsTo('/api/messenger/conversations')).toHaveLength(1);
    expect(conversationOf(store, newcomer.id)!.unreadMessagesCount).toBe(1);
    expect(store.getState().messenger.conversations[0]!.id).toBe(newcomer.id);
  });

  it('unknown, and the reload fails: the conversation is added as the push describes it', async () => {
    stubApi({
      'POST /api/messenger/conversations': {
        status: 503,
        body: { error: { code: 'UNAVAILABLE', message: 'Try later.' } },
      },
    });
    const newcomer = buildConversation({ lastMessageAt: '2026-11-21T08:00:00.000Z' });
    const store = storeWith({ conversations: [casey] });

    store.dispatch(pushOf(newcomer, later(newcomer)));

    await vi.waitFor(() => expect(conversationOf(store, newcomer.id)).toBeDefined());
    expect(conversationOf(store, newcomer.id)!.unreadMessagesCount).toBe(1);
  });
});

describe('after a reconnect', () => {
  it('loads the conversations again and fetches every loaded thread after its newest message', async () => {
    const held = [buildMessage(blake, { read: true }), buildMessage(blake, { userId: ME })];
    const missed = later(blake, 'Sent while you were away');
    const api = stubApi({
      'POST /api/messenger/conversations': {
        body: { conversations: [{ ...blake, unreadMessagesCount: 1 }, casey] },
      },
      'POST /api/messenger/conversation/messages': { body: { messages: [missed], hasMore: false } },
    });
    const store = storeWith({
      conversations: [casey, blake],
      messages: { [blake.id]: { loaded: true, unread: 0, messages: held, hasMore: false } },
    });

    store.dispatch(realtimeReconnected());

    await vi.waitFor(() =>
      expect(store.getState().messenger.messages[blake.id]!.messages).toHaveLength(3),
    );
    expect(api.callsTo('/api/messenger/conversation/messages')).toEqual([
      expect.objectContaining({
        body: { conversationId: blake.id, after: held[1]!.id, limit: 100 },
      }),
    ]);
    expect(store.getState().messenger.messages[blake.id]!.messages.at(-1)).toEqual(missed);
    expect(api.callsTo('/api/messenger/conversations')).toHaveLength(1);
    expect(conversationOf(store, blake.id)!.unreadMessagesCount).toBe(1);
  });
});
