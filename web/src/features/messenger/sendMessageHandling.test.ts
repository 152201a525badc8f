import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import {
  onlytomeReceived,
  realtimeConnected,
  userPresenceReceived,
} from '../../shared/realtime/realtimeSlice';
import { signedInAuthState } from '../../test/fixtures';
import { stubApi } from '../../test/stubApi';
import {
  messengerApi,
  selectConversations,
  selectOnline,
  selectThread,
  threadArg,
} from './messengerApi';
import {
  AVERY_ID,
  BLAKE_ID,
  buildConversation,
  buildMessage,
  CASEY_ID,
  conversationsAnswer,
  ME,
} from './messengerFixtures';
import type { Conversation, Message } from './messengerTransitions';

const blake = buildConversation({ lastMessageAt: '2026-11-20T09:00:00.000Z' });
const casey = buildConversation({
  lastMessageAt: '2026-11-20T10:00:00.000Z',
  otherUser: { id: CASEY_ID, name: 'Casey Moreau', userProfilePicture: null },
});

/**
 * A signed-in store holding these conversations and threads in the cache, as if loaded, with
 * the conversation on screen.
 */
async function storeWith({
  conversations,
  threads = {},
  selectedConversationId = null,
}: {
  conversations: Conversation[];
  threads?: Record<string, Message[]>;
  selectedConversationId?: string | null;
}) {
  const store = makeStore({
    ...signedInAuthState(),
    messengerUi: { selectedConversationId, conversationsCursor: null },
  });
  await store.dispatch(
    messengerApi.util.upsertQueryData('conversations', undefined, conversations),
  );
  for (const [conversationId, messages] of Object.entries(threads)) {
    await store.dispatch(
      messengerApi.util.upsertQueryData('conversationThread', threadArg(conversationId), {
        messages,
        hasMore: false,
      }),
    );
  }
  return store;
}

/** The onlytome push of a message from the other side, as the server sends it. */
function pushOf(conversation: Conversation, message: Message) {
  return onlytomeReceived({
    type: 'SendMessage',
    request: { conversationId: conversation.id, content: message.content },
    response: {
      message,
      conversation: { ...conversation, unreadMessagesCount: 1 },
      conversationsWithUnreadCount: 1,
    },
  });
}

const later = (conversation: Conversation, content = 'Got a slot for your track') =>
  buildMessage(conversation, { content, createdAt: '2026-11-21T08:00:00.000Z' });

type Store = Awaited<ReturnType<typeof storeWith>>;
const conversationsIn = (store: Store) => selectConversations(store.getState()) ?? [];
const conversationOf = (store: Store, id: string) =>
  conversationsIn(store).find((conversation) => conversation.id === id);

describe('an incoming SendMessage', () => {
  it('known and selected: the message is appended and conversation/read is called', async () => {
    const api = stubApi({
      'messenger/conversation/read': ({ conversationId }) => ({
        body: { conversationId, unreadMessagesCount: 0, conversationsWithUnreadCount: 0 },
      }),
    });
    const earlier = buildMessage(blake, { read: true });
    const store = await storeWith({
      conversations: [casey, blake],
      selectedConversationId: blake.id,
      threads: { [blake.id]: [earlier] },
    });
    const message = later(blake);

    store.dispatch(pushOf(blake, message));

    await vi.waitFor(() =>
      expect(api.callsTo('messenger/conversation/read')).toEqual([
        expect.objectContaining({ body: { conversationId: blake.id } }),
      ]),
    );
    expect(selectThread(store.getState(), blake.id)!.messages.map((held) => held.id)).toEqual([
      earlier.id,
      message.id,
    ]);
    expect(conversationsIn(store)[0]!.id).toBe(blake.id);
    expect(conversationOf(store, blake.id)!.unreadMessagesCount).toBe(0);
    // Once read answered, the appended message counts as read.
    await vi.waitFor(() =>
      expect(selectThread(store.getState(), blake.id)!.messages[1]!.read).toBe(true),
    );
  });

  it('known, and its thread still on its way: the message joins the thread once it is in', async () => {
    const earlier = buildMessage(blake, { read: true });
    stubApi({
      // The page was read before the pushed message was stored.
      'messenger/conversation/messages': {
        body: { messages: [earlier], hasMore: false },
      },
      'messenger/conversation/read': {
        body: { conversationId: blake.id, unreadMessagesCount: 0, conversationsWithUnreadCount: 0 },
      },
    });
    const store = await storeWith({ conversations: [blake], selectedConversationId: blake.id });
    const opening = store.dispatch(
      messengerApi.endpoints.conversationThread.initiate(threadArg(blake.id)),
    );
    const message = later(blake);

    store.dispatch(pushOf(blake, message));
    await opening;

    await vi.waitFor(() =>
      expect(selectThread(store.getState(), blake.id)!.messages.map((held) => held.id)).toEqual([
        earlier.id,
        message.id,
      ]),
    );
    expect(conversationOf(store, blake.id)!.lastMessageContent).toBe(message.content);
    opening.unsubscribe();
  });

  it('known and not selected: one more unread, the conversation on top, no read call', async () => {
    const api = stubApi({});
    const store = await storeWith({
      conversations: [casey, { ...blake, unreadMessagesCount: 2 }],
      selectedConversationId: casey.id,
    });

    store.dispatch(pushOf(blake, later(blake, 'Are you around?')));

    await vi.waitFor(() => expect(conversationOf(store, blake.id)!.unreadMessagesCount).toBe(3));
    expect(conversationsIn(store).map((conversation) => conversation.id)).toEqual([
      blake.id,
      casey.id,
    ]);
    expect(conversationOf(store, blake.id)!.lastMessageContent).toBe('Are you around?');
    expect(api.calls).toEqual([]);
  });

  it('unknown: the conversations are loaded again first, and their answer counts it', async () => {
    const newcomer = buildConversation({
      lastMessageAt: '2026-11-21T08:00:00.000Z',
      unreadMessagesCount: 1,
      otherUser: { id: AVERY_ID, name: 'Avery Chen', userProfilePicture: null },
    });
    const api = stubApi({
      'messenger/conversations': conversationsAnswer([newcomer, casey, blake]),
    });
    const store = await storeWith({ conversations: [casey, blake] });

    store.dispatch(pushOf(newcomer, later(newcomer)));

    await vi.waitFor(() => expect(conversationOf(store, newcomer.id)).toBeDefined());
    expect(api.callsTo('messenger/conversations')).toHaveLength(1);
    expect(conversationOf(store, newcomer.id)!.unreadMessagesCount).toBe(1);
    expect(conversationsIn(store)[0]!.id).toBe(newcomer.id);
  });

  it('unknown, and the reload fails: the conversation is added as the push describes it', async () => {
    stubApi({
      'messenger/conversations': {
        status: 503,
        body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Try later.' } },
      },
    });
    const newcomer = buildConversation({ lastMessageAt: '2026-11-21T08:00:00.000Z' });
    const store = await storeWith({ conversations: [casey] });

    store.dispatch(pushOf(newcomer, later(newcomer)));

    await vi.waitFor(() => expect(conversationOf(store, newcomer.id)).toBeDefined());
    expect(conversationOf(store, newcomer.id)!.unreadMessagesCount).toBe(1);
  });
});

describe('when the channel connects (the first time or again)', () => {
  it('loads the conversations again and fetches every loaded thread after its newest message', async () => {
    const held = [buildMessage(blake, { read: true }), buildMessage(blake, { userId: ME })];
    const missed = later(blake, 'Sent while you were away');
    const api = stubApi({
      'messenger/conversations': conversationsAnswer([{ ...blake, unreadMessagesCount: 1 }, casey]),
      'messenger/conversation/messages': { body: { messages: [missed], hasMore: false } },
    });
    const store = await storeWith({
      conversations: [casey, blake],
      threads: { [blake.id]: held },
    });

    store.dispatch(realtimeConnected());

    await vi.waitFor(() =>
      expect(selectThread(store.getState(), blake.id)!.messages).toHaveLength(3),
    );
    expect(api.callsTo('messenger/conversation/messages')).toEqual([
      expect.objectContaining({
        body: { conversationId: blake.id, after: held[1]!.id, limit: 100 },
      }),
    ]);
    expect(selectThread(store.getState(), blake.id)!.messages.at(-1)).toEqual(missed);
    expect(api.callsTo('messenger/conversations')).toHaveLength(1);
    expect(conversationOf(store, blake.id)!.unreadMessagesCount).toBe(1);
  });
  it('waits for a thread still on its way, then fetches what came after its page', async () => {
    const page = [buildMessage(blake, { read: true })];
    const between = later(blake, 'Sent before the channel was up');
    let answerThread: () => void = () => {};
    const threadAnswered = new Promise<void>((done) => (answerThread = done));
    const api = stubApi({
      'messenger/conversations': conversationsAnswer([casey, blake]),
      'messenger/conversation/messages': async (body) => {
        if (body.after) {
          return { body: { messages: [between], hasMore: false } };
        }
        await threadAnswered;
        return { body: { messages: page, hasMore: false } };
      },
    });
    const store = await storeWith({ conversations: [casey, blake] });
    const opening = store.dispatch(
      messengerApi.endpoints.conversationThread.initiate(threadArg(blake.id)),
    );

    store.dispatch(realtimeConnected());
    answerThread();

    await vi.waitFor(() =>
      expect(selectThread(store.getState(), blake.id)?.messages).toEqual([...page, between]),
    );
    expect(api.callsTo('messenger/conversation/messages').map((call) => call.body)).toEqual([
      threadArg(blake.id),
      { conversationId: blake.id, after: page[0]!.id, limit: 100 },
    ]);
    opening.unsubscribe();
  });
});

describe('the online map', () => {
  it('takes the answers of online/status, and user:presence pushes change it', async () => {
    const [a, b, c] = [AVERY_ID, BLAKE_ID, CASEY_ID];
    stubApi({
      'messenger/online/status': ({ ids }) => ({
        body: { status: Object.fromEntries(ids.map((id) => [id, id === a])) },
      }),
    });
    const store = makeStore(signedInAuthState());
    expect(selectOnline(store.getState())).toEqual({});
    const subscription = store.dispatch(
      messengerApi.endpoints.onlineStatus.initiate({ ids: [a, b] }),
    );
    await subscription;
    expect(selectOnline(store.getState())).toEqual({ [a]: true, [b]: false });

    store.dispatch(userPresenceReceived({ id: a, present: false }));
    expect(selectOnline(store.getState())).toEqual({ [a]: false, [b]: false });
    store.dispatch(userPresenceReceived({ id: c, present: true }));
    expect(selectOnline(store.getState())).toEqual({ [a]: false, [b]: false, [c]: true });
    subscription.unsubscribe();
  });
});
