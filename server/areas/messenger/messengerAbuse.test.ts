import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { USER_RATE_LIMITS } from '../../http/rateLimits.js';
import { createTestApp, post, signedInUser, type TestApp } from '../../test/harness.js';
import { connectSocket, connected, onlyToMeInbox, type ClientSocket } from '../../test/sockets.js';
import type { EventAck } from '../../../common/realtime/events.js';

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

type User = Awaited<ReturnType<typeof signedInUser>>;
const call = (user: User, action: string, body: object = {}) =>
  post(t.app, `/api/messenger/${action}`, body, { cookie: user.cookie });

async function pair() {
  const a = await signedInUser(t);
  const b = await signedInUser(t);
  const conversationId = (await call(a, 'conversation/start', { userId: b.id })).json().conversation
    .id as string;
  return { a, b, conversationId };
}

async function socketOf(user: User) {
  const socket = connectSocket(baseUrl, user.cookie);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

const expectRateLimited = (response: Awaited<ReturnType<typeof call>>) => {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json().error).toMatchObject({
    code: 'RATE_LIMITED',
    details: { retryAfterSeconds: expect.any(Number) },
  });
};

describe('message/send with a client message id', () => {
  it('a retry answers the stored message: stored once, pushed once', async () => {
    const { a, b, conversationId } = await pair();
    const bSocket = await socketOf(b);
    const inbox = onlyToMeInbox(bSocket);
    const clientMessageId = randomUUID();
    const body = { conversationId, content: 'Only once', clientMessageId };
    const first = await call(a, 'message/send', body);
    expect(first.statusCode, first.body).toBe(200);
    const retry = await call(a, 'message/send', body);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().message).toEqual(first.json().message);

    const thread = (await call(b, 'conversation/messages', { conversationId })).json().messages;
    expect(thread.map((m: { content: string }) => m.content)).toEqual(['Only once']);
    expect((await call(b, 'conversations')).json().conversations[0].unreadMessagesCount).toBe(1);
    // A later message arrives after any push of the retry would have: only one push came first.
    await call(a, 'message/send', { conversationId, content: 'Next' });
    await inbox.next((p) => p.type === 'SendMessage' && p.request.content === 'Next');
    expect(
      inbox.received
        .filter((p) => p.type === 'SendMessage')
        .map((p) => p.type === 'SendMessage' && p.request.content),
    ).toEqual(['Only once', 'Next']);
  });

  it('retries racing each other store one message', async () => {
    const { a, b, conversationId } = await pair();
    const body = { conversationId, content: 'Raced', clientMessageId: randomUUID() };
    const answers = await Promise.all([1, 2, 3].map(() => call(a, 'message/send', body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().message.id)).size).toBe(1);
    const thread = (await call(b, 'conversation/messages', { conversationId })).json().messages;
    expect(thread).toHaveLength(1);
  });

  it('the same id from another sender is another message; in another conversation it is 409', async () => {
    const { a, b, conversationId } = await pair();
    const clientMessageId = randomUUID();
    await call(a, 'message/send', { conversationId, content: 'From A', clientMessageId });
    const fromB = await call(b, 'message/send', {
      conversationId,
      content: 'From B',
      clientMessageId,
    });
    expect(fromB.statusCode).toBe(200);
    expect(fromB.json().message.content).toBe('From B');

    const c = await signedInUser(t);
    const other = (await call(a, 'conversation/start', { userId: c.id })).json().conversation.id;
    const reused = await call(a, 'message/send', {
      conversationId: other,
      content: 'Elsewhere',
      clientMessageId,
    });
    expect(reused.statusCode).toBe(409);
  });

  it('a stranger cannot read a message by guessing its client id', async () => {
    const { a, conversationId } = await pair();
    const clientMessageId = randomUUID();
    await call(a, 'message/send', { conversationId, content: 'Private', clientMessageId });
    const stranger = await signedInUser(t);
    const guessed = await call(stranger, 'message/send', {
      conversationId,
      content: 'x',
      clientMessageId,
    });
    expect(guessed.statusCode).toBe(404);
  });

  it('refuses a client message id that is not a uuid', async () => {
    const { a, conversationId } = await pair();
    const response = await call(a, 'message/send', {
      conversationId,
      content: 'Hi',
      clientMessageId: 'retry-1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('clientMessageId');
  });
});

describe('messaging limits per user', () => {
  it('message/send and the message:user event share one limit; others still write', async () => {
    const { a, b, conversationId } = await pair();
    const { points } = USER_RATE_LIMITS.message;
    for (let sent = 0; sent < points - 1; sent += 1) {
      const response = await call(a, 'message/send', { conversationId, content: `m${sent}` });
      expect(response.statusCode, response.body).toBe(200);
    }
    const aSocket = await socketOf(a);
    const lastAllowed = await aSocket.emitWithAck('message:user', {
      userId: b.id,
      message: 'last',
    });
    expect(lastAllowed).toEqual({ ok: true });
    expectRateLimited(await call(a, 'message/send', { conversationId, content: 'one too many' }));
    const refused: EventAck = await aSocket.emitWithAck('message:user', {
      userId: b.id,
      message: 'one too many',
    });
    expect(refused).toMatchObject({
      error: { code: 'RATE_LIMITED', details: { retryAfterSeconds: expect.any(Number) } },
    });
    expect((await call(b, 'message/send', { conversationId, content: 'reply' })).statusCode).toBe(
      200,
    );
  });

  it('limits new conversations, not reopening one that exists', async () => {
    const a = await signedInUser(t);
    const { points } = USER_RATE_LIMITS.conversationStart;
    let first = '';
    for (let started = 0; started < points; started += 1) {
      const other = await signedInUser(t);
      first ||= other.id;
      const response = await call(a, 'conversation/start', { userId: other.id });
      expect(response.statusCode, response.body).toBe(200);
    }
    const next = await signedInUser(t);
    expectRateLimited(await call(a, 'conversation/start', { userId: next.id }));
    // The message-to-user event cannot start one either.
    const aSocket = await socketOf(a);
    expect(
      await aSocket.emitWithAck('message:user', { userId: next.id, message: 'hello' }),
    ).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect((await call(a, 'conversation/start', { userId: first })).statusCode).toBe(200);
  });

  it('limits presence announcements, answering the event with an error acknowledgement', async () => {
    const { a } = await pair();
    const aSocket = await socketOf(a);
    const { points } = USER_RATE_LIMITS.presence;
    // The socket's first announcement is part of connecting: it is not counted.
    for (let sent = 0; sent <= points; sent += 1) {
      expect(await aSocket.emitWithAck('UserPresence', { id: a.id, present: true })).toEqual({
        ok: true,
      });
    }
    expect(await aSocket.emitWithAck('UserPresence', { id: a.id, present: true })).toMatchObject({
      error: { code: 'RATE_LIMITED', details: { retryAfterSeconds: expect.any(Number) } },
    });
  });

  it('lets a curator open screen after screen by address: each page connects and announces once', async () => {
    const { a } = await pair();
    const exceptions: unknown[] = [];
    // Fifteen page loads in a row: each a new socket that announces presence on connecting.
    for (let page = 0; page < 15; page += 1) {
      const socket = await socketOf(a);
      socket.on('exception', (payload: unknown) => exceptions.push(payload));
      expect(await socket.emitWithAck('UserPresence', { id: a.id, present: true })).toEqual({
        ok: true,
      });
      socket.disconnect();
    }
    expect(exceptions).toEqual([]);
  });
});
