import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signedInUser, type TestApp } from '../../test/harness.js';
import { connectSocket, connected, onlyToMeInbox } from '../../test/sockets.js';
import { pendingSwap } from '../../test/trades.js';
import { inAppNotifications } from '../../db/schema.js';
import { deleteOldNotifications } from './inApp.js';

const DAY = 86_400_000;

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

const list = (who: { cookie: string }, body: object = {}) =>
  post(t.app, '/api/notifications/list', body, { cookie: who.cookie });

async function friendRequest(from: { cookie: string }, to: { id: string }) {
  const sent = await post(
    t.app,
    '/api/users/friend/request/send',
    { userId: to.id },
    { cookie: from.cookie },
  );
  expect(sent.statusCode, sent.body).toBe(200);
}

describe('the notification centre', () => {
  it('keeps an entry per friend request, newest first, in keyset pages, whatever the mail switch', async () => {
    const owner = await signedInUser(t);
    await post(
      t.app,
      '/api/auth/profile',
      { notifications: { friendRequests: false } },
      { cookie: owner.cookie },
    );
    const senders = [];
    for (let i = 0; i < 3; i++) {
      const sender = await signedInUser(t);
      senders.push(sender);
      t.clock.advance(1_000);
      await friendRequest(sender, owner);
    }
    const first = await list(owner, { limit: 2 });
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json();
    expect(page.unreadCount).toBe(3);
    expect(page.notifications.map((n: { text: string }) => n.text)).toEqual([
      `${senders[2]!.name} sent you a friend request`,
      `${senders[1]!.name} sent you a friend request`,
    ]);
    expect(page.notifications[0]).toMatchObject({
      kind: 'friendRequest',
      link: `/discovery/profile/${senders[2]!.id}`,
      read: false,
    });
    const second = (await list(owner, { limit: 2, cursor: page.nextCursor })).json();
    expect(second.notifications).toHaveLength(1);
    expect(second.nextCursor).toBeNull();

    const read = await post(
      t.app,
      '/api/notifications/read',
      { ids: [page.notifications[0].id] },
      { cookie: owner.cookie },
    );
    expect(read.json()).toEqual({ unreadCount: 2 });
    expect((await list(owner)).json().notifications[0].read).toBe(true);
  });

  it('writes an entry when a swap is opened with the curator', async () => {
    const { one, two, trade } = await pendingSwap(t);
    const entries = (await list(two)).json().notifications;
    expect(entries).toContainEqual(
      expect.objectContaining({
        kind: 'swapOpened',
        text: `${one.name} opened a swap with you`,
        link: `/songswap/${trade.id}`,
      }),
    );
  });

  it('pushes a new entry live as NewNotification', async () => {
    const owner = await signedInUser(t);
    const socket = connectSocket(baseUrl, owner.cookie);
    try {
      await connected(socket);
      const inbox = onlyToMeInbox(socket);
      await friendRequest(await signedInUser(t), owner);
      const push = await inbox.next((payload) => payload.type === 'NewNotification');
      expect(push.type === 'NewNotification' && push.response.unreadCount).toBe(1);
    } finally {
      socket.disconnect();
    }
  });

  it('forgets entries older than 90 days', async () => {
    const owner = await signedInUser(t);
    await friendRequest(await signedInUser(t), owner);
    await t.context.db
      .update(inAppNotifications)
      .set({ createdAt: new Date(t.clock.now().getTime() - 91 * DAY) })
      .where(eq(inAppNotifications.userId, owner.id));
    await friendRequest(await signedInUser(t), owner);
    const { deleted } = await deleteOldNotifications(t.context);
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect((await list(owner)).json().notifications).toHaveLength(1);
  });

  it('refuses a cursor of its own making and an id that is not one', async () => {
    const owner = await signedInUser(t);
    expect((await list(owner, { cursor: 'nonsense' })).statusCode).toBe(400);
    const read = await post(
      t.app,
      '/api/notifications/read',
      { ids: ['not-an-id'] },
      { cookie: owner.cookie },
    );
    expect(read.statusCode).toBe(400);
  });
});
