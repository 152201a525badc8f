/**
 * The "blocked viewer" cases of the authorization suite: for every action that names another
 * curator or lists curators, a curator who was blocked must not learn of the blocker. Reads
 * naming the blocker answer exactly what they answer for a curator that does not exist;
 * lists leave the blocker out. Each case first checks that, before the block, the same call
 * did show the blocker, so a case cannot pass by showing nothing to anyone.
 */
import { expect } from 'vitest';
import { z } from 'zod';
import { allContracts } from '../../common/api/contracts.js';
import { actionId } from '../../common/api/contract.js';
import { post, type TestApp } from './harness.js';
import { PLAYLISTS, swapCurator, type SwapCurator } from './trades.js';

const NOBODY = '00000000-0000-4000-8000-000000000000';

/**
 * A blocker and the curator they block, as much in each other's world as curators get: both
 * show a playlist; the blocker has a released and an unreleased song; they wrote to each other
 * (so each sees the other online), the blocker is online and has sent a friend request.
 */
export interface BlockWorld {
  blocker: SwapCurator;
  blocked: SwapCurator;
  conversationId: string;
  /** Makes the block; the case's "after" calls follow. */
  block(): Promise<void>;
  call(who: SwapCurator, path: string, body?: object): ReturnType<typeof post>;
}

export async function blockWorld(t: TestApp): Promise<BlockWorld> {
  const blocker = await swapCurator(t, { playlist: 'freshFinds' });
  const blocked = await swapCurator(t, { playlist: 'gymTempo' });
  const call = (who: SwapCurator, path: string, body: object = {}) =>
    post(t.app, `/api/${path}`, body, { cookie: who.cookie });
  await blocker.song();
  await blocker.upcoming();
  const started = await call(blocker, 'messenger/conversation/start', { userId: blocked.id });
  expect(started.statusCode, started.body).toBe(200);
  const conversationId = started.json().conversation.id as string;
  for (const [who, content] of [
    [blocker, 'hello there'],
    [blocked, 'hi back'],
  ] as const) {
    const sent = await call(who, 'messenger/message/send', { conversationId, content });
    expect(sent.statusCode, sent.body).toBe(200);
  }
  // The blocker writes once more: the blocked one has something unread from them.
  await call(blocker, 'messenger/message/send', { conversationId, content: 'still there?' });
  await call(blocker, 'messenger/heartbeat');
  const requested = await call(blocker, 'users/friend/request/send', { userId: blocked.id });
  expect(requested.statusCode, requested.body).toBe(200);
  return {
    blocker,
    blocked,
    conversationId,
    call,
    async block() {
      const blocking = await call(blocker, 'users/block', { userId: blocked.id });
      expect(blocking.statusCode, blocking.body).toBe(200);
    },
  };
}

export interface BlockedViewerCase {
  /** Runs the case: fails if the blocked viewer can tell the blocker exists. */
  scenario(t: TestApp): Promise<void>;
}

/** A JSON answer with one id written as another, to compare two answers about two ids. */
const renamed = (body: string, from: string, to: string) => JSON.parse(body.replaceAll(from, to));

/**
 * The action names a curator: after the block, naming the blocker answers what naming nobody
 * answers (status and body alike, the id aside). `revealedBefore` checks the answer before the
 * block showed the blocker (so the case tests something); `setup` makes what the body needs
 * (after the block).
 */
export function namesCurator(
  path: string,
  body: (userId: string, made: Record<string, string>) => object,
  options: {
    revealedBefore?: (response: Awaited<ReturnType<typeof post>>, world: BlockWorld) => void;
    setup?: (world: BlockWorld) => Promise<Record<string, string>>;
  } = {},
): BlockedViewerCase {
  return {
    async scenario(t) {
      const world = await blockWorld(t);
      const { blocker, blocked } = world;
      if (options.revealedBefore)
        options.revealedBefore(await world.call(blocked, path, body(blocker.id, {})), world);
      await world.block();
      const made = options.setup ? await options.setup(world) : {};
      const named = await world.call(blocked, path, body(blocker.id, made));
      const nobody = await world.call(blocked, path, body(NOBODY, made));
      expect(named.statusCode, named.body).toBe(nobody.statusCode);
      expect(renamed(named.body, blocker.id, NOBODY)).toEqual(JSON.parse(nobody.body));
      expect(named.body).not.toContain(blocker.name);
    },
  };
}

/**
 * The action names the pair's conversation: after the block it answers what an unknown
 * conversation answers, and the conversation is as it was for the blocker.
 */
export function namesConversation(
  path: string,
  body: (conversationId: string) => object,
): BlockedViewerCase {
  return {
    async scenario(t) {
      const world = await blockWorld(t);
      await world.block();
      const named = await world.call(world.blocked, path, body(world.conversationId));
      const nobody = await world.call(world.blocked, path, body(NOBODY));
      expect(named.statusCode, named.body).toBe(404);
      expect(renamed(named.body, world.conversationId, NOBODY)).toEqual(JSON.parse(nobody.body));
      const list = await world.call(world.blocker, 'messenger/conversations');
      expect(list.json().conversations[0]).toMatchObject({
        id: world.conversationId,
        lastMessageContent: 'still there?',
      });
    },
  };
}

/**
 * The action lists curators: the blocker is in the blocked one's list before the block when
 * `listedBefore`, and never after (neither id nor name).
 */
export function listsCurators(
  path: string,
  body: (world: BlockWorld) => object = () => ({}),
  listedBefore = true,
): BlockedViewerCase {
  return {
    async scenario(t) {
      const world = await blockWorld(t);
      const { blocker, blocked } = world;
      const before = await world.call(blocked, path, body(world));
      expect(before.statusCode, before.body).toBe(200);
      if (listedBefore) expect(before.body).toContain(blocker.id);
      await world.block();
      const after = await world.call(blocked, path, body(world));
      expect(after.statusCode, after.body).toBe(200);
      expect(after.body).not.toContain(blocker.id);
      expect(after.body).not.toContain(blocker.name);
    },
  };
}

const byName = (world: BlockWorld) => ({ query: world.blocker.name });

/** Every action that names another curator or lists curators, and how it keeps the blocker hidden. */
export const blockedViewerCases: Record<string, BlockedViewerCase> = {
  'users/public/profile': namesCurator('users/public/profile', (userId) => ({ userId }), {
    revealedBefore: (r) => expect(r.statusCode).toBe(200),
  }),
  'users/friend/request/send': namesCurator('users/friend/request/send', (userId) => ({ userId })),
  'users/friend/request/cancel': namesCurator('users/friend/request/cancel', (userId) => ({
    userId,
  })),
  'users/friend/acceptreject': namesCurator('users/friend/acceptreject', (userId) => ({
    userId,
    accept: true,
  })),
  'users/friend/remove': namesCurator('users/friend/remove', (userId) => ({ userId })),
  'users/block': namesCurator('users/block', (userId) => ({ userId })),
  'users/unblock': namesCurator('users/unblock', (userId) => ({ userId })),
  'users/friend/group/add': namesCurator(
    'users/friend/group/add',
    (friendId, made) => ({ groupId: made.groupId, friendId }),
    { setup: ownGroup },
  ),
  'users/friend/group/remove': namesCurator(
    'users/friend/group/remove',
    (friendId, made) => ({ groupId: made.groupId, friendId }),
    { setup: ownGroup },
  ),
  'users/network/friends': listsCurators('users/network/friends', () => ({}), false),
  'users/network/requests': listsCurators('users/network/requests', () => ({
    direction: 'received',
  })),
  'users/network/potential-partners': listsCurators('users/network/potential-partners', byName),
  'users/friend/groups': listsCurators('users/friend/groups', () => ({}), false),
  'users/blocked': listsCurators('users/blocked', () => ({}), false),
  'users/profile': listsCurators('users/profile', () => ({}), false),
  'messenger/conversation/start': namesCurator(
    'messenger/conversation/start',
    (userId) => ({ userId }),
    { revealedBefore: (r) => expect(r.statusCode).toBe(200) },
  ),
  'messenger/online/status': namesCurator(
    'messenger/online/status',
    (userId) => ({ ids: [userId] }),
    {
      revealedBefore: (r, world) => expect(r.json().status).toEqual({ [world.blocker.id]: true }),
    },
  ),
  'messenger/conversations': listsCurators('messenger/conversations'),
  'messenger/conversation/messages': namesConversation('messenger/conversation/messages', (id) => ({
    conversationId: id,
  })),
  'messenger/message/send': namesConversation('messenger/message/send', (id) => ({
    conversationId: id,
    content: 'are you there?',
  })),
  'messenger/conversation/read': namesConversation('messenger/conversation/read', (id) => ({
    conversationId: id,
  })),
  'messenger/conversation/delete': namesConversation('messenger/conversation/delete', (id) => ({
    conversationId: id,
  })),
  'songs/trader/catalog': namesCurator('songs/trader/catalog', (userId) => ({ userId }), {
    revealedBefore: (r) => {
      expect(r.statusCode).toBe(200);
      expect(r.body).toContain('Not Out Yet');
    },
  }),
  'playlists/user/playlist': namesCurator(
    'playlists/user/playlist',
    (userId) => ({ userId, playlistId: PLAYLISTS.freshFinds.id }),
    { revealedBefore: (r) => expect(r.statusCode).toBe(200) },
  ),
  'trades/open': namesCurator('trades/open', (traderId) => ({ traderId, periodDays: 7 }), {
    revealedBefore: (r) => expect(r.statusCode, r.body).toBe(200),
  }),
  'trades/potential-traders': listsCurators('trades/potential-traders', byName),
  'home/desk': listsCurators('home/desk', () => ({}), false),
  'home/schedule': listsCurators('home/schedule', () => ({}), false),
  'notifications/list': listsCurators('notifications/list', () => ({}), false),
  'notifications/read': listsCurators(
    'notifications/read',
    () => ({ ids: ['00000000-0000-4000-8000-000000000000'] }),
    false,
  ),
};

/** One group of the blocked curator's own (after the block), for the group actions. */
async function ownGroup(world: BlockWorld): Promise<Record<string, string>> {
  const created = await world.call(world.blocked, 'users/friend/group/create', { name: 'Mine' });
  expect(created.statusCode, created.body).toBe(200);
  return { groupId: created.json().group.id as string };
}

/** Input fields that name another curator. */
const CURATOR_FIELDS = ['userId', 'traderId', 'friendId', 'ids'];

/** The actions whose input names another curator (by a field of CURATOR_FIELDS). */
export function actionsNamingCurators(): string[] {
  return allContracts
    .filter((contract) => {
      const input = contract.input;
      if (!(input instanceof z.ZodObject)) return false;
      return Object.keys(input.shape).some((key) => CURATOR_FIELDS.includes(key));
    })
    .map(actionId);
}
