import { snapshotPlaylistHistory } from '../jobs/playlistHistory.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allContracts } from '../../common/api/contracts.js';
import { actionId, actionPath, type ActionIdOf } from '../../common/api/contract.js';
import { announcements, users } from '../db/schema.js';
import { publishAnnouncement } from '../areas/announcements/index.js';
import { createTestApp, post, signedInUser, type TestApp } from './harness.js';
import { billingUser, checkoutFor } from './billing.js';
import { consentRedirect, linkSpotify } from './spotifyLinking.js';
import { PLAYLISTS, pendingSwap, swapCurator } from './trades.js';
import { testJpeg, uploadPicture } from './pictures.js';
import { enableTotp, reauthenticate, totpAt } from './twoFactor.js';
import { passkeyCases } from './passkeyAuthorization.js';
import { friendsPair, groupOwnerAndStranger, usersCall } from './network.js';
import { invitationCases } from './invitationAuthorization.js';
import { actionsNamingCurators, blockedViewerCases } from './blockedViewer.js';

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

/**
 * A stranger's calendar feed actions touch only their own feed: the owner's URL still answers
 * and the stranger never learns it.
 */
function ownFeedOnly(action: string): AuthorizationCase {
  return {
    kind: 'stranger',
    scenario: async (t) => {
      const owner = await signedInUser(t);
      const made = await post(
        t.app,
        '/api/home/schedule-feed/create',
        {},
        { cookie: owner.cookie },
      );
      const url = new URL(made.json().url as string);
      const stranger = await signedInUser(t);
      const response = await post(t.app, `/api/${action}`, {}, { cookie: stranger.cookie });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(url.pathname);
      const feed = await t.app.inject({ method: 'GET', url: url.pathname });
      expect(feed.statusCode).toBe(200);
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

/**
 * An owner who bought starter through Checkout (paid on the local Stripe) and a stranger who
 * started a checkout of their own, so both have a Stripe customer.
 */
async function payingOwnerAndStranger(t: TestApp) {
  const owner = await billingUser(t);
  const sessionId = await checkoutFor(owner, 'starter');
  expect(t.stripe.control.payCheckoutSession(sessionId)).toMatchObject({ ok: true });
  const customerId = (await owner.customerId())!;
  const stranger = await billingUser(t);
  await checkoutFor(stranger, 'pro');
  const ownerSubscription = () => t.stripe.control.subscriptions(customerId);
  return { owner, stranger, sessionId, customerId, ownerSubscription };
}

/** The stranger's call answers 404 and the owner's subscription stays as it was. */
function strangerGetsBilling404(
  action: string,
  body: (ids: { sessionId: string; invoiceId: string }) => object = () => ({}),
): AuthorizationCase {
  return {
    kind: 'stranger',
    scenario: async (t) => {
      const { stranger, sessionId, ownerSubscription } = await payingOwnerAndStranger(t);
      const [before] = ownerSubscription();
      const response = await stranger.call(
        action,
        body({ sessionId, invoiceId: before!.latestInvoice! }),
      );
      expect(response.statusCode).toBe(404);
      expect(ownerSubscription()).toEqual([before]);
    },
  };
}

type ActionId = ActionIdOf<(typeof allContracts)[number]>;

/**
 * How each action is protected against people other than its rightful caller. Public actions
 * say why they need no session; signed-in actions prove a stranger cannot reach another
 * user's data. A new action without an entry here fails the first test below.
 */
/** A stranger naming another curator's group gets 404, and the group stays as it was. */
function strangerGetsGroup404(
  action: string,
  body: (ids: { groupId: string; friendId: string; strangerId: string }) => object,
): AuthorizationCase {
  return {
    kind: 'stranger',
    scenario: async (t) => {
      const { owner, friend, stranger, groupId } = await groupOwnerAndStranger(t);
      const ids = { groupId, friendId: friend.id, strangerId: stranger.id };
      const response = await usersCall(t, stranger, action, body(ids));
      expect(response.statusCode).toBe(404);
      const own = await usersCall(t, owner, 'friend/groups');
      expect(own.json().groups).toMatchObject([
        { id: groupId, name: 'Close', members: [{ friendId: friend.id }] },
      ]);
    },
  };
}

/** Relation changes name the other curator; a curator who blocked the caller looks unknown (404). */
function blockedCallerGets404(action: string, body: (userId: string) => object): AuthorizationCase {
  return {
    kind: 'stranger',
    scenario: async (t) => {
      const { one, two } = await friendsPair(t);
      expect((await usersCall(t, two, 'block', { userId: one.id })).statusCode).toBe(200);
      const response = await usersCall(t, one, action, body(two.id));
      expect(response.statusCode).toBe(404);
      const unknown = await usersCall(t, one, action, body('00000000-0000-4000-8000-000000000000'));
      expect(unknown.statusCode).toBe(404);
      expect(response.json().error.message).toBe(unknown.json().error.message);
    },
  };
}

/** A list answers only the caller's own network, never another curator's. */
function strangerSeesOwnNetworkOnly(action: string, body: object = {}): AuthorizationCase {
  return {
    kind: 'stranger',
    scenario: async (t) => {
      const { owner, friend, stranger } = await groupOwnerAndStranger(t);
      await usersCall(t, owner, 'block', { userId: stranger.id });
      await usersCall(t, stranger, 'friend/request/send', { userId: friend.id });
      const response = await usersCall(t, stranger, action, body);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(owner.id);
    },
  };
}

/** An owner with one unread entry in the bell: a friend request from `sender`. */
async function notifiedOwner(t: TestApp) {
  const owner = await signedInUser(t);
  const sender = await signedInUser(t);
  const sent = await post(
    t.app,
    '/api/users/friend/request/send',
    { userId: owner.id },
    { cookie: sender.cookie },
  );
  expect(sent.statusCode, sent.body).toBe(200);
  const list = await post(t.app, '/api/notifications/list', {}, { cookie: owner.cookie });
  return { owner, sender, entryId: list.json().notifications[0].id as string };
}

type AuthorizationCase =
  { kind: 'public'; why: string } | { kind: 'stranger'; scenario: (t: TestApp) => Promise<void> };

const cases: Record<ActionId, AuthorizationCase> = {
  'notifications/list': {
    kind: 'stranger',
    scenario: async (t) => {
      const { owner, sender } = await notifiedOwner(t);
      const stranger = await signedInUser(t);
      const response = await post(
        t.app,
        '/api/notifications/list',
        {},
        { cookie: stranger.cookie },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ notifications: [], unreadCount: 0 });
      expect(response.body).not.toContain(sender.name);
      const own = await post(t.app, '/api/notifications/list', {}, { cookie: owner.cookie });
      expect(own.json().unreadCount).toBe(1);
    },
  },
  'notifications/read': {
    kind: 'stranger',
    scenario: async (t) => {
      const { owner, entryId } = await notifiedOwner(t);
      const stranger = await signedInUser(t);
      const response = await post(
        t.app,
        '/api/notifications/read',
        { ids: [entryId] },
        { cookie: stranger.cookie },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ unreadCount: 0 });
      const own = await post(t.app, '/api/notifications/list', {}, { cookie: owner.cookie });
      expect(own.json().notifications[0]).toMatchObject({ id: entryId, read: false });
    },
  },
  'home/desk': strangerSeesOwnOnly('home/desk'),
  'home/schedule': strangerSeesOwnOnly('home/schedule'),
  'home/schedule-feed': ownFeedOnly('home/schedule-feed'),
  'home/schedule-feed/create': ownFeedOnly('home/schedule-feed/create'),
  'home/schedule-feed/revoke': ownFeedOnly('home/schedule-feed/revoke'),
  'auth/signup': { kind: 'public', why: 'creates an account; answers alike for any address' },
  'auth/signin': { kind: 'public', why: 'starts a session; rate limited' },
  'auth/resend/verification': { kind: 'public', why: 'mails only the address owner' },
  'auth/verify/email': { kind: 'public', why: 'authorised by the mailed secret' },
  'auth/forgot/password': { kind: 'public', why: 'mails only the address owner' },
  'auth/reset/password': { kind: 'public', why: 'authorised by the mailed secret' },
  'security/signin/second': {
    kind: 'public',
    why: 'authorised by the pending sign-in token; rate limited',
  },
  'security/passkey/signin/options': {
    kind: 'public',
    why: 'hands out a single-use challenge; a pending token only narrows it; rate limited',
  },
  'security/passkey/signin': {
    kind: 'public',
    why: "authorised by the passkey's signature over a live challenge; rate limited",
  },
  'security/undo': {
    kind: 'public',
    why: 'authorised by the single-use secret mailed to the owner; rate limited',
  },
  'auth/email/confirm': {
    kind: 'public',
    why: 'authorised by the secret mailed to the new address',
  },
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
  'playlists/tags': strangerGets404('playlists/tags', () => ({
    playlistId: FRESH_FINDS,
    tags: ['pop'],
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
  'playlists/history': strangerGets404('playlists/history', () => ({ playlistId: FRESH_FINDS })),
  'playlists/history-diff': strangerGets404('playlists/history-diff', () => ({
    playlistId: FRESH_FINDS,
    from: 1,
    to: 1,
  })),
  'playlists/history-restore': strangerGets404('playlists/history-restore', () => ({
    playlistId: FRESH_FINDS,
    version: 1,
    confirm: true,
  })),
  'playlists/where-is-track': {
    kind: 'stranger',
    scenario: async (t) => {
      // Only the caller's own managed playlists are answered: the owner's stay unseen.
      const { stranger } = await ownerAndStranger(t);
      await snapshotPlaylistHistory(t.context, t.clock.now());
      const track = t.spotify.control.playlistItems(FRESH_FINDS)[0]!.trackId;
      const response = await post(
        t.app,
        '/api/playlists/where-is-track',
        { trackId: track },
        { cookie: stranger.cookie },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().places).toEqual([]);
    },
  },
  'playlists/playlists': strangerGets404('playlists/playlists', ({ accountId }) => ({ accountId })),
  'playlists/playlist': strangerGets404('playlists/playlist', ({ accountId }) => ({
    accountId,
    playlistId: FRESH_FINDS,
  })),
  'playlists/user/playlist': {
    kind: 'stranger',
    scenario: async (t) => {
      // Visible managed playlists are meant to be seen by other curators; managed ones start
      // hidden, and hidden ones are not; nothing of ours (the owner's account id) is shown.
      const { owner, ownerAccount, stranger } = await ownerAndStranger(t);
      const view = () =>
        post(
          t.app,
          '/api/playlists/user/playlist',
          { userId: owner.id, playlistId: FRESH_FINDS },
          { cookie: stranger.cookie },
        );
      expect((await view()).statusCode).toBe(404);
      await post(
        t.app,
        '/api/playlists/visibility',
        { playlistId: FRESH_FINDS, visible: true },
        { cookie: owner.cookie },
      );
      const shown = await view();
      expect(shown.statusCode).toBe(200);
      expect(shown.body).not.toContain(ownerAccount.id);
      expect(shown.body).not.toContain(owner.id);
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
  'songs/tags': strangerGetsSong404('songs/tags', (songId) => ({ songId, tags: ['pop'] })),
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
  'messenger/conversation/delete': thirdPartyGets404(
    'messenger/conversation/delete',
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
      // A stranger's presence reads as offline; only the ids asked about are answered.
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
  'trades/outcome': thirdGetsSwap404('trades/outcome', ({ tradeId }) => ({ tradeId })),
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
  'auth/upgrade': {
    kind: 'stranger',
    scenario: async (t) => {
      // Upgrading names no one: the stranger's checkout is for the stranger's own customer.
      const { owner, stranger, customerId, ownerSubscription } = await payingOwnerAndStranger(t);
      const [before] = ownerSubscription();
      const aimed = await stranger.call('auth/upgrade', { plan: 'enterprise', userId: owner.id });
      expect(aimed.statusCode).toBe(400);
      const own = await stranger.call('auth/upgrade', { plan: 'enterprise' });
      expect(own.statusCode).toBe(200);
      expect(await stranger.customerId()).not.toBe(customerId);
      expect(ownerSubscription()).toEqual([before]);
      const check = await owner.call('auth/stripe/session/check', {
        sessionId: own.json().sessionId,
      });
      expect(check.statusCode).toBe(404);
    },
  },
  'auth/stripe/session/check': strangerGetsBilling404('auth/stripe/session/check', (ids) => ({
    sessionId: ids.sessionId,
  })),
  'auth/stripe/subscription': {
    kind: 'stranger',
    scenario: async (t) => {
      const { stranger } = await payingOwnerAndStranger(t);
      const response = await stranger.call('auth/stripe/subscription');
      expect(response.json()).toEqual({ subscription: null });
    },
  },
  'auth/stripe/invoices': {
    kind: 'stranger',
    scenario: async (t) => {
      const { stranger, ownerSubscription } = await payingOwnerAndStranger(t);
      const own = await stranger.call('auth/stripe/invoices');
      expect(own.json()).toEqual({ invoices: [], hasMore: false });
      const paging = await stranger.call('auth/stripe/invoices', {
        startingAfter: ownerSubscription()[0]!.latestInvoice,
      });
      expect(paging.statusCode).toBe(404);
    },
  },
  'auth/stripe/cancel': strangerGetsBilling404('auth/stripe/cancel'),
  'auth/stripe/resume': {
    kind: 'stranger',
    scenario: async (t) => {
      const { owner, stranger, ownerSubscription } = await payingOwnerAndStranger(t);
      expect((await owner.call('auth/stripe/cancel')).statusCode).toBe(200);
      expect((await stranger.call('auth/stripe/resume')).statusCode).toBe(404);
      expect(ownerSubscription()[0]!.cancelAtPeriodEnd).toBe(true);
    },
  },
  'auth/stripe/portal': {
    kind: 'stranger',
    scenario: async (t) => {
      // A portal session is always for the caller's own customer.
      const { stranger } = await payingOwnerAndStranger(t);
      expect((await stranger.call('auth/stripe/portal')).statusCode).toBe(200);
      const created = t.stripe.control.events({ type: 'billing_portal.session.created' }).at(-1);
      expect((created!.data.object as { customer: string }).customer).toBe(
        await stranger.customerId(),
      );
      const loner = await billingUser(t);
      expect((await loner.call('auth/stripe/portal')).statusCode).toBe(404);
    },
  },
  'playlists/active': strangerGets404('playlists/active', () => ({ playlistIds: [FRESH_FINDS] })),
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
  'auth/profile/picture': {
    kind: 'stranger',
    scenario: async (t) => {
      const owner = await signedInUser(t);
      const stranger = await signedInUser(t);
      const picture = await testJpeg(200, 200);
      // An upload always lands on the caller: there is no part that could name another user.
      const uploaded = await uploadPicture(t, stranger.cookie, picture);
      expect(uploaded.statusCode).toBe(200);
      const [ownerRow] = await t.context.db.select().from(users).where(eq(users.id, owner.id));
      expect(ownerRow?.pictureId).toBeNull();
      const [strangerRow] = await t.context.db
        .select()
        .from(users)
        .where(eq(users.id, stranger.id));
      expect(strangerRow?.pictureId).toBe(uploaded.json().id);
    },
  },
  'auth/profile/picture/remove': {
    kind: 'stranger',
    scenario: async (t) => {
      const owner = await signedInUser(t);
      const stranger = await signedInUser(t);
      const { id } = (await uploadPicture(t, owner.cookie, await testJpeg(200, 200))).json();
      const aimed = await post(
        t.app,
        '/api/auth/profile/picture/remove',
        { id },
        { cookie: stranger.cookie },
      );
      expect(aimed.statusCode).toBe(400);
      await post(t.app, '/api/auth/profile/picture/remove', {}, { cookie: stranger.cookie });
      const served = await t.app.inject({ url: `/api/users/profile/picture/${id}` });
      expect(served.statusCode).toBe(200);
    },
  },
  'auth/password/change': {
    kind: 'stranger',
    scenario: async (t) => {
      const owner = await signedInUser(t);
      const stranger = await signedInUser(t);
      const aimed = await post(
        t.app,
        '/api/auth/password/change',
        {
          userId: owner.id,
          currentPassword: owner.password,
          newPassword: 'quiet-ember-orchard-77',
        },
        { cookie: stranger.cookie },
      );
      expect(aimed.statusCode).toBe(400);
      // The owner's session and password are untouched.
      const me = await t.app.inject({ url: '/api/', headers: { cookie: owner.cookie } });
      expect(me.json().user.id).toBe(owner.id);
      const signin = await post(t.app, '/api/auth/signin', {
        email: owner.email,
        password: owner.password,
      });
      expect(signin.statusCode).toBe(200);
    },
  },
  'auth/email/change': {
    kind: 'stranger',
    scenario: async (t) => {
      const owner = await signedInUser(t);
      const stranger = await signedInUser(t);
      const aimed = await post(
        t.app,
        '/api/auth/email/change',
        { userId: owner.id, email: 'taken-over@example.test', password: owner.password },
        { cookie: stranger.cookie },
      );
      expect(aimed.statusCode).toBe(400);
      const [row] = await t.context.db.select().from(users).where(eq(users.id, owner.id));
      expect(row?.email).toBe(owner.email);
    },
  },
  'auth/activity': {
    kind: 'stranger',
    scenario: async (t) => {
      const owner = await signedInUser(t);
      const stranger = await signedInUser(t);
      const aimed = await post(
        t.app,
        '/api/auth/activity',
        { userId: owner.id },
        { cookie: stranger.cookie },
      );
      expect(aimed.statusCode).toBe(400);
      const own = await post(t.app, '/api/auth/activity', {}, { cookie: stranger.cookie });
      // Only the stranger's own sign-in, never the owner's.
      expect(own.json().activity).toHaveLength(1);
      const ownersOwn = await post(t.app, '/api/auth/activity', {}, { cookie: owner.cookie });
      expect(ownersOwn.json().activity[0].id).not.toBe(own.json().activity[0].id);
    },
  },
  'security/sessions': {
    kind: 'stranger',
    scenario: async (t) => {
      const owner = await signedInUser(t);
      const stranger = await signedInUser(t);
      const own = await post(t.app, '/api/security/sessions', {}, { cookie: stranger.cookie });
      expect(own.json().sessions).toHaveLength(1);
      const ownersOwn = await post(t.app, '/api/security/sessions', {}, { cookie: owner.cookie });
      expect(own.body).not.toContain(ownersOwn.json().sessions[0].id);
    },
  },
  'security/session/end': {
    kind: 'stranger',
    scenario: async (t) => {
      const owner = await signedInUser(t);
      const stranger = await signedInUser(t);
      const [ownerSession] = (
        await post(t.app, '/api/security/sessions', {}, { cookie: owner.cookie })
      ).json().sessions;
      const aimed = await post(
        t.app,
        '/api/security/session/end',
        { sessionId: ownerSession.id },
        { cookie: stranger.cookie },
      );
      expect(aimed.statusCode).toBe(404);
      const still = await t.app.inject({ url: '/api/', headers: { cookie: owner.cookie } });
      expect(still.json().user.id).toBe(owner.id);
    },
  },
  'security/sessions/end/others': {
    kind: 'stranger',
    scenario: async (t) => {
      const owner = await signedInUser(t);
      const stranger = await signedInUser(t);
      await reauthenticate(t, stranger.cookie);
      const ended = await post(
        t.app,
        '/api/security/sessions/end/others',
        {},
        { cookie: stranger.cookie },
      );
      expect(ended.json().ended).toBe(0);
      const still = await t.app.inject({ url: '/api/', headers: { cookie: owner.cookie } });
      expect(still.json().user.id).toBe(owner.id);
    },
  },
  'security/twofactor': {
    kind: 'stranger',
    scenario: async (t) => {
      const owner = await signedInUser(t);
      const stranger = await signedInUser(t);
      await enableTotp(t, owner.cookie);
      const aimed = await post(
        t.app,
        '/api/security/twofactor',
        { userId: owner.id },
        { cookie: stranger.cookie },
      );
      expect(aimed.statusCode).toBe(400);
      const own = await post(t.app, '/api/security/twofactor', {}, { cookie: stranger.cookie });
      expect(own.json().totpEnabled).toBe(false);
    },
  },
  'security/totp/setup': {
    kind: 'stranger',
    scenario: async (t) => {
      const owner = await signedInUser(t);
      const stranger = await signedInUser(t);
      const { secret } = await enableTotp(t, owner.cookie);
      await reauthenticate(t, stranger.cookie);
      const own = await post(t.app, '/api/security/totp/setup', {}, { cookie: stranger.cookie });
      expect(own.json().secret).not.toBe(secret);
      const status = await post(t.app, '/api/security/twofactor', {}, { cookie: owner.cookie });
      expect(status.json().totpEnabled).toBe(true);
    },
  },
  'security/totp/enable': {
    kind: 'stranger',
    scenario: async (t) => {
      const owner = await signedInUser(t);
      const stranger = await signedInUser(t);
      await reauthenticate(t, owner.cookie);
      await reauthenticate(t, stranger.cookie);
      const setup = await post(t.app, '/api/security/totp/setup', {}, { cookie: owner.cookie });
      // The owner's code does not turn on the stranger's (never set up) TOTP.
      const aimed = await post(
        t.app,
        '/api/security/totp/enable',
        { code: await totpAt(t, setup.json().secret) },
        { cookie: stranger.cookie },
      );
      expect(aimed.statusCode).toBe(400);
    },
  },
  'security/reauthenticate': {
    kind: 'stranger',
    scenario: async (t) => {
      const owner = await signedInUser(t);
      const stranger = await signedInUser(t);
      const aimed = await post(
        t.app,
        '/api/security/reauthenticate',
        { userId: owner.id, password: owner.password },
        { cookie: stranger.cookie },
      );
      expect(aimed.statusCode).toBe(400);
      // Re-authenticating opens the stranger's own session only, never the owner's.
      await reauthenticate(t, stranger.cookie);
      const owners = await post(t.app, '/api/security/totp/setup', {}, { cookie: owner.cookie });
      expect(owners.statusCode).toBe(403);
      expect(owners.json().error.code).toBe('REAUTHENTICATION_REQUIRED');
    },
  },
  ...passkeyCases,
  'security/totp/disable': {
    kind: 'stranger',
    scenario: async (t) => {
      const owner = await signedInUser(t);
      const stranger = await signedInUser(t);
      const { secret } = await enableTotp(t, owner.cookie);
      const aimed = await post(
        t.app,
        '/api/security/totp/disable',
        { code: await totpAt(t, secret) },
        { cookie: stranger.cookie },
      );
      expect(aimed.statusCode).toBe(400);
      const status = await post(t.app, '/api/security/twofactor', {}, { cookie: owner.cookie });
      expect(status.json().totpEnabled).toBe(true);
    },
  },
  'users/profile': {
    kind: 'stranger',
    scenario: async (t) => {
      const { one, two } = await friendsPair(t);
      const aimed = await usersCall(t, two, 'profile', { userId: one.id });
      expect(aimed.statusCode).toBe(400);
      const own = await usersCall(t, two, 'profile');
      expect(own.json().profile).toMatchObject({ id: two.id, relation: 'self' });
      expect(own.body).not.toContain(one.id);
    },
  },
  'users/public/profile': blockedCallerGets404('public/profile', (userId) => ({ userId })),
  'users/me': {
    kind: 'stranger',
    scenario: async (t) => {
      const { one, two } = await friendsPair(t);
      const response = await usersCall(t, two, 'me', { userId: one.id });
      expect(response.statusCode).toBe(400);
      const own = await usersCall(t, two, 'me');
      expect(own.json().user).toMatchObject({ id: two.id, email: two.email });
    },
  },
  'users/friend/request/send': blockedCallerGets404('friend/request/send', (userId) => ({
    userId,
  })),
  'users/friend/request/cancel': blockedCallerGets404('friend/request/cancel', (userId) => ({
    userId,
  })),
  'users/friend/acceptreject': blockedCallerGets404('friend/acceptreject', (userId) => ({
    userId,
    accept: true,
  })),
  'users/friend/remove': blockedCallerGets404('friend/remove', (userId) => ({ userId })),
  'users/block': blockedCallerGets404('block', (userId) => ({ userId })),
  'users/unblock': blockedCallerGets404('unblock', (userId) => ({ userId })),
  'users/network/friends': strangerSeesOwnNetworkOnly('network/friends'),
  'users/network/requests': strangerSeesOwnNetworkOnly('network/requests', {
    direction: 'received',
  }),
  'users/blocked': strangerSeesOwnNetworkOnly('blocked'),
  'users/network/potential-partners': strangerSeesOwnNetworkOnly('network/potential-partners'),
  ...invitationCases,
  'users/friend/groups': strangerSeesOwnNetworkOnly('friend/groups'),
  'users/friend/group/create': strangerSeesOwnNetworkOnly('friend/group/create', { name: 'Mine' }),
  'users/friend/group/update': strangerGetsGroup404('friend/group/update', ({ groupId }) => ({
    groupId,
    name: 'Taken',
  })),
  'users/friend/group/delete': strangerGetsGroup404('friend/group/delete', ({ groupId }) => ({
    groupId,
  })),
  'users/friend/group/add': strangerGetsGroup404('friend/group/add', ({ groupId, strangerId }) => ({
    groupId,
    friendId: strangerId,
  })),
  'users/friend/group/remove': strangerGetsGroup404(
    'friend/group/remove',
    ({ groupId, friendId }) => ({ groupId, friendId }),
  ),
  'users/announcement': {
    kind: 'stranger',
    scenario: async (t) => {
      // One curator's dismissal is theirs alone: another still sees the announcement.
      const { one, two } = await friendsPair(t);
      t.clock.advance(1_000);
      const published = await publishAnnouncement(
        t.context.db,
        { html: '<p>For everyone</p>', audience: { kind: 'all' }, until: null },
        t.clock.now(),
      );
      await usersCall(t, one, 'announcement/dismiss', { id: published.id });
      expect((await usersCall(t, one, 'announcement')).json().announcement).toBeNull();
      expect((await usersCall(t, two, 'announcement')).json().announcement.id).toBe(published.id);
      await t.context.db
        .update(announcements)
        .set({ withdrawnAt: t.clock.now() })
        .where(eq(announcements.id, published.id));
    },
  },
  'users/announcement/dismiss': {
    kind: 'stranger',
    scenario: async (t) => {
      // An announcement for another plan is unknown to the caller (a trial counts as pro).
      const caller = await signedInUser(t);
      const published = await publishAnnouncement(
        t.context.db,
        { html: '<p>Free plan news</p>', audience: { kind: 'plan', plan: 'free' }, until: null },
        t.clock.now(),
      );
      const aimed = await usersCall(t, caller, 'announcement/dismiss', { id: published.id });
      expect(aimed.statusCode).toBe(404);
      await t.context.db
        .update(announcements)
        .set({ withdrawnAt: t.clock.now() })
        .where(eq(announcements.id, published.id));
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
    const declared = allContracts.map(actionId).sort();
    expect(Object.keys(cases).sort()).toEqual(declared);
    for (const contract of allContracts) {
      const kind = cases[actionId(contract) as ActionId].kind;
      expect(kind === 'public' ? 'public' : 'user', actionId(contract)).toBe(contract.access);
    }
  });

  it('has a blocked-viewer case for every action naming another curator', () => {
    const declared = new Set(allContracts.map(actionId));
    for (const id of actionsNamingCurators()) expect(blockedViewerCases, id).toHaveProperty([id]);
    for (const id of Object.keys(blockedViewerCases)) expect(declared.has(id), id).toBe(true);
  });

  for (const [id, blockedCase] of Object.entries(blockedViewerCases)) {
    it(`${id}: a blocked viewer never learns of the blocker`, async () => {
      await blockedCase.scenario(t);
    });
  }

  for (const contract of allContracts) {
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
