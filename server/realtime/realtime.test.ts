import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages, sessions } from '../db/schema.js';
import { forbidden } from '../lib/apiError.js';
import {
  buildUser,
  createTestApp,
  latestMailTo,
  linkSecretIn,
  post,
  signInAs,
  signedInUser,
  TEST_PASSWORD,
  type TestApp,
} from '../test/harness.js';
import {
  connectError,
  connectSocket,
  connected,
  nextEvent,
  onlyToMeInbox,
  type ClientSocket,
} from '../test/sockets.js';
import { exceptionMessage } from './realtime.js';

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

  it('refuses a message-to-user event naming no user id, without the database’s words', async () => {
    const a = await signedInUser(t);
    const socket = socketFor(a.cookie);
    await connected(socket);
    for (const payload of [
      { userId: 'not-a-user-id', message: 'hello' },
      { userId: a.id.replace(/^./, 'z'), message: 'hello' },
    ]) {
      const exception = nextEvent(socket, 'exception');
      socket.emit('message:user', payload);
      expect((await exception).message).toMatch(/^Give userId and message\. \(userId: /);
    }
  });

  it('refuses a message-to-user event with text the database cannot hold', async () => {
    const { a, b } = await twoCurators();
    const socket = socketFor(a.cookie);
    await connected(socket);
    const exception = nextEvent(socket, 'exception');
    socket.emit('message:user', { userId: b.id, message: 'a\u0000b' });
    expect((await exception).message).toMatch(/message: Remove the invisible NUL character/);
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
    const { a, b, conversationId } = await twoCurators();
    // Presence is shown to people one has written to (or friends): a writes to b.
    await post(
      t.app,
      '/api/messenger/message/send',
      { conversationId, content: 'Hello' },
      { cookie: a.cookie },
    );
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

  it('a block hides presence both ways: offline at once, and no pushes after', async () => {
    const { a, b, conversationId } = await twoCurators();
    for (const [who, content] of [
      [a, 'Hello'],
      [b, 'Hi'],
    ] as const)
      await post(t.app, '/api/messenger/message/send', { conversationId, content }, who);
    // c also wrote to b: c's arrival is the push b hears next, unless a's leaks first.
    const c = await signedInUser(t);
    const withC = (
      await post(t.app, '/api/messenger/conversation/start', { userId: b.id }, c)
    ).json().conversation.id as string;
    await post(t.app, '/api/messenger/message/send', { conversationId: withC, content: 'Yo' }, c);
    const bSocket = socketFor(b.cookie);
    await connected(bSocket);
    const cameOnline = nextEvent(bSocket, 'user:presence');
    const aSocket = socketFor(a.cookie);
    await connected(aSocket);
    expect(await cameOnline).toEqual({ id: a.id, present: true });

    const wentOffline = nextEvent(bSocket, 'user:presence');
    expect((await post(t.app, '/api/users/block', { userId: b.id }, a)).statusCode).toBe(200);
    expect(await wentOffline).toEqual({ id: a.id, present: false });
    expect(await status(b.cookie, [a.id])).toEqual({ [a.id]: false });
    expect(await status(a.cookie, [b.id])).toEqual({ [b.id]: false });

    // a comes online again, then c: b hears c only.
    const next = nextEvent(bSocket, 'user:presence');
    aSocket.disconnect();
    const aAgain = socketFor(a.cookie);
    await connected(aAgain);
    aAgain.emit('UserPresence', { id: a.id, present: true });
    await post(t.app, '/api/messenger/heartbeat', {}, a);
    const cSocket = socketFor(c.cookie);
    await connected(cSocket);
    expect(await next).toEqual({ id: c.id, present: true });
  });

  it('a stranger who starts a conversation sees no presence until answered', async () => {
    const { a, b, conversationId } = await twoCurators();
    const bSocket = socketFor(b.cookie);
    await connected(bSocket);
    // a started the conversation with b; b is online but has not written to a.
    expect(await status(a.cookie, [b.id])).toEqual({ [b.id]: false });
    await post(
      t.app,
      '/api/messenger/message/send',
      { conversationId, content: 'Hi back' },
      { cookie: b.cookie },
    );
    expect(await status(a.cookie, [b.id])).toEqual({ [b.id]: true });
    bSocket.disconnect();
  });

  it('a curator who hides their online status appears offline, live, until they show it again', async () => {
    const { a, b, conversationId } = await twoCurators();
    await post(
      t.app,
      '/api/messenger/message/send',
      { conversationId, content: 'Hello' },
      { cookie: a.cookie },
    );
    const bSocket = socketFor(b.cookie);
    await connected(bSocket);
    // Wait for a's arrival to reach b, so the next push b hears is the one hiding a.
    const cameOnline = nextEvent(bSocket, 'user:presence');
    const aSocket = socketFor(a.cookie);
    await connected(aSocket);
    expect(await cameOnline).toEqual({ id: a.id, present: true });
    expect(await status(b.cookie, [a.id])).toEqual({ [a.id]: true });

    const wentHidden = nextEvent(bSocket, 'user:presence');
    const hidden = await post(
      t.app,
      '/api/auth/profile',
      { showOnlineStatus: false },
      { cookie: a.cookie },
    );
    expect(hidden.json().user.profile.showOnlineStatus).toBe(false);
    expect(await wentHidden).toEqual({ id: a.id, present: false });
    expect(await status(b.cookie, [a.id])).toEqual({ [a.id]: false });
    // Coming online again while hidden tells nobody; they still see themselves online.
    const second = socketFor(a.cookie);
    await connected(second);
    expect(await status(b.cookie, [a.id])).toEqual({ [a.id]: false });
    expect(await status(a.cookie, [a.id])).toEqual({ [a.id]: true });

    const shown = nextEvent(bSocket, 'user:presence');
    await post(t.app, '/api/auth/profile', { showOnlineStatus: true }, { cookie: a.cookie });
    expect(await shown).toEqual({ id: a.id, present: true });
    expect(await status(b.cookie, [a.id])).toEqual({ [a.id]: true });
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

/** Resolves when the server ends the socket (the client did not ask for it). */
function ended(socket: ClientSocket): Promise<string> {
  return new Promise((resolve) => {
    if (!socket.connected) return resolve('already disconnected');
    socket.once('disconnect', (reason) => resolve(reason));
  });
}

describe('a socket ends with its session', () => {
  it('sign-out ends the sockets of that session, not those of the user’s other sessions', async () => {
    const user = await buildUser(t);
    const laptop = await signInAs(t, user);
    const phone = await signInAs(t, user);
    const laptopSocket = socketFor(laptop);
    const phoneSocket = socketFor(phone);
    await Promise.all([connected(laptopSocket), connected(phoneSocket)]);
    const laptopEnded = ended(laptopSocket);

    await post(t.app, '/api/auth/signout', {}, { cookie: laptop });

    expect(await laptopEnded).toBe('io server disconnect');
    expect(phoneSocket.connected).toBe(true);
  });

  it('a password reset ends every socket of the user', async () => {
    const user = await buildUser(t);
    const sockets = [socketFor(await signInAs(t, user)), socketFor(await signInAs(t, user))];
    await Promise.all(sockets.map(connected));
    const allEnded = Promise.all(sockets.map(ended));
    await post(t.app, '/api/auth/forgot/password', { email: user.email });
    const link = linkSecretIn((await latestMailTo(t, user.email))!.text, 'password/reset');

    const reset = await post(t.app, '/api/auth/reset/password', {
      link,
      password: 'amber-crossing-tundra-77',
    });

    expect(reset.statusCode).toBe(200);
    expect(await allEnded).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it('removing the account ends every socket of the user', async () => {
    const user = await buildUser(t);
    const cookie = await signInAs(t, user);
    const other = socketFor(await signInAs(t, user));
    const own = socketFor(cookie);
    await Promise.all([connected(other), connected(own)]);
    const allEnded = Promise.all([ended(other), ended(own)]);

    const removed = await post(
      t.app,
      '/api/auth/removeaccount',
      { password: TEST_PASSWORD },
      { cookie },
    );

    expect(removed.statusCode).toBe(200);
    expect(await allEnded).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it('a socket that only listens is ended by the sweep once its session ended unannounced', async () => {
    const { a } = await twoCurators();
    const aSocket = socketFor(a.cookie);
    await connected(aSocket);
    const aEnded = ended(aSocket);

    // Ended without a broadcast (as when another instance's broadcast was lost); the sweep
    // re-checks every socket's session every 10 s.
    await t.context.db.delete(sessions).where(eq(sessions.userId, a.id));

    expect(await aEnded).toBe('io server disconnect');
  });

  it('an event from a socket whose session ended is not heard, and ends the socket', async () => {
    const { a, b } = await twoCurators();
    const aSocket = socketFor(a.cookie);
    await connected(aSocket);
    const aEnded = ended(aSocket);
    // Ended without a broadcast (as when another instance's broadcast was lost).
    await t.context.db.delete(sessions).where(eq(sessions.userId, a.id));

    aSocket.emit('message:user', { userId: b.id, message: 'After the session ended' });

    expect(await aEnded).toBe('io server disconnect');
    const stored = await t.context.db
      .select()
      .from(messages)
      .where(eq(messages.content, 'After the session ended'));
    expect(stored).toEqual([]);
  });
});

describe('what a failed event tells the client', () => {
  const logged: { level: number; msg: string; err?: { message: string; stack: string } }[] = [];
  const log = Fastify({
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk, _encoding, done) {
          logged.push(JSON.parse(String(chunk)));
          done();
        },
      }),
    },
  }).log;
  const facts = { event: 'message:user', userId: '6f1c6f5e-0000-4000-8000-000000000000' };

  it('our own error: only that it failed; its text and stack go to the error log', () => {
    logged.length = 0;
    const message = exceptionMessage(
      new Error('relation "messages" does not exist at character 15'),
      facts,
      log,
    );
    expect(message).toBe('Something went wrong on our side.');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 50, msg: 'realtime event failed', ...facts });
    expect(logged[0]!.err!.message).toContain('relation "messages"');
    expect(logged[0]!.err!.stack).toContain('\n    at ');
  });

  it('the caller’s mistake (an ApiError): its message, logged at info', () => {
    logged.length = 0;
    const message = exceptionMessage(
      forbidden('Presence is only announced for yourself.'),
      facts,
      log,
    );
    expect(message).toBe('Presence is only announced for yourself.');
    expect(logged[0]).toMatchObject({ level: 30, msg: 'realtime event refused' });
  });
});
