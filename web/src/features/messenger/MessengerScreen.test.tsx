import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { onlytomeReceived } from '../../shared/realtime/realtimeSlice';
import { initialAppState } from '../../shared/state/appSlice';
import { buildMeta, buildUser, signedInAuthState } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';
import { renderScreen } from '../../test/renderScreen';
import { stubApi, type StubRoutes } from '../../test/stubApi';
import { ConversationScreen } from './ConversationScreen';
import {
  AVERY_ID,
  BLAKE_ID,
  buildConversation,
  buildMessage,
  CASEY_ID,
  conversationsAnswer,
  ME,
} from './messengerFixtures';
import { messengerApi } from './messengerApi';
import type { Conversation, Message } from './messengerTransitions';
import { MessengerScreen } from './MessengerScreen';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const blake = buildConversation({
  otherUser: { id: BLAKE_ID, name: 'Blake Rivera', userProfilePicture: null },
  unreadMessagesCount: 2,
  lastMessageContent: 'Got a slot for my new single?',
  lastMessageAt: minutesAgo(5),
  lastMessageSenderId: BLAKE_ID,
});
const casey = buildConversation({
  otherUser: { id: CASEY_ID, name: 'Casey Moreau', userProfilePicture: null },
  unreadMessagesCount: 0,
  lastMessageContent: 'Thanks, added it!',
  lastMessageAt: minutesAgo(60 * 30),
  lastMessageSenderId: ME,
});

const readRoute: StubRoutes = {
  'messenger/conversation/read': (body) => ({
    body: {
      conversationId: (body as { conversationId: string }).conversationId,
      unreadMessagesCount: 0,
      conversationsWithUnreadCount: 0,
    },
  }),
};

function messagesRoute(byConversation: Record<string, Message[]>, hasMore = false): StubRoutes {
  return {
    'messenger/conversation/messages': (body) => {
      const { conversationId } = body as { conversationId: string };
      return { body: { messages: byConversation[conversationId] ?? [], hasMore } };
    },
  };
}

function signedIn(messengerFlag = true) {
  return {
    ...signedInAuthState(),
    app: {
      ...initialAppState,
      featureFlags: { ...initialAppState.featureFlags, messenger: messengerFlag },
    },
  };
}

/** online/status answering from `online`. */
const onlineRoute = (online: Record<string, boolean>): StubRoutes => ({
  'messenger/online/status': { body: { status: online } },
});

/** A signed-in store that knows who is online (as the root layout's presence asks). */
async function storeKnowingOnline(online: Record<string, boolean>) {
  const store = makeStore(signedIn());
  await store.dispatch(messengerApi.endpoints.onlineStatus.initiate({ ids: Object.keys(online) }));
  return store;
}

const conversationsRoute = (conversations: Conversation[]): StubRoutes => ({
  'messenger/conversations': conversationsAnswer(conversations),
});

const conversationLinks = () =>
  within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('link');

describe('Messenger: the conversation list', () => {
  it('lists conversations most recent first with online dots, unread badges and last messages', async () => {
    const online = { [BLAKE_ID]: true, [CASEY_ID]: false };
    stubApi({ ...conversationsRoute([casey, blake]), ...onlineRoute(online) });
    renderScreen(<MessengerScreen />, {
      path: '/messenger',
      store: await storeKnowingOnline(online),
    });
    expect(screen.getByText('Loading your conversations…')).toBeInTheDocument();

    await screen.findByRole('list', { name: 'Conversations' });
    const [first, second] = conversationLinks();
    expect(first).toHaveAttribute('href', `/messenger/${blake.id}`);
    expect(within(first!).getByText('Blake Rivera')).toBeInTheDocument();
    expect(within(first!).getByRole('img', { name: 'online' })).toBeInTheDocument();
    expect(within(first!).getByLabelText('2 unread messages')).toHaveTextContent('2');
    expect(within(first!).getByText('Got a slot for my new single?')).toBeInTheDocument();
    expect(within(first!).getByText('5 minutes ago')).toBeInTheDocument();

    expect(within(second!).getByText('Casey Moreau')).toBeInTheDocument();
    expect(within(second!).getByRole('img', { name: 'offline' })).toBeInTheDocument();
    expect(within(second!).queryByLabelText(/unread/)).not.toBeInTheDocument();
    expect(within(second!).getByText('You: Thanks, added it!')).toBeInTheDocument();
    expect(screen.getByText('Choose a conversation')).toBeInTheDocument();
  });

  it('shows the empty state without conversations', async () => {
    stubApi(conversationsRoute([]));
    renderScreen(<MessengerScreen />, { path: '/messenger', state: signedIn() });
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
  });

  it('shows an error with a retry when the conversations could not be loaded', async () => {
    let fail = true;
    stubApi({
      'messenger/conversations': () =>
        fail
          ? {
              status: 503,
              body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Down for now.' } },
            }
          : conversationsAnswer([blake]),
    });
    renderScreen(<MessengerScreen />, { path: '/messenger', state: signedIn() });
    expect(await screen.findByText('Your conversations could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Conversations' })).toBeInTheDocument();
  });

  it('says so when the messenger flag is off', () => {
    stubApi({});
    renderScreen(<MessengerScreen />, { path: '/messenger', state: signedIn(false) });
    expect(screen.getByText('Messenger is turned off')).toBeInTheDocument();
    expect(screen.queryByText('Loading your conversations…')).not.toBeInTheDocument();
  });
});

/** A moment between today's midnight and now, so that it is today whenever the suite runs. */
const earlierToday = (fraction: number) => {
  const now = Date.now();
  const midnight = new Date(now).setHours(0, 0, 0, 0);
  return new Date(midnight + (now - midnight) * fraction).toISOString();
};

describe('Messenger: a conversation', () => {
  const yesterdayNoon = new Date();
  yesterdayNoon.setDate(yesterdayNoon.getDate() - 1);
  yesterdayNoon.setHours(12, 0, 0, 0);
  const thread = [
    buildMessage(blake, {
      content: 'Hi! Loved your chill playlist.',
      createdAt: yesterdayNoon.toISOString(),
      read: true,
    }),
    buildMessage(blake, {
      userId: ME,
      content: 'Thank you!',
      createdAt: new Date(yesterdayNoon.getTime() + 60_000).toISOString(),
      read: true,
    }),
    buildMessage(blake, {
      type: 'system',
      userId: null,
      content: 'Blake Rivera opened a song swap with you.',
      createdAt: earlierToday(0.5),
      read: true,
    }),
    buildMessage(blake, {
      userId: ME,
      content: 'Deal?',
      createdAt: earlierToday(0.7),
      read: false,
    }),
    buildMessage(blake, { content: 'Got a slot for my new single?', createdAt: earlierToday(0.9) }),
  ];

  it('opening it marks it read, and the sidebar badge drops', async () => {
    const api = stubApi({
      startup: { body: { user: buildUser(), meta: buildMeta() } },
      ...conversationsRoute([blake, casey]),
      ...messagesRoute({ [blake.id]: thread }),
      ...readRoute,
    });
    const { router } = renderApp('/messenger');
    const messengerEntry = await screen.findByRole('link', { name: /^Messenger/ });
    expect(
      await within(messengerEntry).findByLabelText('1 conversation with unread messages'),
    ).toBeInTheDocument();

    await userEvent.setup().click(await screen.findByRole('link', { name: /Blake Rivera/ }));

    expect(currentPath(router)).toBe(`/messenger/${blake.id}`);
    await waitFor(() =>
      expect(api.callsTo('messenger/conversation/read')).toEqual([
        expect.objectContaining({ body: { conversationId: blake.id } }),
      ]),
    );
    await waitFor(() =>
      expect(within(messengerEntry).queryByLabelText(/unread messages/)).not.toBeInTheDocument(),
    );
    expect(within(conversationLinks()[0]!).queryByLabelText(/unread/)).not.toBeInTheDocument();
  });

  it('shows the thread by day, with senders, times, read marks and system notices apart', async () => {
    stubApi({
      ...conversationsRoute([{ ...blake, unreadMessagesCount: 0 }]),
      ...messagesRoute({ [blake.id]: thread }),
      ...onlineRoute({ [BLAKE_ID]: true }),
    });
    renderScreen(<ConversationScreen />, {
      path: `/messenger/${blake.id}`,
      pattern: '/messenger/:conversation',
      store: await storeKnowingOnline({ [BLAKE_ID]: true }),
    });
    const messages = await screen.findByRole('region', { name: 'Messages with Blake Rivera' });
    expect(screen.getByRole('heading', { name: 'Blake Rivera' })).toBeInTheDocument();
    expect(screen.getByText('Online')).toBeInTheDocument();

    const days = within(messages)
      .getAllByRole('heading')
      .map((heading) => heading.textContent);
    expect(days).toEqual(['Yesterday', 'Today']);
    const yesterday = within(messages).getByRole('region', { name: 'Yesterday' });
    expect(within(yesterday).getByText('Hi! Loved your chill playlist.')).toBeInTheDocument();
    expect(within(yesterday).getByText('12:00')).toBeInTheDocument();
    expect(within(yesterday).getByText('You')).toBeInTheDocument();
    expect(within(yesterday).getByText('Read')).toBeInTheDocument();

    const today = within(messages).getByRole('region', { name: 'Today' });
    const items = within(today).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Notice: Blake Rivera opened a song swap with you.');
    expect(within(items[0]!).queryByText('You')).not.toBeInTheDocument();
    expect(within(items[1]!).getByText('Sent')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Blake Rivera')).toBeInTheDocument();
    expect(within(items[2]!).queryByText(/^(Sent|Read)$/)).not.toBeInTheDocument();
  });

  it('loads earlier messages before the oldest one held', async () => {
    const earlier = buildMessage(blake, {
      content: 'Our very first message',
      createdAt: '2026-01-05T10:00:00.000Z',
    });
    const api = stubApi({
      ...conversationsRoute([{ ...blake, unreadMessagesCount: 0 }]),
      'messenger/conversation/messages': (body) =>
        (body as { before?: string }).before
          ? { body: { messages: [earlier], hasMore: false } }
          : { body: { messages: thread, hasMore: true } },
    });
    renderScreen(<ConversationScreen />, {
      path: `/messenger/${blake.id}`,
      pattern: '/messenger/:conversation',
      state: signedIn(),
    });
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Load earlier messages' }));

    expect(await screen.findByText('Our very first message')).toBeInTheDocument();
    expect(api.callsTo('messenger/conversation/messages').map((call) => call.body)).toEqual([
      { conversationId: blake.id, limit: 50 },
      { conversationId: blake.id, before: thread[0]!.id, limit: 50 },
    ]);
    expect(screen.getByRole('heading', { name: 'January 05, 2026' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
  });

  it('sends with Enter: the message joins the thread and the list', async () => {
    const api = stubApi({
      ...conversationsRoute([casey, { ...blake, unreadMessagesCount: 0 }]),
      ...messagesRoute({ [blake.id]: thread }),
      'messenger/message/send': (body) => {
        const { content } = body as { content: string };
        const message = buildMessage(blake, { userId: ME, content, createdAt: minutesAgo(0) });
        return {
          body: {
            message,
            conversation: {
              ...blake,
              unreadMessagesCount: 0,
              lastMessageContent: content,
              lastMessageAt: message.createdAt,
              lastMessageSenderId: ME,
            },
            conversationsWithUnreadCount: 1,
          },
        };
      },
    });
    renderScreen(<ConversationScreen />, {
      path: `/messenger/${blake.id}`,
      pattern: '/messenger/:conversation',
      state: signedIn(),
    });
    await screen.findByRole('region', { name: 'Messages with Blake Rivera' });
    const field = screen.getByRole('textbox', { name: 'Message to Blake Rivera' });
    await userEvent.setup().type(field, '  Yes, Friday works.  {Enter}');

    const messages = screen.getByRole('region', { name: 'Messages with Blake Rivera' });
    expect(await within(messages).findByText('Yes, Friday works.')).toBeInTheDocument();
    expect(api.callsTo('messenger/message/send')[0]!.body).toEqual({
      conversationId: blake.id,
      content: 'Yes, Friday works.',
      clientMessageId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(field).toHaveValue('');
    expect(
      within(conversationLinks()[0]!).getByText('You: Yes, Friday works.'),
    ).toBeInTheDocument();
  });

  it('sends a message that failed again with the same client message id, a new one with another', async () => {
    let attempts = 0;
    const api = stubApi({
      ...conversationsRoute([{ ...blake, unreadMessagesCount: 0 }]),
      ...messagesRoute({ [blake.id]: thread }),
      'messenger/message/send': (body) => {
        attempts += 1;
        const { content } = body as { content: string };
        if (attempts === 1)
          return { status: 503, body: { error: { code: 'INTERNAL', message: 'Down' } } };
        const message = buildMessage(blake, { userId: ME, content, createdAt: minutesAgo(0) });
        return {
          body: {
            message,
            conversation: { ...blake, unreadMessagesCount: 0 },
            conversationsWithUnreadCount: 0,
          },
        };
      },
    });
    renderScreen(<ConversationScreen />, {
      path: `/messenger/${blake.id}`,
      pattern: '/messenger/:conversation',
      state: signedIn(),
    });
    await screen.findByRole('region', { name: 'Messages with Blake Rivera' });
    const field = screen.getByRole('textbox', { name: 'Message to Blake Rivera' });
    const user = userEvent.setup();
    await user.type(field, 'See you Friday{Enter}');
    await screen.findByText('Your message was not sent');
    // The message came back into the field: sending it again is a retry of the same message.
    await waitFor(() => expect(field).toHaveValue('See you Friday'));
    await user.type(field, '{Enter}');
    await waitFor(() => expect(field).toHaveValue(''));
    await user.type(field, 'And bring the records{Enter}');
    await waitFor(() => expect(api.callsTo('messenger/message/send')).toHaveLength(3));
    const ids = api
      .callsTo('messenger/message/send')
      .map((call) => (call.body as { clientMessageId: string }).clientMessageId);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('shows a message from the other side live, announces it and marks it read', async () => {
    const api = stubApi({
      ...conversationsRoute([{ ...blake, unreadMessagesCount: 0 }, casey]),
      ...messagesRoute({ [blake.id]: thread }),
      ...readRoute,
    });
    const { store } = renderScreen(<ConversationScreen />, {
      path: `/messenger/${blake.id}`,
      pattern: '/messenger/:conversation',
      state: signedIn(),
    });
    await screen.findByRole('region', { name: 'Messages with Blake Rivera' });
    expect(api.callsTo('messenger/conversation/read')).toHaveLength(0);

    const incoming = buildMessage(blake, { content: 'Friday it is.', createdAt: minutesAgo(0) });
    act(() => {
      store.dispatch(
        onlytomeReceived({
          type: 'SendMessage',
          request: { conversationId: blake.id, content: incoming.content },
          response: {
            message: incoming,
            conversation: { ...blake, unreadMessagesCount: 1 },
            conversationsWithUnreadCount: 1,
          },
        }),
      );
    });

    const messages = screen.getByRole('region', { name: 'Messages with Blake Rivera' });
    expect(await within(messages).findByText('Friday it is.')).toBeInTheDocument();
    expect(screen.getByText('New message from Blake Rivera: Friday it is.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('messenger/conversation/read')).toHaveLength(1));
    expect(within(conversationLinks()[0]!).queryByLabelText(/unread/)).not.toBeInTheDocument();
  });

  it('says a conversation that is not the user’s is not among theirs', async () => {
    stubApi(conversationsRoute([blake]));
    renderScreen(<ConversationScreen />, {
      path: '/messenger/3f0b1d7e-0000-4000-8000-000000000000',
      pattern: '/messenger/:conversation',
      state: signedIn(),
    });
    expect(await screen.findByText('This conversation is not among yours')).toBeInTheDocument();
  });
});

describe('Messenger: deleting a conversation', () => {
  const thread = [buildMessage(blake, { content: 'Got a slot for my new single?' })];

  it('asks, then removes it and its messages for the user, and shows the rest', async () => {
    const api = stubApi({
      startup: { body: { user: buildUser(), meta: buildMeta() } },
      ...conversationsRoute([blake, casey]),
      ...messagesRoute({ [blake.id]: thread }),
      ...readRoute,
      'messenger/conversation/delete': (body) => ({
        body: {
          success: true,
          conversationId: (body as { conversationId: string }).conversationId,
          conversationsWithUnreadCount: 0,
        },
      }),
    });
    const { router } = renderApp(`/messenger/${blake.id}`);
    const input = userEvent.setup();
    await screen.findByText('Got a slot for my new single?', { selector: 'p' });

    await input.click(screen.getByRole('button', { name: 'Delete conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this conversation?' });
    expect(dialog).toHaveTextContent('Blake Rivera keeps their copy');
    await input.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('messenger/conversation/delete')).toEqual([]);

    await input.click(screen.getByRole('button', { name: 'Delete conversation' }));
    await input.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Delete conversation',
      }),
    );

    await waitFor(() => expect(currentPath(router)).toBe('/messenger'));
    expect(api.callsTo('messenger/conversation/delete').map((call) => call.body)).toEqual([
      { conversationId: blake.id },
    ]);
    expect(conversationLinks().map((link) => link.textContent)).toEqual([
      expect.stringContaining('Casey Moreau'),
    ]);
    expect(screen.queryByText('Got a slot for my new single?')).not.toBeInTheDocument();
  });

  it('shows why a conversation could not be deleted, and keeps it', async () => {
    stubApi({
      ...conversationsRoute([{ ...blake, unreadMessagesCount: 0 }]),
      ...messagesRoute({ [blake.id]: thread }),
      'messenger/conversation/delete': {
        status: 503,
        body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Try again in a moment.' } },
      },
    });
    renderScreen(<ConversationScreen />, {
      path: `/messenger/${blake.id}`,
      pattern: '/messenger/:conversation',
      state: signedIn(),
    });
    const input = userEvent.setup();
    await input.click(await screen.findByRole('button', { name: 'Delete conversation' }));
    const dialog = await screen.findByRole('dialog');
    await input.click(within(dialog).getByRole('button', { name: 'Delete conversation' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Try again in a moment.');
    await input.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(conversationLinks()).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Messages with Blake Rivera' })).toBeInTheDocument();
  });
});

describe('Messenger: starting a conversation from a link', () => {
  it('/messenger?with={userId} starts the conversation and opens it', async () => {
    const started = buildConversation({
      otherUser: { id: AVERY_ID, name: 'Avery Chen', userProfilePicture: null },
      unreadMessagesCount: 0,
      lastMessageAt: null,
      lastMessageContent: null,
      lastMessageSenderId: null,
    });
    // As on the server, the list read after the start has the started conversation in it.
    let listed = [blake];
    const api = stubApi({
      startup: { body: { user: buildUser(), meta: buildMeta() } },
      'messenger/conversations': () => conversationsAnswer(listed),
      'messenger/conversation/start': () => {
        listed = [blake, started];
        return { body: { conversation: started } };
      },
      ...messagesRoute({}),
      ...readRoute,
    });
    const { router } = renderApp(`/messenger?with=${AVERY_ID}`);

    await waitFor(() => expect(currentPath(router)).toBe(`/messenger/${started.id}`));
    expect(api.callsTo('messenger/conversation/start')).toEqual([
      expect.objectContaining({ body: { userId: AVERY_ID } }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Avery Chen' })).toBeInTheDocument();
    expect(
      await screen.findByText('No messages yet. Say hello to Avery Chen.'),
    ).toBeInTheDocument();
    expect(conversationLinks().map((link) => link.textContent)).toEqual([
      expect.stringContaining('Blake Rivera'),
      expect.stringContaining('Avery Chen'),
    ]);
  });

  it('shows why a conversation could not be started', async () => {
    stubApi({
      startup: { body: { user: buildUser(), meta: buildMeta() } },
      ...conversationsRoute([]),
      'messenger/conversation/start': {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'There is no such user.' } },
      },
    });
    renderApp('/messenger?with=3f0b1d7e-0000-4000-8000-000000000000');
    expect(await screen.findByText('The conversation could not be started')).toBeInTheDocument();
    expect(screen.getByText('There is no such user.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Messenger' })).toHaveAttribute(
      'href',
      '/messenger',
    );
  });
});
