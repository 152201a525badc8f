import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { fakeSockets, latestSocket } from '../../test/fakeSocket';
import { buildMeta, buildUser } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { realtimeConnected } from '../../shared/realtime/realtimeSlice';
import { stubApi, type StubRoutes } from '../../test/stubApi';
import { messengerApi } from './messengerApi';
import { selectConversationsWithUnreadCount } from './messengerBadge';
import { BLAKE_ID, buildConversation, buildMessage } from './messengerFixtures';

const blake = buildConversation({
  otherUser: { id: BLAKE_ID, name: 'Blake Rivera', userProfilePicture: null },
  unreadMessagesCount: 2,
});

/** The server counts all the user's conversations with unread; one page holds only some. */
const routes = (conversationsWithUnreadCount: number): StubRoutes => ({
  startup: { body: { user: buildUser(), meta: buildMeta() } },
  'messenger/conversations': {
    body: { conversations: [blake], nextCursor: 'more', conversationsWithUnreadCount },
  },
  'messenger/heartbeat': { body: { online: true } },
  'messenger/online/status': { body: { status: {} } },
  'messenger/conversation/read': {
    body: {
      conversationId: blake.id,
      unreadMessagesCount: 0,
      conversationsWithUnreadCount: conversationsWithUnreadCount - 1,
    },
  },
});

const badgeOf = async () => {
  const entry = await screen.findByRole('link', { name: /^Messenger/ });
  return (count: number) =>
    within(entry).findByLabelText(`${count} conversations with unread messages`);
};

describe('the Messenger badge (conversationsWithUnreadCount)', () => {
  it('is 0 before the count is loaded', () => {
    expect(selectConversationsWithUnreadCount(makeStore().getState())).toBe(0);
  });

  it('shows the server’s count of every conversation with unread, not the loaded page’s', async () => {
    stubApi(routes(42));
    renderApp('/catalog');
    const badge = await badgeOf();
    expect(await badge(42)).toHaveTextContent('42');
  });

  it('takes its count from the conversations’ first page: the start asks for them once', async () => {
    const api = stubApi(routes(42));
    renderApp('/catalog');
    const badge = await badgeOf();
    expect(await badge(42)).toHaveTextContent('42');
    await waitFor(() => expect(fakeSockets.length).toBeGreaterThan(0));
    const asked = api.callsTo('messenger/conversations').map((call) => call.body);
    expect(asked).toEqual([{}]);
  });

  it('follows the count a SendMessage push carries, live', async () => {
    stubApi(routes(42));
    renderApp('/catalog');
    const badge = await badgeOf();
    await badge(42);
    await waitFor(() => expect(fakeSockets.length).toBeGreaterThan(0));
    act(() =>
      latestSocket().serverPushes('onlytome', {
        type: 'SendMessage',
        request: { conversationId: blake.id, content: 'Hi' },
        response: {
          message: buildMessage(blake, { content: 'Hi' }),
          conversation: { ...blake, unreadMessagesCount: 3 },
          conversationsWithUnreadCount: 43,
        },
      }),
    );
    expect(await badge(43)).toHaveTextContent('43');
  });

  it('takes the count of the conversations reloaded when the channel connects', async () => {
    stubApi(routes(42));
    const { store } = renderApp('/catalog');
    const badge = await badgeOf();
    await badge(42);
    const afterConnect = stubApi(routes(7));
    act(() => {
      store.dispatch(realtimeConnected());
    });
    expect(await badge(7)).toHaveTextContent('7');
    // One list reload, the page the list holds; the badge asks nothing of its own.
    expect(afterConnect.callsTo('messenger/conversations').map((c) => c.body)).toEqual([{}]);
  });

  it('takes the count the user’s own conversation/read answers', async () => {
    stubApi(routes(42));
    const { store } = renderApp('/catalog');
    const badge = await badgeOf();
    await badge(42);
    await act(() =>
      store.dispatch(
        messengerApi.endpoints.readConversation.initiate({ conversationId: blake.id }),
      ),
    );
    expect(await badge(41)).toHaveTextContent('41');
  });
});
