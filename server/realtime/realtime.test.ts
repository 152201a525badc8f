import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signedInUser, type TestApp } from '../test/harness.js';
import {
  connectError,
  connectSocket,
  connected,
  nextEvent,
  onlyToMeInbox,
  type ClientSocket,
} from '../test/sockets.js';

let t: TestApp;
let baseUrl: string;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

function socketFor(cookie?: string, origin?: string) {
  const socket = connectSocket(baseUrl, cookie, origin);
  sockets.push(socket);
  return socket;
}

async function twoCurators() {
  const a = await signedInUser(t);
  const b = await signedInUser(t);
  const conversationId = (
    await post(t.app, '/api/messenger/conversation/start', { userId: b.id }, { cookie: a.cookie })
  ).json().conversation.id as string;
  return { a, b, conversationId };
}

const status = async (cookie: string, ids: string[]) =>
  (await post(t.app, '/api/messenger/online/status', { ids }, { cookie })).json().status as Record<
    string,
    boolean
  >;

describe('the realtime channel', () => {
  it('refuses an anonymous socket', async () => {
    const error = await connectError(socketFor());
    expect(error.message).toBe('unauthorized');
  });

  it('refuses a socket from another site, even with a session', async () => {
    const a = await signedInUser(t);
    await expect(connectError(socketFor(a.cookie, 'https://evil.example'))).resolves.toBeInstanceOf(
      Error,
    );
  });

  it('pushes SendMessage to the recipient as onlytome, from their point of view', async () => {
    const { a, b, conversationId } = await twoCurators();
    const bSocket = socketFor(b.cookie);
    await connected(bSocket);
    const inbox = onlyToMeInbox(bSocket);
    await post(
      t.app,
      '/api/messenger/message/send',
      { conversationId, content: 'Live hello' },
      { cookie: a.cookie },
    );
    const payload = await inbox.next((p) => p.type === 'SendMessage');
    expect(payload).toMatchObject({
      type: 'SendMessage',
      request: { conversationId, content: 'Live hello' },
      response: {
        message: { content: 'Live hello', userId: a.id, conversationId, read: false },
        conversation: { id: conversationId, unreadMessagesCount: 1, otherUser: { id: a.id } },
      },
    });
  });

  it('does not push a message to anyone else', async () => {
    const { a, conversationId } = await twoCurators();
    const outsider = await signedInUser(t);
    const outsiderSocket = socketFor(outsider.cookie);
    await connected(outsiderSocket);
    const inbox = onlyToMeInbox(outsiderSocket);
    const aSocket = socketFor(a.cookie);
    await connected(aSocket);
    await post(
      t.app,
      '/api/messenger/message/send',
      { conversationId, content: 'not for you' },
      { cookie: a.cookie },
    );
    // A round trip on the outsider's socket after the send: anything pushed would have arrived first.
    await post(t.app, '/api/messenger/heartbeat', {}, { cookie: outsider.cookie });
    expect(inbox.received).toEqual([]);
  });

  it('stores and delivers the message-to-user event', async () => {
    const { a, b, conversationId } = await twoCurators();
    const aSocket = socketFor(a.cookie);
    const bSocket = socketFor(b.cookie);
    await Promise.all([connected(aSocket), connected(bSocket)]);
    const inbox = onlyToMeInbox(bSocket);
    aSocket.emit('message:user', { userId: b.id, message: 'Sent over the socket' });
    const payload = await inbox.next((p) => p.type === 'SendMessage');
    expect(payload.response).toMatchObject({
      message: { content: 'Sent over the socket' },
      conversation: { id: conversationId },
    });
  });

  it('answers an unknown pushtoserver type with an exception event', async () => {
    const a = await signedInUser(t);
    const socket = socketFor(a.cookie);
    await connected(socket);
    const exception = nextEvent(socket, 'exception');
    socket.emit('pushtoserver', { type: 'Nonsense', message: {} });
    expect((await exception).message).toMatch(/Unknown event type/);
  });
});

describe('presence', () => {
  it('is online while a socket is connected, and tells conversation partners live', async () => {
    const { a, b } = await twoCurators();
    const bSocket = socketFor(b.cookie);
    await connected(bSocket);
    expect(await status(b.cookie, [a.id])).toEqual({ [a.id]: false });

    const cameOnline = nextEvent(bSocket, 'user:presence');
    const aSocket = socketFor(a.cookie);
    await connected(aSocket);
    expect(await cameOnline).toEqual({ id: a.id, present: true });
    expect(await status(b.cookie, [a.id])).toEqual({ [a.id]: true });

    // Announcing presence (a heartbeat) does not outlive the last socket: closing the tab ends it.
    const announced = nextEvent(bSocket, 'user:presence');
    aSocket.emit('UserPresence', { id: a.id, present: true });
    expect(await announced).toEqual({ id: a.id, present: true });
    await post(t.app, '/api/messenger/heartbeat', {}, { cookie: a.cookie });
    const wentOffline = nextEvent(bSocket, 'user:presence');
    aSocket.disconnect();
    expect(await wentOffline).toEqual({ id: a.id, present: false });
    expect(await status(b.cookie, [a.id])).toEqual({ [a.id]: false });
  });

  it('UserPresence announces only yourself', async () => {
    const { a, b } = await twoCurators();
    const aSocket = socketFor(a.cookie);
    await connected(aSocket);
    const refused = nextEvent(aSocket, 'exception');
    aSocket.emit('UserPresence', { id: b.id, present: true });
    expect((await refused).message).toMatch(/only announced for yourself/);
  });
});

describe('after a disconnect', () => {
  it('a client catches up on messages sent while it was away', async () => {
    const { a, b, conversationId } = await twoCurators();
    const first = (
      await post(
        t.app,
        '/api/messenger/message/send',
        { conversationId, content: 'before' },
        { cookie: a.cookie },
      )
    ).json().message;
    const bSocket = socketFor(b.cookie);
    await connected(bSocket);
    bSocket.disconnect();

    await post(
      t.app,
      '/api/messenger/message/send',
      { conversationId, content: 'while away 1' },
      { cookie: a.cookie },
    );
    await post(
      t.app,
      '/api/messenger/message/send',
      { conversationId, content: 'while away 2' },
      { cookie: a.cookie },
    );

    const again = socketFor(b.cookie);
    await connected(again);
    const missed = await post(
      t.app,
      '/api/messenger/conversation/messages',
      { conversationId, after: first.id },
      { cookie: b.cookie },
    );
    expect(missed.json().messages.map((m: { content: string }) => m.content)).toEqual([
      'while away 1',
      'while away 2',
    ]);
  });
});
