import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inAppNotifications, users } from '../../db/schema.js';
import { publishSanitizedAnnouncement } from '../announcements/index.js';
import { announcementEntryText } from '../announcements/announcements.js';
import { deliveriesSettled, receiveWebhooks, subscribedUser } from '../../test/billing.js';
import { createTestApp, post, signedInUser, type TestApp } from '../../test/harness.js';
import { noticesTo } from '../../test/notifications.js';
import { pendingSwap } from '../../test/trades.js';

/**
 * The bell's entries written where things happen, each in the change's transaction: a friend
 * request accepted, a swap's songs or period changed, a song approved or rejected, plan and
 * payment events, announcements. None of these mails (the mail switches decide mail only).
 */
let t: TestApp;
let stripe: Stripe;
beforeAll(async () => {
  t = await createTestApp();
  await receiveWebhooks(t);
  stripe = new Stripe(t.stripe.apiKey, { ...t.stripe.sdkConfig, maxNetworkRetries: 0 });
});
afterAll(() => t.close());

const DAY = 86_400_000;

type Entry = { kind: string; text: string; link: string; read: boolean };
const entriesOf = async (who: { cookie: string }): Promise<Entry[]> => {
  const response = await post(t.app, '/api/notifications/list', {}, { cookie: who.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().notifications as Entry[];
};
const kindsOf = async (who: { cookie: string }) => (await entriesOf(who)).map((e) => e.kind);

const friendCall = (from: { cookie: string }, action: string, body: object) =>
  post(t.app, `/api/users/friend/${action}`, body, { cookie: from.cookie });

describe('a friend request accepted', () => {
  it('tells the requester, linking to the new friend’s profile, without a mail', async () => {
    const asker = await signedInUser(t);
    const answerer = await signedInUser(t);
    await friendCall(asker, 'request/send', { userId: answerer.id });
    const answered = await friendCall(answerer, 'acceptreject', {
      userId: asker.id,
      accept: true,
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await entriesOf(asker)).toEqual([
      expect.objectContaining({
        kind: 'friendAccepted',
        text: `${answerer.name} accepted your friend request`,
        link: `/network/profile/${answerer.id}`,
      }),
    ]);
    expect(await noticesTo(t, asker.id)).toHaveLength(0);
  });

  it('tells the first asker when the other answers with a request of their own; a rejection says nothing', async () => {
    const one = await signedInUser(t);
    const two = await signedInUser(t);
    await friendCall(one, 'request/send', { userId: two.id });
    expect((await friendCall(two, 'request/send', { userId: one.id })).json().relation).toBe(
      'friend',
    );
    expect(await kindsOf(one)).toEqual(['friendAccepted']);

    const three = await signedInUser(t);
    await friendCall(three, 'request/send', { userId: one.id });
    await friendCall(one, 'acceptreject', { userId: three.id, accept: false });
    expect(await kindsOf(three)).toEqual([]);
  });
});

describe('a swap changed', () => {
  it('tells the other trader once while unread when songs are added or removed, and again once read', async () => {
    const { one, two, trade, oneTradeSongId } = await pendingSwap(t);
    const before = (await kindsOf(two)).length;
    t.clock.advance(1_000);
    const removed = await one.call('removetrack', {
      tradeId: trade.id,
      tradeSongId: oneTradeSongId,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const added = await one.call('addtrack', { tradeId: trade.id, songId: (await one.song()).id });
    expect(added.statusCode, added.body).toBe(200);
    const entries = await entriesOf(two);
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({
      kind: 'swapChanged',
      text: `${one.name} changed the songs of your swap`,
      link: `/songswap/${trade.id}`,
    });
    // The one who changed it hears nothing of their own change.
    expect(await kindsOf(one)).not.toContain('swapChanged');

    await t.context.db
      .update(inAppNotifications)
      .set({ readAt: t.clock.now() })
      .where(eq(inAppNotifications.userId, two.id));
    await one.call('addtrack', { tradeId: trade.id, songId: (await one.song()).id });
    expect((await entriesOf(two)).filter((e) => e.kind === 'swapChanged')).toHaveLength(2);
    expect(await noticesTo(t, two.id)).toHaveLength(1); // only the swap opened mail
  });

  it('tells the other trader when the period changes', async () => {
    const { one, two, trade } = await pendingSwap(t);
    t.clock.advance(1_000);
    const changed = await two.call('update', { tradeId: trade.id, periodDays: 7 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await entriesOf(one))[0]).toMatchObject({
      kind: 'swapChanged',
      text: `${two.name} changed the period of your swap`,
      link: `/songswap/${trade.id}`,
    });
  });
});

describe('a song approved or rejected', () => {
  it('tells the song’s owner, naming the song; deciding the same again adds nothing', async () => {
    const { one, two, trade, oneTradeSongId, oneSong } = await pendingSwap(t);
    const title = oneSong.spotify.track?.name ?? '';
    expect(title).not.toBe('');
    const decide = (approved: 1 | 2) =>
      two.call('acceptrejectsong', { tradeId: trade.id, tradeSongId: oneTradeSongId, approved });
    expect((await decide(1)).statusCode).toBe(200);
    expect((await decide(1)).statusCode).toBe(200);
    t.clock.advance(1_000);
    expect((await decide(2)).statusCode).toBe(200);
    const entries = (await entriesOf(one)).filter((e) => e.kind.startsWith('song'));
    expect(entries).toEqual([
      expect.objectContaining({
        kind: 'songRejected',
        text: `${two.name} rejected your song “${title}”`,
        link: `/songswap/${trade.id}`,
      }),
      expect.objectContaining({
        kind: 'songApproved',
        text: `${two.name} approved your song “${title}”`,
      }),
    ]);
  });
});

describe('plan and payment events', () => {
  it('a plan bought and a payment that failed each write one entry, linking to billing', async () => {
    const user = await subscribedUser(t, 'starter');
    expect(await entriesOf(user)).toEqual([
      expect.objectContaining({
        kind: 'planEvent',
        text: 'Your Starter plan is active',
        link: '/profile/billing',
      }),
    ]);
    t.clock.advance(1_000);
    t.stripe.control.setCustomerCard(user.customerId, '4000000000000341');
    const { subscription } = (await user.call('auth/stripe/subscription')).json();
    t.stripe.control.advanceClock({
      to: new Date(Date.parse(subscription.currentPeriodEnd) + 2 * 3600_000),
    });
    await deliveriesSettled(t);
    const entries = await entriesOf(user);
    expect(entries.map((e) => e.text)).toEqual([
      'Your payment for Starter did not go through: update your card',
      'Your Starter plan is active',
    ]);
    // Stripe's repeated events find no new transition: nothing more.
    await stripe.subscriptions.retrieve(user.subscriptionId);
    await deliveriesSettled(t);
    expect(await entriesOf(user)).toHaveLength(2);
  });
});

describe('announcements', () => {
  it('are stored for every curator of their audience in one statement; a plan audience counts a running trial as pro', async () => {
    const pro = await signedInUser(t);
    const trial = await signedInUser(t);
    const endedTrial = await signedInUser(t);
    const free = await signedInUser(t);
    const now = t.clock.now();
    await t.context.db.update(users).set({ plan: 'pro' }).where(eq(users.id, pro.id));
    await t.context.db
      .update(users)
      .set({ trialEndsAt: new Date(now.getTime() + 3 * DAY) })
      .where(eq(users.id, trial.id));
    await t.context.db
      .update(users)
      .set({ trialEndsAt: new Date(now.getTime() - 20 * DAY) })
      .where(eq(users.id, endedTrial.id));
    await t.context.db.update(users).set({ plan: 'free' }).where(eq(users.id, free.id));

    const html = '<h3>Pro news</h3><p>Charts and more.</p>';
    await publishSanitizedAnnouncement(
      t.context.db,
      { html, audience: { kind: 'plan', plan: 'pro' }, until: null },
      now,
    );
    const text = 'New announcement: Pro news';
    expect(await entriesOf(pro)).toEqual([
      expect.objectContaining({ kind: 'announcement', text, link: '/', read: false }),
    ]);
    expect(await kindsOf(trial)).toEqual(['announcement']);
    expect(await kindsOf(endedTrial)).toEqual([]);
    expect(await kindsOf(free)).toEqual([]);

    await publishSanitizedAnnouncement(
      t.context.db,
      { html: '<p>For the free plan</p>', audience: { kind: 'plan', plan: 'free' }, until: null },
      new Date(now.getTime() + 1_000),
    );
    expect(await kindsOf(endedTrial)).toEqual(['announcement']);
    expect(await kindsOf(free)).toEqual(['announcement']);
    expect(await kindsOf(pro)).toEqual(['announcement']);

    await publishSanitizedAnnouncement(
      t.context.db,
      { html: '<p>Everyone</p>', audience: { kind: 'all' }, until: null },
      new Date(now.getTime() + 2_000),
    );
    for (const who of [pro, trial, endedTrial, free]) {
      expect((await entriesOf(who))[0]!.text).toBe('New announcement: Everyone');
    }
  });

  it('takes the first heading or paragraph as plain text, shortened', () => {
    expect(
      announcementEntryText(
        '<p>Find curators in <strong>Discovery</strong>, &amp; more.</p><p>Second</p>',
      ),
    ).toBe('New announcement: Find curators in Discovery, & more.');
    expect(announcementEntryText('<ul><li>One</li><li>Two</li></ul>')).toBe(
      'New announcement: One',
    );

    const text = announcementEntryText(`<p>${'word '.repeat(60)}</p>`);
    expect(text.startsWith('New announcement: word word')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
    expect(text.length).toBeLessThanOrEqual('New announcement: '.length + 100);
  });
});
