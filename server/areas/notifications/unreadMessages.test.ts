import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signedInUser, type TestApp } from '../../test/harness.js';
import { mailUnreadMessages, UNREAD_MAIL_DELAY_MS, UNREAD_MAIL_INTERVAL_MS } from './index.js';
import { noticesTo, setSwitches } from '../../test/notifications.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;

async function conversation() {
  const a = await signedInUser(t);
  const b = await signedInUser(t);
  const call = (user: typeof a, action: string, body: object = {}) =>
    post(t.app, `/api/messenger/${action}`, body, { cookie: user.cookie });
  const conversationId = (await call(a, 'conversation/start', { userId: b.id })).json().conversation
    .id as string;
  const write = async (from: typeof a, content: string) => {
    const sent = await call(from, 'message/send', { conversationId, content });
    expect(sent.statusCode, sent.body).toBe(200);
  };
  return { a, b, call, conversationId, write };
}

/** Moves the clock on and runs the job once, as the runner would. */
async function runAfter(ms: number) {
  t.clock.advance(ms);
  return mailUnreadMessages(t.context, t.clock.now());
}

describe('unread messages mail (messages switch)', () => {
  it('waits the delay, then mails once who wrote with a link to the conversation', async () => {
    const { a, b, conversationId, write } = await conversation();
    await write(a, 'Hi, want to swap?');
    await write(a, 'I have a song for your playlist.');
    await runAfter(UNREAD_MAIL_DELAY_MS - MINUTE);
    expect(await noticesTo(t, b.id)).toHaveLength(0);
    await runAfter(MINUTE);
    const mails = await noticesTo(t, b.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`${a.name} wrote to you on Curator`);
    expect(mails[0]!.text).toContain('2 messages you have not read yet');
    expect(mails[0]!.text).toContain(`${t.config.appOrigin}/messenger/${conversationId}`);
    // The content is not mailed.
    expect(mails[0]!.text).not.toContain('want to swap');
    expect(await noticesTo(t, a.id)).toHaveLength(0);
    // Nothing more to tell: later runs send nothing.
    await runAfter(2 * UNREAD_MAIL_INTERVAL_MS);
    expect(await noticesTo(t, b.id)).toHaveLength(1);
  });

  it('sends at most one mail per conversation per hour, then one for what came meanwhile', async () => {
    const { a, b, write } = await conversation();
    await write(a, 'First');
    await runAfter(UNREAD_MAIL_DELAY_MS);
    expect(await noticesTo(t, b.id)).toHaveLength(1);
    await runAfter(10 * MINUTE);
    await write(a, 'Second');
    await runAfter(UNREAD_MAIL_DELAY_MS);
    await runAfter(20 * MINUTE);
    await write(a, 'Third');
    await runAfter(UNREAD_MAIL_DELAY_MS);
    // 40 minutes after the first mail: still one.
    expect(await noticesTo(t, b.id)).toHaveLength(1);
    await runAfter(UNREAD_MAIL_INTERVAL_MS - 40 * MINUTE);
    const mails = await noticesTo(t, b.id);
    expect(mails).toHaveLength(2);
    // Only what the first mail did not tell of.
    expect(mails[1]!.text).toContain('2 messages you have not read yet');
  });

  it('sends nothing for messages read before the delay is over', async () => {
    const { a, b, call, conversationId, write } = await conversation();
    await write(a, 'Quick one');
    await call(b, 'conversation/read', { conversationId });
    await runAfter(UNREAD_MAIL_DELAY_MS);
    expect(await noticesTo(t, b.id)).toHaveLength(0);
  });

  it('sends nothing while the recipient is online, and mails once they are gone with it unread', async () => {
    const { a, b, write } = await conversation();
    await write(a, 'Are you there?');
    await t.context.realtime.presence.socketConnected(b.id, 'socket-of-b');
    expect(await runAfter(UNREAD_MAIL_DELAY_MS)).toMatchObject({ online: 1 });
    await runAfter(UNREAD_MAIL_DELAY_MS);
    expect(await noticesTo(t, b.id)).toHaveLength(0);
    await t.context.realtime.presence.socketDisconnected(b.id, 'socket-of-b');
    await runAfter(UNREAD_MAIL_DELAY_MS);
    expect(await noticesTo(t, b.id)).toHaveLength(1);
  });

  it('sends nothing when the messages switch is off, nor later for those messages', async () => {
    const { a, b, write } = await conversation();
    await setSwitches(t, b.cookie, { messages: false });
    await write(a, 'Hello?');
    await runAfter(UNREAD_MAIL_DELAY_MS);
    expect(await noticesTo(t, b.id)).toHaveLength(0);
    await setSwitches(t, b.cookie, { messages: true });
    await runAfter(UNREAD_MAIL_INTERVAL_MS);
    expect(await noticesTo(t, b.id)).toHaveLength(0);
  });

  it('mails each conversation on its own', async () => {
    const first = await conversation();
    const c = await signedInUser(t);
    const second = (
      await post(
        t.app,
        '/api/messenger/conversation/start',
        { userId: first.b.id },
        { cookie: c.cookie },
      )
    ).json().conversation.id as string;
    await first.write(first.a, 'From a');
    await post(
      t.app,
      '/api/messenger/message/send',
      { conversationId: second, content: 'From c' },
      { cookie: c.cookie },
    );
    await runAfter(UNREAD_MAIL_DELAY_MS);
    const subjects = (await noticesTo(t, first.b.id)).map((m) => m.subject).sort();
    expect(subjects).toEqual(
      [`${first.a.name} wrote to you on Curator`, `${c.name} wrote to you on Curator`].sort(),
    );
  });
});
