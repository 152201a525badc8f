import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activityLog } from '../../db/schema.js';
import { USER_RATE_LIMITS } from '../../http/rateLimits.js';
import { createTestApp, post, signedInUser, type TestApp } from '../../test/harness.js';
import { swapCurator } from '../../test/trades.js';
import { friendsPair, groupOwnerAndStranger, usersCall, type Curator } from '../../test/network.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (who: Curator, action: string, body: object = {}) => usersCall(t, who, action, body);

async function relationIds(who: Curator) {
  const friends = (await call(who, 'network/friends')).json().friends as { id: string }[];
  const received = (await call(who, 'network/requests', { direction: 'received' })).json();
  const sent = (await call(who, 'network/requests', { direction: 'sent' })).json();
  return {
    friends: friends.map((friend) => friend.id),
    received: (received.requests as { user: { id: string } }[]).map((r) => r.user.id),
    sent: (sent.requests as { user: { id: string } }[]).map((r) => r.user.id),
    badge: received.requestsReceived as number,
  };
}

describe('friend requests', () => {
  it('request sent: the sender sees it sent, the receiver received, and the receiver gets a live badge push', async () => {
    const one = await signedInUser(t);
    const two = await signedInUser(t);
    const push = vi.spyOn(t.context.realtime, 'toUser');
    const sent = await call(one, 'friend/request/send', { userId: two.id });
    expect(sent.json()).toEqual({ userId: two.id, relation: 'requestSent' });
    expect(push).toHaveBeenCalledWith(two.id, 'FriendRequestChanged', {
      request: { userId: one.id, change: 'sent' },
      response: { relation: 'requestReceived', requestsReceived: 1 },
    });
    push.mockRestore();
    expect(await relationIds(one)).toMatchObject({ sent: [two.id], received: [], friends: [] });
    expect(await relationIds(two)).toMatchObject({ received: [one.id], badge: 1 });
  });

  it('cancel clears the request on both sides; cancelling again is 409', async () => {
    const one = await signedInUser(t);
    const two = await signedInUser(t);
    await call(one, 'friend/request/send', { userId: two.id });
    const cancelled = await call(one, 'friend/request/cancel', { userId: two.id });
    expect(cancelled.json()).toEqual({ userId: two.id, relation: 'none' });
    expect(await relationIds(two)).toMatchObject({ received: [], badge: 0 });
    expect((await call(one, 'friend/request/cancel', { userId: two.id })).statusCode).toBe(409);
  });

  it('sending requests is limited per user: the 31st in an hour is 429, others are unaffected', async () => {
    const one = await signedInUser(t);
    const two = await signedInUser(t);
    for (let sent = 0; sent < USER_RATE_LIMITS.friendRequest.points; sent += 1) {
      expect((await call(one, 'friend/request/send', { userId: two.id })).statusCode).toBe(200);
      await call(one, 'friend/request/cancel', { userId: two.id });
    }
    const refused = await call(one, 'friend/request/send', { userId: two.id });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect((await call(two, 'friend/request/send', { userId: one.id })).statusCode).toBe(200);
  });

  it('accepting a cancelled request is 409', async () => {
    const one = await signedInUser(t);
    const two = await signedInUser(t);
    await call(one, 'friend/request/send', { userId: two.id });
    await call(one, 'friend/request/cancel', { userId: two.id });
    const late = await call(two, 'friend/acceptreject', { userId: one.id, accept: true });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('CONFLICT');
    expect(await relationIds(two)).toMatchObject({ friends: [] });
  });

  it('accept makes both friends and removes the request', async () => {
    const { one, two } = await friendsPair(t);
    expect(await relationIds(one)).toMatchObject({ friends: [two.id], sent: [], received: [] });
    expect(await relationIds(two)).toMatchObject({ friends: [one.id], badge: 0 });
  });

  it('reject removes the request and makes no friendship', async () => {
    const one = await signedInUser(t);
    const two = await signedInUser(t);
    await call(one, 'friend/request/send', { userId: two.id });
    const rejected = await call(two, 'friend/acceptreject', { userId: one.id, accept: false });
    expect(rejected.json()).toEqual({ userId: one.id, relation: 'none' });
    expect(await relationIds(one)).toMatchObject({ friends: [], sent: [] });
    expect(await relationIds(two)).toMatchObject({ friends: [], received: [] });
  });

  it('a request to someone who already requested you makes you friends', async () => {
    const one = await signedInUser(t);
    const two = await signedInUser(t);
    await call(one, 'friend/request/send', { userId: two.id });
    const crossed = await call(two, 'friend/request/send', { userId: one.id });
    expect(crossed.json()).toEqual({ userId: one.id, relation: 'friend' });
    expect(await relationIds(one)).toMatchObject({ friends: [two.id], sent: [], received: [] });
  });

  it('sending to a friend is 409; to yourself 400 naming userId; bad input 400 naming the field', async () => {
    const { one, two } = await friendsPair(t);
    expect((await call(one, 'friend/request/send', { userId: two.id })).statusCode).toBe(409);
    const self = await call(one, 'friend/request/send', { userId: one.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.fields).toHaveProperty('userId');
    const bad = await call(one, 'friend/acceptreject', { userId: two.id, accept: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('accept');
  });

  it('removing a friend ends it on both sides, takes them out of groups and records the activity', async () => {
    const { owner, friend, groupId } = await groupOwnerAndStranger(t);
    const { id: groupOfFriend } = (
      await call(friend, 'friend/group/create', { name: 'Theirs' })
    ).json().group as { id: string };
    await call(friend, 'friend/group/add', { groupId: groupOfFriend, friendId: owner.id });
    const removed = await call(owner, 'friend/remove', { userId: friend.id });
    expect(removed.json()).toEqual({ userId: friend.id, relation: 'none' });
    expect(await relationIds(owner)).toMatchObject({ friends: [] });
    expect(await relationIds(friend)).toMatchObject({ friends: [] });
    const groups = (await call(owner, 'friend/groups')).json().groups;
    expect(groups).toMatchObject([{ id: groupId, members: [] }]);
    expect((await call(friend, 'friend/groups')).json().groups[0].members).toEqual([]);
    const activity = await t.context.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.userId, owner.id), eq(activityLog.type, 'remove friend')));
    expect(activity).toHaveLength(1);
    expect((await call(owner, 'friend/remove', { userId: friend.id })).statusCode).toBe(409);
  });
});

describe('friend groups', () => {
  it('create, rename, add, remove and delete', async () => {
    const { owner, friend, groupId } = await groupOwnerAndStranger(t);
    const renamed = await call(owner, 'friend/group/update', { groupId, name: '  Inner  ' });
    expect(renamed.json().group).toMatchObject({
      id: groupId,
      name: 'Inner',
      members: [{ friendId: friend.id, name: friend.name, pictureUrl: '' }],
    });
    const listed = (await call(owner, 'network/friends', { groupId })).json().friends;
    expect(listed).toMatchObject([{ id: friend.id, groupIds: [groupId] }]);
    const out = await call(owner, 'friend/group/remove', { groupId, friendId: friend.id });
    expect(out.json().group.members).toEqual([]);
    const deleted = await call(owner, 'friend/group/delete', { groupId });
    expect(deleted.json()).toEqual({ success: true, groupId });
    expect((await call(owner, 'friend/groups')).json().groups).toEqual([]);
    expect(await relationIds(owner)).toMatchObject({ friends: [friend.id] });
  });

  it('holds only friends (409), and a name is required (400 naming name)', async () => {
    const { owner, stranger, groupId } = await groupOwnerAndStranger(t);
    const notFriend = await call(owner, 'friend/group/add', { groupId, friendId: stranger.id });
    expect(notFriend.statusCode).toBe(409);
    const blank = await call(owner, 'friend/group/create', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toHaveProperty('name');
  });
});

describe('blocking', () => {
  it('ends the friendship, refuses requests neutrally both ways, and unblock lifts it', async () => {
    const { one, two } = await friendsPair(t);
    const blocked = await call(one, 'block', { userId: two.id });
    expect(blocked.json()).toEqual({ userId: two.id, relation: 'blocked' });
    expect(await relationIds(two)).toMatchObject({ friends: [] });
    const theirs = await call(two, 'friend/request/send', { userId: one.id });
    expect(theirs.statusCode).toBe(404);
    expect((await call(one, 'friend/request/send', { userId: two.id })).statusCode).toBe(409);
    const list = (await call(one, 'blocked')).json();
    expect(list).toMatchObject({ blocked: [{ id: two.id, name: two.name }], nextCursor: null });
    expect((await call(one, 'unblock', { userId: two.id })).json().relation).toBe('none');
    expect((await call(two, 'friend/request/send', { userId: one.id })).statusCode).toBe(200);
  });
});

describe('blocking reaches the messenger', () => {
  it('a blocked curator can neither start a conversation nor write in an old one: a neutral 404', async () => {
    const { one, two } = await friendsPair(t);
    const messenger = (who: Curator, action: string, body: object) =>
      post(t.app, `/api/messenger/${action}`, body, { cookie: who.cookie });
    const started = await messenger(two, 'conversation/start', { userId: one.id });
    const conversationId = started.json().conversation.id as string;
    await call(one, 'block', { userId: two.id });
    const again = await messenger(two, 'conversation/start', { userId: one.id });
    expect(again.statusCode).toBe(404);
    const unknown = await messenger(two, 'conversation/start', {
      userId: '00000000-0000-4000-8000-000000000000',
    });
    expect(again.json().error.message).toBe(unknown.json().error.message);
    // The old conversation is gone for the blocked one: the same 404 as one that never was.
    const written = await messenger(two, 'message/send', { conversationId, content: 'hello?' });
    expect(written.statusCode).toBe(404);
    const nowhere = await messenger(two, 'message/send', {
      conversationId: '00000000-0000-4000-8000-000000000000',
      content: 'hello?',
    });
    expect(written.json()).toEqual(nowhere.json());
    // The block works both ways: the blocker cannot write to the one they blocked either.
    const byBlocker = await messenger(one, 'message/send', { conversationId, content: 'hi' });
    expect(byBlocker.statusCode).toBe(404);
    const list = (await messenger(one, 'conversations', {})).json().conversations;
    expect(list[0]?.lastMessageContent ?? null).toBeNull();
  });
});

describe('blocking and the unread badge', () => {
  it('the blocker’s unread messages leave the blocked one’s badge; the blocker sees them still unread', async () => {
    const { one, two } = await friendsPair(t);
    const messenger = (who: Curator, action: string, body: object = {}) =>
      post(t.app, `/api/messenger/${action}`, body, { cookie: who.cookie });
    const started = await messenger(one, 'conversation/start', { userId: two.id });
    const conversationId = started.json().conversation.id as string;
    await messenger(one, 'message/send', { conversationId, content: 'unread by two' });
    const badge = async () =>
      (await messenger(two, 'conversations')).json().conversationsWithUnreadCount as number;
    expect(await badge()).toBe(1);
    await call(one, 'block', { userId: two.id });
    expect(await badge()).toBe(0);
    const seenByBlocker = (await messenger(one, 'conversation/messages', { conversationId })).json()
      .messages as { content: string; read: boolean }[];
    expect(seenByBlocker).toEqual([
      expect.objectContaining({ content: 'unread by two', read: false }),
    ]);
  });
});

describe('blocking reaches the trades', () => {
  it('a blocked curator cannot open a swap with the blocker: the same 404 as an unknown trader', async () => {
    const blocker = await swapCurator(t, { playlist: 'freshFinds' });
    const other = await swapCurator(t, { playlist: 'gymTempo' });
    const song = await other.song();
    const before = await other.call('open', {
      traderId: blocker.id,
      periodDays: 7,
      songIds: [song.id],
    });
    expect(before.statusCode).toBe(200);
    await post(t.app, '/api/users/block', { userId: other.id }, { cookie: blocker.cookie });
    const after = await other.call('open', {
      traderId: blocker.id,
      periodDays: 7,
      songIds: [song.id],
    });
    expect(after.statusCode).toBe(404);
    const unknown = await other.call('open', {
      traderId: '00000000-0000-4000-8000-000000000000',
      periodDays: 7,
      songIds: [song.id],
    });
    expect(after.json().error.message).toBe(unknown.json().error.message);
  });
});

describe('keyset pagination', () => {
  it('pages through friends newest first without repeats, and refuses a forged cursor naming it', async () => {
    const owner = await signedInUser(t);
    const others: Curator[] = [];
    for (let i = 0; i < 3; i += 1) {
      const other = await signedInUser(t);
      await call(owner, 'friend/request/send', { userId: other.id });
      t.clock.advance(1000);
      await call(other, 'friend/acceptreject', { userId: owner.id, accept: true });
      others.push(other);
    }
    const first = (await call(owner, 'network/friends', { limit: 2 })).json();
    expect(first.friends.map((f: { id: string }) => f.id)).toEqual([others[2]!.id, others[1]!.id]);
    const second = (
      await call(owner, 'network/friends', { limit: 2, cursor: first.nextCursor })
    ).json();
    expect(second).toMatchObject({ friends: [{ id: others[0]!.id }], nextCursor: null });
    const forged = await call(owner, 'network/friends', { cursor: 'not-a-cursor' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.fields).toHaveProperty('cursor');
  });
});
