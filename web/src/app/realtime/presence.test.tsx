import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endSession } from '../../features/auth/endSession';
import { selectConversations, selectOnline } from '../../features/messenger/messengerApi';
import {
  BLAKE_ID,
  buildConversation,
  buildMessage,
  CASEY_ID,
  ME,
} from '../../features/messenger/messengerFixtures';
import { fakeSockets, latestSocket } from '../../test/fakeSocket';
import { buildMeta, buildUser } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { stubApi, type StubRoutes } from '../../test/stubApi';
import { PRESENCE_REFRESH_INTERVAL_MS } from './SignedInPresence';

afterEach(() => {
  vi.useRealTimers();
});

const blake = buildConversation({
  otherUser: { id: BLAKE_ID, name: 'Blake Rivera', userProfilePicture: null },
  unreadMessagesCount: 0,
});
const casey = buildConversation({
  otherUser: { id: CASEY_ID, name: 'Casey Moreau', userProfilePicture: null },
  unreadMessagesCount: 0,
});

function signedInRoutes(online: Record<string, boolean> = {}): StubRoutes {
  return {
    startup: { body: { user: buildUser(), meta: buildMeta() } },
    'messenger/conversations': {
      body: { conversations: [blake, casey], nextCursor: null, conversationsWithUnreadCount: 0 },
    },
    'messenger/heartbeat': { body: { online: true } },
    'messenger/online/status': (body) => {
      const { ids } = body as { ids: string[] };
      return { body: { status: Object.fromEntries(ids.map((id) => [id, online[id] ?? false])) } };
    },
  };
}

describe('presence on every screen', () => {
  it('opens one realtime connection once signed in, even in StrictMode, and announces presence once', async () => {
    stubApi(signedInRoutes());
    renderApp('/catalog');
    await waitFor(() => expect(fakeSockets).toHaveLength(1));
    const socket = latestSocket();
    act(() => socket.serverConnects());
    expect(socket.sentOf('UserPresence')).toEqual([{ id: ME, present: true }]);
    expect(fakeSockets).toHaveLength(1);
  });

  it('sends a heartbeat and asks the online status of conversation partners every 60 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubApi(signedInRoutes({ [BLAKE_ID]: true }));
    const { store } = renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });

    await waitFor(() =>
      expect(selectOnline(store.getState())).toEqual({
        [BLAKE_ID]: true,
        [CASEY_ID]: false,
      }),
    );
    expect(api.callsTo('messenger/heartbeat')).toHaveLength(1);
    expect(api.callsTo('messenger/online/status')).toEqual([
      expect.objectContaining({ body: { ids: [BLAKE_ID, CASEY_ID] } }),
    ]);

    await vi.advanceTimersByTimeAsync(PRESENCE_REFRESH_INTERVAL_MS);

    expect(api.callsTo('messenger/heartbeat')).toHaveLength(2);
    expect(api.callsTo('messenger/online/status')).toHaveLength(2);
    // The user's own data: still refreshed once a minute by the shell, not twice.
    expect(api.callsTo('startup')).toHaveLength(2);
  });

  it('user:presence pushes change the online map live', async () => {
    stubApi(signedInRoutes());
    const { store } = renderApp('/');
    await waitFor(() => expect(selectOnline(store.getState())[BLAKE_ID]).toBe(false));
    act(() => latestSocket().serverPushes('user:presence', { id: BLAKE_ID, present: true }));
    expect(selectOnline(store.getState())[BLAKE_ID]).toBe(true);
  });

  it('a SendMessage push on any screen raises the sidebar badge', async () => {
    stubApi(signedInRoutes());
    const { store } = renderApp('/catalog');
    const messengerEntry = await screen.findByRole('link', { name: /^Messenger/ });
    await waitFor(() => expect(selectConversations(store.getState())).toBeDefined());

    act(() =>
      latestSocket().serverPushes('onlytome', {
        type: 'SendMessage',
        request: { conversationId: casey.id, content: 'New mix is up' },
        response: {
          message: buildMessage(casey, {
            content: 'New mix is up',
            createdAt: '2026-11-21T08:00:00.000Z',
          }),
          conversation: { ...casey, unreadMessagesCount: 1 },
          conversationsWithUnreadCount: 1,
        },
      }),
    );

    expect(
      await within(messengerEntry).findByLabelText('1 conversation with unread messages'),
    ).toBeInTheDocument();
  });

  it('signing out closes the connection', async () => {
    stubApi(signedInRoutes());
    const { store } = renderApp('/');
    await waitFor(() => expect(fakeSockets).toHaveLength(1));
    const socket = latestSocket();
    act(() => socket.serverConnects());
    expect(store.getState().realtime.connected).toBe(true);

    act(() => endSession(store.dispatch, 'signedOut'));

    await waitFor(() => expect(socket.disconnect).toHaveBeenCalledTimes(1));
    expect(socket.listenerCount()).toBe(0);
    expect(store.getState().realtime).toEqual({ connected: false, presenceAnnounced: false });
  });

  it('opens no connection for a signed-out visitor', async () => {
    stubApi({ startup: { body: { user: null, meta: null } } });
    renderApp('/signin');
    await screen.findByRole('heading', { name: 'Sign in to Curator' });
    expect(fakeSockets).toHaveLength(0);
  });
});
