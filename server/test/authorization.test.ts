import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allActions } from '../../common/api/actions.js';
import { actionId, actionPath, type ActionIdOf } from '../../common/api/contract.js';
import { users } from '../db/schema.js';
import { createTestApp, post, signedInUser, type TestApp } from './harness.js';
import { consentRedirect, linkSpotify } from './spotifyLinking.js';
import { PLAYLISTS, pendingSwap, swapCurator } from './swaps.js';

const FRESH_FINDS = 'W1KJdIulicn0Wys9FcxxGf';

/** An owner with mara.velden linked and Fresh Finds Weekly managed, and a stranger with their own account. */
async function ownerAndStranger(t: TestApp) {
  const owner = await signedInUser(t);
  const ownerAccount = await linkSpotify(t, owner.cookie, 'mara.velden');
  await post(
    t.app,
    '/api/playlists/add',
    { accountId: ownerAccount.id, playlistId: FRESH_FINDS },
    { cookie: owner.cookie },
  );
  const stranger = await signedInUser(t);
  const strangerAccount = await linkSpotify(t, stranger.cookie, 'mara.velden');
  return { owner, ownerAccount, stranger, strangerAccount };
}

/** The stranger names the owner's account or managed playlist and gets 404; the owner's data stays. */
function strangerGets404(
  action: string,
  body: (ids: { accountId: string }) => object,
): AuthorizationCase {
  return {
    kind: 'stranger',
    scenario: async (t) => {
      const { owner, ownerAccount, stranger } = await ownerAndStranger(t);
      const response = await post(t.app, `/api/${action}`, body({ accountId: ownerAccount.id }), {
        cookie: stranger.cookie,
      });
      expect(response.statusCode).toBe(404);
      const info = await post(t.app, '/api/playlists/info', {}, { cookie: owner.cookie });
      expect(Object.keys(info.json().playlistsInfo)).toEqual([FRESH_FINDS]);
    },
  };
}

/** Two users with a conversation holding one message, and a third user. */
async function pairAndThird(t: TestApp) {
  const one = await signedInUser(t);
  const two = await signedInUser(t);
  const third = await signedInUser(t);
  const started = await post(
    t.app,
    '/api/messenger/conversation/start',
    { userId: two.id },
    { cookie: one.cookie },
  );
  const conversationId = started.json().conversation.id as string;
  await post(
    t.app,
    '/api/messenger/message/send',
    { conversationId, content: 'private words' },
    { cookie: one.cookie },
  );
  return { one, two, third, conversationId };
}

/** A third user naming the pair's conversation gets 404, and it stays as it was. */
function thirdPartyGets404(
  action: string,
  body: (conversationId: string) => object,
): AuthorizationCase {
  return {
    kind: 'stranger',
    scenario: async (t) => {
      const { two, third, conversationId } = await pairAndThird(t);
      const response = await post(t.app, `/api/${action}`, body(conversationId), {
        cookie: third.cookie,
      });
      expect(response.statusCode).toBe(404);
      const list = await post(t.app, '/api/messenger/conversations', {}, { cookie: two.cookie });
      expect(list.json().conversations[0]).toMatchObject({
        unreadMessagesCount: 1,
        lastMessageContent: 'private words',
      });
    },
  };
}

/** The answer lists only the caller's own things, never the owner's. */
function strangerSeesOwnOnly(action: string): AuthorizationCase {
  return {
    kind: 'stranger',
    scenario: async (t) => {
      const { stranger, ownerAccount } = await ownerAndStranger(t);
      const response = await post(t.app, `/api/${action}`, {}, { cookie: stranger.cookie });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(FRESH_FINDS);
      expect(response.body).not.toContain(ownerAccount.id);
    },
  };
}

/** Reads go through the caller's own linked account: without one there is nothing to read with. */
function needsOwnAccount(action: string, body: object): AuthorizationCase {
  return {
    kind: 'stranger',
    scenario: async (t) => {
      await ownerAndStranger(t);
      const loner = await signedInUser(t);
      const response = await post(t.app, `/api/${action}`, body, { cookie: loner.cookie });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('SPOTIFY_REAUTHORIZE');
    },
  };
}

/** An owner with an upcoming release in their catalogue, and a stranger. */
async function songOwnerAndStranger(t: TestApp) {
  const owner = await signedInUser(t);
  const added = await post(
    t.app,
    '/api/songs/upcoming-release',
    { title: 'Owner Song', artists: ['Owner'], releaseDate: '2099-01-01' },
    { cookie: owner.cookie },
  );
  expect(added.statusCode).toBe(200);
  const stranger = await signedInUser(t);
  return { owner, stranger, songId: added.json().song.id as string };
}

/** The stranger names the owner's song and gets 404; the owner's song stays as it was. */
function strangerGetsSong404(action: string, body: (songId: string) => object): AuthorizationCase {
  return {
    kind: 'stranger',
    scenario: async (t) => {
      const { owner, stranger, songId } = await songOwnerAndStranger(t);
      const response = await post(t.app, `/api/${action}`, body(songId), {
        cookie: stranger.cookie,
      });
      expect(response.statusCode).toBe(404);
      const own = await post(t.app, '/api/songs/get/song', { songId }, { cookie: owner.cookie });
      expect(own.json().song).toMatchObject({
        id: songId,
        status: 'upcoming',
        properties: { favourite: false },
      });
    },
  };
}

/** Adding names no other user: the stranger's add lands in their own catalogue only. */
function strangerAddsToOwnOnly(action: string, body: object): AuthorizationCase {
  return {
    kind: 'stranger',
    scenario: async (t) => {
      const { owner, stranger, songId } = await songOwnerAndStranger(t);
      const aimed = await post(
        t.app,
        `/api/${action}`,
        { ...body, userId: owner.id },
        { cookie: stranger.cookie },
      );
      expect(aimed.statusCode).toBe(400);
      const ownerCatalog = await post(t.app, '/api/songs/catalog', {}, { cookie: owner.cookie });
      expect(ownerCatalog.json().songs.map((song: { id: string }) => song.id)).toEqual([songId]);
    },
  };
}

/** Two traders with a pending swap (a song of each), and a third curator who could trade too. */
async function swapAndThird(t: TestApp) {
  const swap = await pendingSwap(t);
  const third = await swapCurator(t, { playlist: 'focusFlow' });
  const ids = {
    tradeId: swap.trade.id,
    tradeSongId: swap.oneTradeSongId,
    songId: swap.oneSong.id,
    thirdPlaylistId: PLAYLISTS.focusFlow.id,
  };
  return { ...swap, third, ids };
}

/** The third curator names the pair's swap and gets 404; the swap stays as it was for both. */
function thirdGetsSwap404(
  action: string,
  body: (ids: Awaited<ReturnType<typeof swapAndThird>>['ids']) => object,
): AuthorizationCase {
  return {
    kind: 'stranger',
    scenario: async (t) => {
      const { one, two, trade, third, ids } = await swapAndThird(t);
      const response = await post(t.app, `/api/${action}`, body(ids), { cookie: third.cookie });
      expect(response.statusCode).toBe(404);
      for (const trader of [one, two]) {
        const seen = await trader.call('trade', { tradeId: trade.id });
        expect(seen.statusCode).toBe(200);
        expect(seen.json().trade).toMatchObject({
          status: 'pending',
          periodDays: trade.periodDays,
          traderOneAccepted: false,
          traderTwoAccepted: false,
        });
        expect(
          seen
            .json()
            .trade.TradeSongs.map((s: { id: string }) => s.id)
            .sort(),
        ).toEqual(trade.TradeSongs.map((s) => s.id).sort());
      }
    },
  };
}

type ActionId = ActionIdOf<(typeof allActions)[number]>;

/**
 * How each action is protected against people other than its rightful caller. Public actions
 * say why they need no session; signed-in actions prove a stranger cannot reach another
 * user's data. A new action without an entry here fails the first test below.
 */
type AuthorizationCase =
  { kind: 'public'; why: string } | { kind: 'stranger'; scenario: (t: TestApp) => Promise<void> };

const cases: Record<ActionId, AuthorizationCase> = {
  'auth/signup': { kind: 'public', why: 'creates an account; answers alike for any address' },
  'auth/signin': { kind: 'public', why: 'starts a session; rate limited' },
  'auth/resend/verification': { kind: 'public', why: 'mails only the address owner' },
  'auth/verify/email': { kind: 'public', why: 'authorised by the mailed secret' },
  'auth/forgot/password': { kind: 'public', why: 'mails only the address owner' },
  'auth/reset/password': { kind: 'public', why: 'authorised by the mailed secret' },
  'app/log/error': {
    kind: 'public',
    why: 'crashes happen signed out too; rate limited, write-only',
  },

  'auth/signout': {
    kind: 'stranger',
    scenario: async (t) => {
      const owner = await signedInUser(t);
      const stranger = await signedInUser(t);
      await post(t.app, '/api/auth/signout', {}, { cookie: stranger.cookie });
      const me = await t.app.inject({ url: '/api/', headers: { cookie: owner.cookie } });
      expect(me.json().user.id).toBe(owner.id);
    },
  },
  'auth/removeaccount': {
    kind: 'stranger',
    scenario: async (t) => {
      const owner = await signedInUser(t);
      const stranger = await signedInUser(t);
      // The stranger's own password removes only the stranger; the owner's password is refused.
      const withOwnersPassword = await post(
        t.app,
        '/api/auth/removeaccount',
        { password: 'not-' + owner.password },
        { cookie: stranger.cookie },
      );
      expect(withOwnersPassword.statusCode).toBe(400);
      expect(
        (
          await post(
            t.app,
            '/api/auth/removeaccount',
            { password: stranger.password },
            { cookie: stranger.cookie },
          )
        ).statusCode,
      ).toBe(200);
      expect(await t.context.db.select().from(users).where(eq(users.id, owner.id))).toHaveLength(1);
    },
  },
  'auth/spotify/callback': {
    kind: 'stranger',
    scenario: async (t) => {
      const owner = await signedInUser(t);
      const stranger = await signedInUser(t);
      const { code, state } = await consentRedirect(t, owner.cookie, 'mara.velden');
      const response = await post(
        t.app,
        '/api/auth/spotify/callback',
        { code, state },
        { cookie: stranger.cookie },
      );
      expect(response.statusCode).toBe(400);
      expect(
        (await post(t.app, '/api/auth/spotify/account', {}, { cookie: stranger.cookie })).json()
          .accounts,
      ).toEqual([]);
    },
  },
  'auth/spotify/account': strangerSeesOwnOnly('auth/spotify/account'),
  'auth/spotify/removeaccount': strangerGets404('auth/spotify/removeaccount', ({ accountId }) => ({
    accountId,
  })),
  'songs/spotify/track': needsOwnAccount('songs/spotify/track', { trackId: 'abc123' }),
  'playlists/all': strangerSeesOwnOnly('playlists/all'),
  'playlists/info': strangerSeesOwnOnly('playlists/info'),
  'playlists/add': strangerGets404('playlists/add', ({ accountId }) => ({
    accountId,
    playlistId: FRESH_FINDS,
  })),
  'playlists/remove': strangerGets404('playlists/remove', () => ({ playlistId: FRESH_FINDS })),
  'playlists/visibility': strangerGets404('playlists/visibility', () => ({
    playlistId: FRESH_FINDS,
    visible: false,
  })),
  'playlists/add-position': strangerGets404('playlists/add-position', () => ({
    playlistId: FRESH_FINDS,
    position: 0,
  })),
  'playlists/remove-position': strangerGets404('playlists/remove-position', () => ({
    playlistId: FRESH_FINDS,
    position: 0,
  })),
  'playlists/updateplaylistpositions': strangerGets404('playlists/updateplaylistpositions', () => ({
    playlistId: FRESH_FINDS,
    positions: [0],
  })),
  'playlists/addtracktoplaylist': strangerGets404(
    'playlists/addtracktoplaylist',
    ({ accountId }) => ({ accountId, playlistId: FRESH_FINDS, trackId: 'abc' }),
  ),
  'playlists/removetrackfromplaylist': strangerGets404(
    'playlists/removetrackfromplaylist',
    ({ accountId }) => ({ accountId, playlistId: FRESH_FINDS, trackId: 'abc' }),
  ),
  'playlists/move-track': strangerGets404('playlists/move-track', ({ accountId }) => ({
    accountId,
    playlistId: FRESH_FINDS,
    from: 0,
    to: 1,
    snapshotId: 's',
  })),
  'playlists/track-removal-date': strangerGets404('playlists/track-removal-date', () => ({
    playlistId: FRESH_FINDS,
    trackId: 'abc',
    removeAt: '2030-01-01',
  })),
  'playlists/insights': strangerGets404('playlists/insights', () => ({ playlistId: FRESH_FINDS })),
  'playlists/playlists': strangerGets404('playlists/playlists', ({ accountId }) => ({ accountId })),
  'playlists/playlist': strangerGets404('playlists/playlist', ({ accountId }) => ({
    accountId,
    playlistId: FRESH_FINDS,
  })),
  'playlists/user/playlist': {
    kind: 'stranger',
    scenario: async (t) => {
      // Visible managed playlists are meant to be seen by other curators; hidden ones are not.
      const { owner, stranger } = await ownerAndStranger(t);
      const view = () =>
        post(
          t.app,
          '/api/playlists/user/playlist',
          { userId: owner.id, playlistId: FRESH_FINDS },
          { cookie: stranger.cookie },
        );
      expect((await view()).statusCode).toBe(200);
      await post(
        t.app,
        '/api/playlists/visibility',
        { playlistId: FRESH_FINDS, visible: false },
        { cookie: owner.cookie },
      );
      expect((await view()).statusCode).toBe(404);
    },
  },
  'playlists/search': strangerGets404('playlists/search', ({ accountId }) => ({
    accountId,
    query: 'night',
  })),
  'playlists/checkprerelease': needsOwnAccount('playlists/checkprerelease', { trackId: 'abc123' }),
  'songs/catalog': {
    kind: 'stranger',
    scenario: async (t) => {
      const { stranger, songId } = await songOwnerAndStranger(t);
      const response = await post(t.app, '/api/songs/catalog', {}, { cookie: stranger.cookie });
      expect(response.statusCode).toBe(200);
      expect(response.json().songs).toEqual([]);
      expect(response.body).not.toContain(songId);
    },
  },
  'songs/trader/catalog': {
    kind: 'stranger',
    scenario: async (t) => {
      // Only potential partners (showing a managed playlist) open their catalogue for swaps.
      const { owner, stranger } = await songOwnerAndStranger(t);
      const response = await post(
        t.app,
        '/api/songs/trader/catalog',
        { userId: owner.id },
        { cookie: stranger.cookie },
      );
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Owner Song');
    },
  },
  'songs/addtocatalog': strangerAddsToOwnOnly('songs/addtocatalog', {
    track: 'spotify:track:abc123',
  }),
  'songs/upcoming-release': strangerAddsToOwnOnly('songs/upcoming-release', {
    title: 'Aimed',
    artists: ['Stranger'],
    releaseDate: '2099-01-01',
  }),
  'songs/get/song': strangerGetsSong404('songs/get/song', (songId) => ({ songId })),
  'songs/favourite': strangerGetsSong404('songs/favourite', (songId) => ({
    id: songId,
    favourite: true,
  })),
  'songs/catalog/update-status': strangerGetsSong404('songs/catalog/update-status', (songId) => ({
    songId,
    status: 'not available',
  })),
  'songs/remove-from-catalog': strangerGetsSong404('songs/remove-from-catalog', (songId) => ({
    songId,
  })),
  'songs/popularity/score/history': strangerGetsSong404(
    'songs/popularity/score/history',
    (songId) => ({ songId }),
  ),
  'messenger/conversation/start': {
    kind: 'stranger',
    scenario: async (t) => {
      // Anyone may start a conversation with anyone; it never opens someone else's.
      const { one, third, conversationId } = await pairAndThird(t);
      const started = await post(
        t.app,
        '/api/messenger/conversation/start',
        { userId: one.id },
        { cookie: third.cookie },
      );
      expect(started.json().conversation.id).not.toBe(conversationId);
      expect(started.json().conversation).toMatchObject({
        lastMessageContent: null,
        unreadMessagesCount: 0,
      });
    },
  },
  'messenger/conversations': {
    kind: 'stranger',
    scenario: async (t) => {
      const { third } = await pairAndThird(t);
      const response = await post(
        t.app,
        '/api/messenger/conversations',
        {},
        { cookie: third.cookie },
      );
      expect(response.json().conversations).toEqual([]);
    },
  },
  'messenger/conversation/messages': thirdPartyGets404(
    'messenger/conversation/messages',
    (conversationId) => ({ conversationId }),
  ),
  'messenger/message/send': thirdPartyGets404('messenger/message/send', (conversationId) => ({
    conversationId,
    content: 'hi',
  })),
  'messenger/conversation/read': thirdPartyGets404(
    'messenger/conversation/read',
    (conversationId) => ({ conversationId }),
  ),
  'messenger/heartbeat': {
    kind: 'stranger',
    scenario: async (t) => {
      const { one, third } = await pairAndThird(t);
      await post(t.app, '/api/messenger/heartbeat', {}, { cookie: third.cookie });
      const status = await post(
        t.app,
        '/api/messenger/online/status',
        { ids: [one.id, third.id] },
        { cookie: third.cookie },
      );
      expect(status.json().status).toEqual({ [one.id]: false, [third.id]: true });
    },
  },
  'messenger/online/status': {
    kind: 'stranger',
    scenario: async (t) => {
      // Presence is shown to every curator, but only as a yes or no for the ids asked about.
      const { one, third } = await pairAndThird(t);
      const status = await post(
        t.app,
        '/api/messenger/online/status',
        { ids: [one.id] },
        { cookie: third.cookie },
      );
      expect(Object.keys(status.json().status)).toEqual([one.id]);
    },
  },
  'trades/all': {
    kind: 'stranger',
    scenario: async (t) => {
      const { trade, third } = await swapAndThird(t);
      const response = await third.call('all', {
        statuses: ['pending', 'scheduled', 'accepted', 'completed'],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().trades).toEqual({
        pending: [],
        scheduled: [],
        accepted: [],
        completed: [],
      });
      expect(response.body).not.toContain(trade.id);
    },
  },
  'trades/trade': thirdGetsSwap404('trades/trade', ({ tradeId }) => ({ tradeId })),
  'trades/tradeinfo': thirdGetsSwap404('trades/tradeinfo', ({ tradeId }) => ({ tradeId })),
  'trades/trade-songs': thirdGetsSwap404('trades/trade-songs', ({ tradeId }) => ({ tradeId })),
  'trades/deletetrade': thirdGetsSwap404('trades/deletetrade', ({ tradeId }) => ({ tradeId })),
  'trades/open': {
    kind: 'stranger',
    scenario: async (t) => {
      // A swap is always opened as the caller: naming trader one is refused, and another
      // curator's song cannot be put into a swap between others.
      const { one, two, third, ids } = await swapAndThird(t);
      const aimed = await third.call('open', {
        traderOneId: one.id,
        traderId: two.id,
        periodDays: 14,
      });
      expect(aimed.statusCode).toBe(400);
      const withOthersSong = await third.call('open', {
        traderId: two.id,
        periodDays: 14,
        songIds: [ids.songId],
      });
      expect(withOthersSong.statusCode).toBe(404);
      const pending = (await two.call('all', { statuses: ['pending'] })).json().trades.pending;
      expect(pending.map((trade: { id: string }) => trade.id)).toEqual([ids.tradeId]);
    },
  },
  'trades/addtrack': thirdGetsSwap404('trades/addtrack', ({ tradeId, songId }) => ({
    tradeId,
    songId,
  })),
  'trades/removetrack': thirdGetsSwap404('trades/removetrack', ({ tradeId, tradeSongId }) => ({
    tradeId,
    tradeSongId,
  })),
  'trades/potential-traders': {
    kind: 'stranger',
    scenario: async (t) => {
      // Curators who show a playlist are meant to be found; hidden ones and oneself are not.
      const { one, two, third } = await swapAndThird(t);
      const list = async () =>
        (await third.call('potential-traders')).json().traders.map((x: { id: string }) => x.id);
      expect(await list()).toEqual(expect.arrayContaining([one.id, two.id]));
      expect(await list()).not.toContain(third.id);
      await post(
        t.app,
        '/api/playlists/visibility',
        { playlistId: PLAYLISTS.freshFinds.id, visible: false },
        { cookie: one.cookie },
      );
      expect(await list()).not.toContain(one.id);
    },
  },
  'trades/accept': thirdGetsSwap404('trades/accept', ({ tradeId }) => ({ tradeId })),
  'trades/update': thirdGetsSwap404('trades/update', ({ tradeId }) => ({
    tradeId,
    periodDays: 7,
  })),
  'trades/acceptrejectsong': thirdGetsSwap404(
    'trades/acceptrejectsong',
    ({ tradeId, tradeSongId }) => ({ tradeId, tradeSongId, approved: 1 }),
  ),
  'trades/addtoplaylist': thirdGetsSwap404(
    'trades/addtoplaylist',
    ({ tradeId, tradeSongId, thirdPlaylistId }) => ({
      tradeId,
      tradeSongId,
      playlistId: thirdPlaylistId,
      position: 0,
    }),
  ),
  'trades/update-position': thirdGetsSwap404(
    'trades/update-position',
    ({ tradeId, tradeSongId }) => ({ tradeId, tradeSongId, position: 0 }),
  ),
  'trades/removesongfromplaylist': thirdGetsSwap404(
    'trades/removesongfromplaylist',
    ({ tradeId, tradeSongId }) => ({ tradeId, tradeSongId }),
  ),
  'auth/profile': {
    kind: 'stranger',
    scenario: async (t) => {
      const owner = await signedInUser(t);
      const stranger = await signedInUser(t);
      // There is no way to name another user: unknown keys such as id are refused.
      const aimed = await post(
        t.app,
        '/api/auth/profile',
        { id: owner.id, name: 'Hijacked' },
        { cookie: stranger.cookie },
      );
      expect(aimed.statusCode).toBe(400);
      await post(t.app, '/api/auth/profile', { name: 'Stranger' }, { cookie: stranger.cookie });
      const [row] = await t.context.db.select().from(users).where(eq(users.id, owner.id));
      expect(row?.name).toBe(owner.name);
    },
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('authorization of every declared action', () => {
  it('has an authorization case for every action, and no case for an undeclared one', () => {
    const declared = allActions.map(actionId).sort();
    expect(Object.keys(cases).sort()).toEqual(declared);
    for (const contract of allActions) {
      const kind = cases[actionId(contract) as ActionId].kind;
      expect(kind === 'public' ? 'public' : 'user', actionId(contract)).toBe(contract.access);
    }
  });

  for (const contract of allActions) {
    const id = actionId(contract);
    if (contract.access === 'user') {
      it(`${id}: anonymous caller gets 401`, async () => {
        const response = await post(t.app, actionPath(contract), {});
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({
          error: { code: 'UNAUTHENTICATED', message: expect.any(String) },
        });
      });
      it(`${id}: a stranger cannot reach another user's data`, async () => {
        const entry = cases[id as ActionId];
        if (entry.kind !== 'stranger') throw new Error(`${id} needs a stranger scenario`);
        await entry.scenario(t);
      });
    } else {
      it(`${id}: anonymous caller is let through to validation`, async () => {
        const response = await post(t.app, actionPath(contract), {});
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe('VALIDATION_FAILED');
      });
    }
  }
});
