import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, spotifyAccounts, subscriptions } from '../../db/schema.js';
import { buildUser, createTestApp, signInAs, type TestApp } from '../../test/harness.js';
import { eq } from 'drizzle-orm';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const startup = (cookie?: string) =>
  t.app
    .inject({ method: 'GET', url: '/api/', headers: cookie ? { cookie } : {} })
    .then((response) => {
      expect(response.statusCode).toBe(200);
      return response.json();
    });

function linkAccount(userId: string, spotifyUserId: string, createdAt: Date) {
  return t.context.db.insert(spotifyAccounts).values({
    userId,
    spotifyUserId,
    displayName: spotifyUserId,
    imageUrl: `https://i.scdn.co/image/${spotifyUserId}`,
    accessTokenSealed: 'sealed',
    refreshTokenSealed: 'sealed',
    accessExpiresAt: createdAt,
    scopes: 'playlist-read-private',
    authorizedAt: createdAt,
    createdAt,
  });
}

describe('GET /api/ (the start-up call, read in one statement)', () => {
  it('answers nulls to an anonymous caller and to an unknown session', async () => {
    expect(await startup()).toEqual({ user: null, meta: null });
    expect(await startup('sid=not-a-session')).toEqual({ user: null, meta: null });
  });

  it('answers a user without linked accounts or a subscription', async () => {
    const user = await buildUser(t);
    const answer = await startup(await signInAs(t, user));
    expect(answer.user).toMatchObject({ id: user.id, email: user.email, accounts: [], images: [] });
    expect(answer.meta.billing).toBeNull();
  });

  it("answers the user's accounts oldest first, each once, beside the stored subscription", async () => {
    const user = await buildUser(t);
    const now = t.clock.now();
    const day = 24 * 60 * 60 * 1000;
    await linkAccount(user.id, 'newest', new Date(now.getTime() - day));
    await linkAccount(user.id, 'oldest', new Date(now.getTime() - 3 * day));
    await linkAccount(user.id, 'middle', new Date(now.getTime() - 2 * day));
    const periodEnd = new Date(now.getTime() + 30 * day);
    await t.context.db.insert(subscriptions).values({
      userId: user.id,
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      plan: 'pro',
      status: 'active',
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: true,
      syncedAt: now,
    });

    const answer = await startup(await signInAs(t, user));

    expect(answer.user.accounts.map((a: { displayName: string }) => a.displayName)).toEqual([
      'oldest',
      'middle',
      'newest',
    ]);
    expect(answer.user.images).toEqual(
      ['oldest', 'middle', 'newest'].map((id) => `https://i.scdn.co/image/${id}`),
    );
    expect(answer.meta.billing).toEqual({
      plan: 'pro',
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: periodEnd.toISOString(),
    });
  });

  it("does not answer another user's accounts (a stranger's session shows only its own)", async () => {
    const owner = await buildUser(t);
    await linkAccount(owner.id, 'owner-account', t.clock.now());
    const stranger = await buildUser(t);
    const answer = await startup(await signInAs(t, stranger));
    expect(answer.user.id).toBe(stranger.id);
    expect(answer.user.accounts).toEqual([]);
  });

  it('marks the session seen when it was not seen for a while', async () => {
    const user = await buildUser(t);
    const cookie = await signInAs(t, user);
    const [before] = await t.context.db.select().from(sessions).where(eq(sessions.userId, user.id));
    t.clock.advance(60 * 60 * 1000);
    try {
      await startup(cookie);
    } finally {
      t.clock.advance(-60 * 60 * 1000);
    }
    const [after] = await t.context.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(after!.lastSeenAt.getTime()).toBeGreaterThan(before!.lastSeenAt.getTime());
  });
});
