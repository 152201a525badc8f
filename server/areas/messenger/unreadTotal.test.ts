import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signedInUser, type TestApp } from '../../test/harness.js';
import { connectSocket, connected, onlyToMeInbox, type ClientSocket } from '../../test/sockets.js';
import { sendSystemMessage } from './service.js';

// The Messenger badge (conversationsWithUnreadCount): every conversation of the user's with
// unread messages, whatever page of the list is loaded, answered by the list, read and delete,
// by message/send for the sender, and pushed with SendMessage to the recipient.
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
const start = async (from: User, to: User) =>
  (await call(from, 'conversation/start', { userId: to.id })).json().conversation.id as string;
const badgeOf = async (user: User) =>
  (await call(user, 'conversations', { limit: 1 })).json().conversationsWithUnreadCount as number;

describe('conversationsWithUnreadCount', () => {
  it('counts every conversation with unread, beyond the page, and follows read, delete and replies', async () => {
    const reader = await signedInUser(t);
    const writers = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
    const ids: string[] = [];
    for (const writer of writers) {
      const conversationId = await start(writer, reader);
      ids.push(conversationId);
      // Two messages in a conversation count it once.
      await call(writer, 'message/send', { conversationId, content: 'One' });
      await call(writer, 'message/send', { conversationId, content: 'Two' });
    }
    expect(await badgeOf(reader)).toBe(3);
    expect(await badgeOf(writers[0]!)).toBe(0);

    const read = await call(reader, 'conversation/read', { conversationId: ids[0] });
    expect(read.json()).toEqual({
      conversationId: ids[0],
      unreadMessagesCount: 0,
      conversationsWithUnreadCount: 2,
    });
    const deleted = await call(reader, 'conversation/delete', { conversationId: ids[1] });
    expect(deleted.json()).toMatchObject({ conversationsWithUnreadCount: 1 });
    // Replying reads the conversation for the sender.
    const replied = await call(reader, 'message/send', { conversationId: ids[2], content: 'Hi' });
    expect(replied.json()).toMatchObject({ conversationsWithUnreadCount: 0 });
    expect(await badgeOf(reader)).toBe(0);
    expect(await badgeOf(writers[2]!)).toBe(1);
  });

  it('drops when a conversation with unread messages goes with the other side’s account', async () => {
    const [reader, leaving, staying] = [
      await signedInUser(t),
      await signedInUser(t),
      await signedInUser(t),
    ];
    for (const writer of [leaving, staying]) {
      const conversationId = await start(writer, reader);
      await call(writer, 'message/send', { conversationId, content: 'Hello' });
    }
    expect(await badgeOf(reader)).toBe(2);
    // The conversation row goes by the users foreign key's cascade, not through the messenger.
    await t.database.executeSql('delete from users where id = $1', [leaving.id]);
    expect(await badgeOf(reader)).toBe(1);
  });

  it('is pushed with SendMessage: the recipient’s count, for a user’s and a system message', async () => {
    const [a, b, c] = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
    const withA = await start(a, b);
    await call(c, 'message/send', { conversationId: await start(c, b), content: 'Earlier' });
    const socket = connectSocket(baseUrl, b.cookie);
    sockets.push(socket);
    await connected(socket);
    const inbox = onlyToMeInbox(socket);

    await call(a, 'message/send', { conversationId: withA, content: 'Hello' });
    const push = await inbox.next((p) => p.type === 'SendMessage' && p.request.content === 'Hello');
    expect(push.type === 'SendMessage' && push.response.conversationsWithUnreadCount).toBe(2);

    await sendSystemMessage(t.context, a.id, b.id, 'A swap was opened.');
    const system = await inbox.next(
      (p) => p.type === 'SendMessage' && p.request.content === 'A swap was opened.',
    );
    expect(system.type === 'SendMessage' && system.response.conversationsWithUnreadCount).toBe(2);
  });

  it('is not answered to a stranger or an anonymous caller', async () => {
    const stranger = await signedInUser(t);
    expect(await badgeOf(stranger)).toBe(0);
    const anonymous = await post(t.app, '/api/messenger/conversations', { limit: 1 });
    expect(anonymous.statusCode).toBe(401);
  });
});
