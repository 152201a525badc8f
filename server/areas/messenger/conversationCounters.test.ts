import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signedInUser, type TestApp } from '../../test/harness.js';
import { sendSystemMessage } from './service.js';

// The unread counters kept on the conversation row must always equal what counting
// the messages says: those after the side's read and cleared marks, written by someone else.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signedInUser>>;

async function pair() {
  const a = await signedInUser(t);
  const b = await signedInUser(t);
  const call = (user: User, action: string, body: object = {}) =>
    post(t.app, `/api/messenger/${action}`, body, { cookie: user.cookie });
  const conversationId = (await call(a, 'conversation/start', { userId: b.id })).json().conversation
    .id as string;
  const send = (user: User, content: string) =>
    call(user, 'message/send', { conversationId, content });
  return { a, b, call, send, conversationId };
}

/** Each side's counter next to the count of its unread messages. */
async function countersAndTruth(conversationId: string) {
  const { rows } = await t.database.executeSql(
    `select c.user_one_id, c.user_one_unread, c.user_two_unread,
       (select count(*)::int from messages m where m.conversation_id = c.id
          and m.seq > greatest(c.user_one_read_seq, c.user_one_cleared_seq)
          and m.user_id is distinct from c.user_one_id) as one_truth,
       (select count(*)::int from messages m where m.conversation_id = c.id
          and m.seq > greatest(c.user_two_read_seq, c.user_two_cleared_seq)
          and m.user_id is distinct from c.user_two_id) as two_truth
     from conversations c where c.id = $1`,
    [conversationId],
  );
  const row = rows[0] as Record<string, string | number>;
  return {
    counters: [Number(row.user_one_unread), Number(row.user_two_unread)],
    truth: [Number(row.one_truth), Number(row.two_truth)],
    userOneId: String(row.user_one_id),
  };
}

async function expectCountersRight(conversationId: string) {
  const { counters, truth } = await countersAndTruth(conversationId);
  expect(counters).toEqual(truth);
}

/** The row's last message next to the message with the highest sequence number. */
async function lastMessageAndTruth(conversationId: string) {
  const { rows } = await t.database.executeSql(
    `select c.last_message_seq, c.last_message_content, latest.seq, latest.content
     from conversations c
     cross join lateral (select seq, content from messages m where m.conversation_id = c.id
                         order by seq desc limit 1) latest
     where c.id = $1`,
    [conversationId],
  );
  const row = rows[0] as Record<string, string | number>;
  return {
    kept: [Number(row.last_message_seq), row.last_message_content],
    latest: [Number(row.seq), row.content],
  };
}

/** What the list shows `user` as unread for the conversation. */
async function listedUnread(
  call: Awaited<ReturnType<typeof pair>>['call'],
  user: User,
  conversationId: string,
) {
  const listed = (await call(user, 'conversations')).json().conversations as {
    id: string;
    unreadMessagesCount: number;
  }[];
  return listed.find((conversation) => conversation.id === conversationId)?.unreadMessagesCount;
}

describe('unread counters', () => {
  it('count the recipient’s messages on send and drop to zero on read', async () => {
    const { a, b, call, send, conversationId } = await pair();
    await send(a, 'one');
    await send(a, 'two');
    await send(a, 'three');
    await expectCountersRight(conversationId);
    expect(await listedUnread(call, b, conversationId)).toBe(3);
    expect(await listedUnread(call, a, conversationId)).toBe(0);
    // Answering reads everything before: the sender's own counter is zero.
    const answer = await send(b, 'hi');
    expect(answer.json().conversation.unreadMessagesCount).toBe(0);
    await expectCountersRight(conversationId);
    expect(await listedUnread(call, a, conversationId)).toBe(1);
    await call(a, 'conversation/read', { conversationId });
    await expectCountersRight(conversationId);
    expect(await listedUnread(call, a, conversationId)).toBe(0);
  });

  it('drop to zero when a side deletes the conversation, and count again from there', async () => {
    const { a, b, call, send, conversationId } = await pair();
    await send(a, 'one');
    await send(a, 'two');
    await call(b, 'conversation/delete', { conversationId });
    await expectCountersRight(conversationId);
    expect(await listedUnread(call, b, conversationId)).toBeUndefined();
    await send(a, 'three');
    await expectCountersRight(conversationId);
    expect(await listedUnread(call, b, conversationId)).toBe(1);
  });

  it('count system messages for both sides', async () => {
    const { a, b, call, conversationId } = await pair();
    await sendSystemMessage(t.context, a.id, b.id, 'A swap was opened');
    await expectCountersRight(conversationId);
    expect(await listedUnread(call, a, conversationId)).toBe(1);
    expect(await listedUnread(call, b, conversationId)).toBe(1);
  });

  it('stay right with two senders writing and reading at the same time', async () => {
    const { a, b, call, send, conversationId } = await pair();
    await Promise.all(
      Array.from({ length: 12 }, (_, index) => {
        const sender = index % 2 === 0 ? a : b;
        return index % 3 === 0
          ? Promise.all([
              send(sender, `m${index}`),
              call(sender, 'conversation/read', { conversationId }),
            ])
          : send(sender, `m${index}`);
      }),
    );
    await expectCountersRight(conversationId);
    const { kept, latest } = await lastMessageAndTruth(conversationId);
    expect(kept).toEqual(latest);
    const { counters } = await countersAndTruth(conversationId);
    const listed = [
      await listedUnread(call, a, conversationId),
      await listedUnread(call, b, conversationId),
    ];
    const aIsOne = (await countersAndTruth(conversationId)).userOneId === a.id;
    expect(listed).toEqual(aIsOne ? counters : [...counters].reverse());
  });
});
