import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MAX } from '../../../common/api/messenger/limits.js';
import { createTestApp, post, signedInUser, type TestApp } from '../../test/harness.js';
import { sendSystemMessage } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function pair() {
  const a = await signedInUser(t);
  const b = await signedInUser(t);
  const call = (user: typeof a, action: string, body: object = {}) =>
    post(t.app, `/api/messenger/${action}`, body, { cookie: user.cookie });
  const conversationId = (await call(a, 'conversation/start', { userId: b.id })).json().conversation
    .id as string;
  return { a, b, call, conversationId };
}

describe('conversation/start', () => {
  it('starts a conversation with zero unread, and returns the same one when started again from either side', async () => {
    const { a, b, call, conversationId } = await pair();
    const again = await call(b, 'conversation/start', { userId: a.id });
    expect(again.json().conversation).toMatchObject({
      id: conversationId,
      unreadMessagesCount: 0,
      lastMessageAt: null,
      otherUser: { id: a.id, name: a.name },
    });
  });

  it('refuses yourself and unknown users', async () => {
    const a = await signedInUser(t);
    expect(
      (
        await post(
          t.app,
          '/api/messenger/conversation/start',
          { userId: a.id },
          { cookie: a.cookie },
        )
      ).statusCode,
    ).toBe(400);
    const unknown = await post(
      t.app,
      '/api/messenger/conversation/start',
      { userId: '00000000-0000-4000-8000-000000000000' },
      { cookie: a.cookie },
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('sending and reading', () => {
  it('counts unread for the recipient only, moves the last message, and read zeroes it', async () => {
    const { a, b, call, conversationId } = await pair();
    const sent = await call(a, 'message/send', { conversationId, content: 'Hello Blake' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toMatchObject({
      type: 'user',
      content: 'Hello Blake',
      userId: a.id,
      read: false,
      conversationId,
    });
    expect(sent.json().conversation).toMatchObject({
      unreadMessagesCount: 0,
      lastMessageContent: 'Hello Blake',
      lastMessageSenderId: a.id,
    });

    await call(a, 'message/send', { conversationId, content: 'Are you there?' });
    const forB = (await call(b, 'conversations')).json().conversations[0];
    expect(forB).toMatchObject({
      id: conversationId,
      unreadMessagesCount: 2,
      lastMessageContent: 'Are you there?',
    });

    expect((await call(b, 'conversation/read', { conversationId })).json()).toEqual({
      conversationId,
      unreadMessagesCount: 0,
      conversationsWithUnreadCount: 0,
    });
    expect((await call(b, 'conversations')).json().conversations[0].unreadMessagesCount).toBe(0);
    // A's messages now show as read to A.
    const seenByA = (await call(a, 'conversation/messages', { conversationId })).json().messages;
    expect(seenByA.map((m: { read: boolean }) => m.read)).toEqual([true, true]);
  });

  it('lists conversations with the most recent message first', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const c = await signedInUser(t);
    const start = async (other: string) =>
      (
        await post(
          t.app,
          '/api/messenger/conversation/start',
          { userId: other },
          { cookie: a.cookie },
        )
      ).json().conversation.id;
    const withB = await start(b.id);
    const withC = await start(c.id);
    await post(
      t.app,
      '/api/messenger/message/send',
      { conversationId: withC, content: 'first' },
      { cookie: a.cookie },
    );
    t.clock.advance(1000);
    await post(
      t.app,
      '/api/messenger/message/send',
      { conversationId: withB, content: 'second' },
      { cookie: a.cookie },
    );
    const list = (
      await post(t.app, '/api/messenger/conversations', {}, { cookie: a.cookie })
    ).json().conversations;
    expect(list.map((conversation: { id: string }) => conversation.id)).toEqual([withB, withC]);
  });

  it('refuses empty and too long messages', async () => {
    const { a, call, conversationId } = await pair();
    expect((await call(a, 'message/send', { conversationId, content: '   \n ' })).statusCode).toBe(
      400,
    );
    const long = await call(a, 'message/send', {
      conversationId,
      content: 'x'.repeat(MESSAGE_MAX + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.content).toMatch(/at most/);
  });

  it('writes system messages that both sides see as unread', async () => {
    const { a, b, call, conversationId } = await pair();
    await sendSystemMessage(t.context, a.id, b.id, 'Your swap was accepted.');
    for (const user of [a, b]) {
      const [conversation] = (await call(user, 'conversations')).json().conversations;
      expect(conversation).toMatchObject({
        id: conversationId,
        unreadMessagesCount: 1,
        lastMessageSenderId: null,
      });
    }
    const [message] = (await call(b, 'conversation/messages', { conversationId })).json().messages;
    expect(message).toMatchObject({
      type: 'system',
      userId: null,
      content: 'Your swap was accepted.',
    });
  });
});

describe('conversation/delete', () => {
  const contents = (answer: { json(): { messages: { content: string }[] } }) =>
    answer.json().messages.map((message) => message.content);

  it('removes the conversation and its messages for the caller only', async () => {
    const { a, b, call, conversationId } = await pair();
    await call(a, 'message/send', { conversationId, content: 'Hello Blake' });
    await call(b, 'message/send', { conversationId, content: 'Hi!' });

    const deleted = await call(a, 'conversation/delete', { conversationId });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({
      success: true,
      conversationId,
      conversationsWithUnreadCount: 0,
    });

    expect((await call(a, 'conversations')).json().conversations).toEqual([]);
    expect(contents(await call(a, 'conversation/messages', { conversationId }))).toEqual([]);
    // The other side keeps theirs, as it was.
    expect((await call(b, 'conversations')).json().conversations).toEqual([
      expect.objectContaining({ id: conversationId, lastMessageContent: 'Hi!' }),
    ]);
    expect(contents(await call(b, 'conversation/messages', { conversationId }))).toEqual([
      'Hello Blake',
      'Hi!',
    ]);
    // Deleting again changes nothing.
    expect((await call(a, 'conversation/delete', { conversationId })).statusCode).toBe(200);
  });

  it('comes back with only the new messages when the other side writes', async () => {
    const { a, b, call, conversationId } = await pair();
    await call(b, 'message/send', { conversationId, content: 'Old news' });
    await call(a, 'conversation/delete', { conversationId });
    t.clock.advance(1000);

    await call(b, 'message/send', { conversationId, content: 'Still there?' });

    const [conversation] = (await call(a, 'conversations')).json().conversations;
    expect(conversation).toMatchObject({
      id: conversationId,
      unreadMessagesCount: 1,
      lastMessageContent: 'Still there?',
      lastMessageSenderId: b.id,
    });
    const thread = await call(a, 'conversation/messages', { conversationId });
    expect(contents(thread)).toEqual(['Still there?']);
    expect(thread.json().hasMore).toBe(false);
    // A catch-up from a message the caller deleted brings only what is new.
    const firstId = (await call(b, 'conversation/messages', { conversationId })).json().messages[0]
      .id as string;
    expect(
      contents(await call(a, 'conversation/messages', { conversationId, after: firstId })),
    ).toEqual(['Still there?']);
  });

  it('comes back empty when the caller starts it again', async () => {
    const { a, b, call, conversationId } = await pair();
    await call(b, 'message/send', { conversationId, content: 'Before' });
    await call(a, 'conversation/delete', { conversationId });

    const started = (await call(a, 'conversation/start', { userId: b.id })).json().conversation;
    expect(started).toMatchObject({
      id: conversationId,
      unreadMessagesCount: 0,
      lastMessageContent: null,
      lastMessageAt: null,
    });
    expect((await call(a, 'conversations')).json().conversations).toHaveLength(1);
    expect(contents(await call(a, 'conversation/messages', { conversationId }))).toEqual([]);
  });
});

describe('conversation/messages paging', () => {
  it('pages back with before, newest last, and catches up with after', async () => {
    const { a, call, conversationId } = await pair();
    const ids: string[] = [];
    for (let n = 1; n <= 7; n++)
      ids.push(
        (await call(a, 'message/send', { conversationId, content: `m${n}` })).json().message.id,
      );

    const latest = (await call(a, 'conversation/messages', { conversationId, limit: 3 })).json();
    expect(latest.messages.map((m: { content: string }) => m.content)).toEqual(['m5', 'm6', 'm7']);
    expect(latest.hasMore).toBe(true);
    const earlier = (
      await call(a, 'conversation/messages', {
        conversationId,
        limit: 3,
        before: latest.messages[0].id,
      })
    ).json();
    expect(earlier.messages.map((m: { content: string }) => m.content)).toEqual(['m2', 'm3', 'm4']);
    const first = (
      await call(a, 'conversation/messages', {
        conversationId,
        limit: 3,
        before: earlier.messages[0].id,
      })
    ).json();
    expect(first).toMatchObject({ hasMore: false, messages: [{ content: 'm1' }] });

    const missed = (
      await call(a, 'conversation/messages', { conversationId, after: ids[4] })
    ).json();
    expect(missed.messages.map((m: { content: string }) => m.content)).toEqual(['m6', 'm7']);
  });

  it('refuses a cursor from another conversation, and before with after', async () => {
    const one = await pair();
    const other = await pair();
    const foreignId = (
      await other.call(other.a, 'message/send', {
        conversationId: other.conversationId,
        content: 'x',
      })
    ).json().message.id;
    expect(
      (
        await one.call(one.a, 'conversation/messages', {
          conversationId: one.conversationId,
          before: foreignId,
        })
      ).statusCode,
    ).toBe(404);
    const both = await one.call(one.a, 'conversation/messages', {
      conversationId: one.conversationId,
      before: foreignId,
      after: foreignId,
    });
    expect(both.statusCode).toBe(400);
  });
});

describe('presence', () => {
  it('heartbeat marks the caller online for 90 seconds', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    // b may see a's presence once a has written to b.
    const conversationId = (
      await post(t.app, '/api/messenger/conversation/start', { userId: b.id }, { cookie: a.cookie })
    ).json().conversation.id as string;
    await post(
      t.app,
      '/api/messenger/message/send',
      { conversationId, content: 'Hello' },
      { cookie: a.cookie },
    );
    const status = async () =>
      (
        await post(t.app, '/api/messenger/online/status', { ids: [a.id] }, { cookie: b.cookie })
      ).json().status;
    expect(await status()).toEqual({ [a.id]: false });
    await post(t.app, '/api/messenger/heartbeat', {}, { cookie: a.cookie });
    expect(await status()).toEqual({ [a.id]: true });
  });

  it('limits the ids asked about', async () => {
    const a = await signedInUser(t);
    const ids = Array.from(
      { length: 201 },
      (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    );
    expect(
      (await post(t.app, '/api/messenger/online/status', { ids }, { cookie: a.cookie })).statusCode,
    ).toBe(400);
  });
});
