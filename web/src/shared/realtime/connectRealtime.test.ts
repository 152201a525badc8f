import type { UnknownAction } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_PATH, RECONNECTION, type OnlyToMe } from '../../../../common/realtime/events.js';
import { makeStore } from '../../app/store';
import {
  messengerApi,
  selectConversations,
  selectOnline,
  selectThread,
  threadArg,
} from '../../features/messenger/messengerApi';
import {
  BLAKE_ID,
  buildConversation,
  buildMessage,
  conversationsAnswer,
  ME,
} from '../../features/messenger/messengerFixtures';
import { buildTrade } from '../../features/songswap/tradeFixtures';
import { fakeIo, fakeSockets, latestSocket } from '../../test/fakeSocket';
import { signedInAuthState } from '../../test/fixtures';
import { stubApi } from '../../test/stubApi';
import { connectRealtime } from './connectRealtime';
import { REFUSED_RETRY_MS } from './realtimeSocket';
import { onlytomeOf } from './realtimeSlice';

afterEach(() => {
  vi.useRealTimers();
});

/** Opens the channel for ME with the real store; `seen` records every action it dispatched. */
async function open(store = makeStore(signedInAuthState())) {
  const seen: UnknownAction[] = [];
  const connection = connectRealtime({
    dispatch: (action) => {
      seen.push(action as UnknownAction);
      return store.dispatch(action);
    },
    getState: store.getState,
    userId: ME,
  });
  await vi.waitFor(() => expect(fakeSockets).toHaveLength(1));
  return { connection, socket: latestSocket(), store, seen };
}

describe('the realtime connection', () => {
  it('opens a websocket at /events.io with the cookie and the reconnection settings', async () => {
    stubApi({});
    const { socket } = await open();
    expect(fakeIo).toHaveBeenCalledTimes(1);
    expect(socket.options).toMatchObject({
      path: REALTIME_PATH,
      transports: ['websocket'],
      withCredentials: true,
      ...RECONNECTION,
    });
  });

  it('sets the connected flag and announces presence once per connection', async () => {
    stubApi({});
    const { socket, store } = await open();
    expect(store.getState().realtime).toEqual({ connected: false, presenceAnnounced: false });

    socket.serverConnects();
    expect(store.getState().realtime).toEqual({ connected: true, presenceAnnounced: true });
    expect(socket.sentOf('UserPresence')).toEqual([{ id: ME, present: true }]);

    // socket.io may fire connect again (e.g. a manager upgrade); announced is announced.
    socket.serverConnects();
    expect(socket.sentOf('UserPresence')).toHaveLength(1);
  });

  it('a disconnect resets the flags; the reconnect announces presence again', async () => {
    stubApi({});
    const { socket, store } = await open();
    socket.serverConnects();

    socket.serverDisconnects('transport close');
    expect(store.getState().realtime).toEqual({ connected: false, presenceAnnounced: false });
    // socket.io retries by itself after a lost transport.
    expect(socket.connect).not.toHaveBeenCalled();

    socket.serverConnects();
    expect(store.getState().realtime).toEqual({ connected: true, presenceAnnounced: true });
    expect(socket.sentOf('UserPresence')).toEqual([
      { id: ME, present: true },
      { id: ME, present: true },
    ]);
  });

  it('connects again at once when the server closed the socket', async () => {
    stubApi({});
    const { socket } = await open();
    socket.serverConnects();
    socket.serverDisconnects('io server disconnect');
    expect(socket.connect).toHaveBeenCalledTimes(1);
  });

  it('tries a refused connection again later, saying nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({});
    const warn = vi.spyOn(console, 'warn');
    const { socket } = await open();
    socket.serverRefuses('unauthorized');
    expect(socket.connect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(REFUSED_RETRY_MS);
    expect(socket.connect).toHaveBeenCalledTimes(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it('re-emits onlytome payloads by type', async () => {
    stubApi({});
    const { socket, seen } = await open();
    socket.serverConnects();
    const trade = buildTrade();
    const openTrade: OnlyToMe<'OpenTrade'> = {
      type: 'OpenTrade',
      request: { traderId: ME, periodDays: 14, songIds: [] },
      response: { trade },
    };
    socket.serverPushes('onlytome', openTrade);
    socket.serverPushes('onlytome', {
      type: 'AcceptTrade',
      request: { tradeId: trade.id },
      response: {
        trade,
        status: {
          status: 'pending',
          traderOneAccepted: true,
          traderTwoAccepted: false,
          streams: null,
        },
      },
    });

    expect(seen.filter(onlytomeOf('OpenTrade')).map((action) => action.payload)).toEqual([
      openTrade,
    ]);
    expect(seen.filter(onlytomeOf('AcceptTrade'))).toHaveLength(1);
    expect(seen.filter(onlytomeOf('SendMessage'))).toHaveLength(0);
  });

  it('a type this client does not know (a newer server during a deploy) changes no state', async () => {
    stubApi({});
    const { socket, store } = await open();
    socket.serverConnects();
    const before = store.getState();
    const mystery = { type: 'Mystery', request: {}, response: {} };
    socket.serverPushes('onlytome', mystery as unknown as OnlyToMe);
    expect(store.getState()).toBe(before);
  });

  it('only logs an exception event', async () => {
    stubApi({});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { socket, seen, store } = await open();
    socket.serverConnects();
    const state = store.getState();
    const before = seen.length;

    socket.serverPushes('exception', { message: 'Presence is only announced for yourself.' });

    expect(warn).toHaveBeenCalledWith('Realtime exception', {
      message: 'Presence is only announced for yourself.',
    });
    expect(seen).toHaveLength(before);
    expect(store.getState()).toBe(state);
  });

  it('user:presence changes the online map', async () => {
    stubApi({ 'messenger/online/status': { body: { status: { [BLAKE_ID]: false } } } });
    const store = makeStore(signedInAuthState());
    // The online map as the root layout's presence holds it.
    await store.dispatch(messengerApi.endpoints.onlineStatus.initiate({ ids: [BLAKE_ID] }));
    const { socket } = await open(store);
    socket.serverPushes('user:presence', { id: BLAKE_ID, present: true });
    expect(selectOnline(store.getState())).toEqual({ [BLAKE_ID]: true });
    socket.serverPushes('user:presence', { id: BLAKE_ID, present: false });
    expect(selectOnline(store.getState())).toEqual({ [BLAKE_ID]: false });
  });

  it('after a reconnect fetches the messages after the newest one held', async () => {
    const blake = buildConversation();
    const held = [buildMessage(blake, { read: true }), buildMessage(blake, { userId: ME })];
    const missed = buildMessage(blake, {
      content: 'Sent while you were offline',
      createdAt: '2026-11-21T08:00:00.000Z',
    });
    const api = stubApi({
      'messenger/conversations': conversationsAnswer([{ ...blake, unreadMessagesCount: 1 }]),
      'messenger/conversation/messages': { body: { messages: [missed], hasMore: false } },
    });
    const store = makeStore(signedInAuthState());
    // The conversations and the thread as the messenger holds them once loaded.
    await store.dispatch(messengerApi.util.upsertQueryData('conversations', undefined, [blake]));
    await store.dispatch(
      messengerApi.util.upsertQueryData('conversationThread', threadArg(blake.id), {
        messages: held,
        hasMore: false,
      }),
    );
    const { socket } = await open(store);

    socket.serverConnects();
    // The first connection is not a reconnect: nothing to catch up on.
    await Promise.resolve();
    expect(api.calls).toEqual([]);

    socket.serverDisconnects('transport close');
    socket.serverConnects();

    await vi.waitFor(() =>
      expect(selectThread(store.getState(), blake.id)!.messages.at(-1)).toEqual(missed),
    );
    expect(api.callsTo('messenger/conversation/messages')).toEqual([
      expect.objectContaining({
        body: { conversationId: blake.id, after: held[1]!.id, limit: 100 },
      }),
    ]);
    expect(api.callsTo('messenger/conversations')).toHaveLength(1);
    expect(selectConversations(store.getState())![0]!.unreadMessagesCount).toBe(1);
  });

  it('closing disconnects, forgets the listeners and clears the connected flag', async () => {
    stubApi({});
    const { socket, store, connection } = await open();
    socket.serverConnects();
    connection.close();
    expect(socket.disconnect).toHaveBeenCalledTimes(1);
    expect(socket.listenerCount()).toBe(0);
    expect(store.getState().realtime.connected).toBe(false);
  });

  it('closed before socket.io-client loaded, it opens no socket', async () => {
    stubApi({});
    const store = makeStore(signedInAuthState());
    const connection = connectRealtime({
      dispatch: store.dispatch,
      getState: store.getState,
      userId: ME,
    });
    connection.close();
    await import('socket.io-client');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fakeSockets).toHaveLength(0);
  });
});
