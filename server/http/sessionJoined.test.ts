import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema.js';
import { sessionCatalogPage } from '../areas/songs/data.js';
import { buildUser, createTestApp, post, signInAs, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

/** A conversation of `user`'s, started by someone new (so `user` has no other session). */
async function conversationOf(user: Awaited<ReturnType<typeof buildUser>>) {
  const other = await buildUser(t);
  const started = await post(
    t.app,
    '/api/messenger/conversation/start',
    { userId: user.id },
    { cookie: await signInAs(t, other) },
  );
  return started.json().conversation.id as string;
}

/**
 * The actions whose session lookup is joined into their own first statement answer a caller as
 * every other signed-in action does: 401 without a live session, before refusing the input.
 * `body` and `refused` may be made for the signed-in user.
 */
type Body = object | ((user: Awaited<ReturnType<typeof buildUser>>) => Promise<object>);
const joinedReads: { path: string; body: Body; refused: Body }[] = [
  { path: '/api/playlists/all', body: {}, refused: { unexpected: 1 } },
  { path: '/api/songs/catalog', body: {}, refused: { cursor: 'not-a-cursor' } },
  { path: '/api/messenger/conversations', body: {}, refused: { limit: -1 } },
  { path: '/api/trades/all', body: { statuses: ['pending'] }, refused: { statuses: [] } },
  {
    path: '/api/trades/all',
    body: { statuses: ['pending', 'accepted'] },
    refused: { statuses: ['pending'], cursor: 'not-a-cursor' },
  },
  { path: '/api/users/network/potential-partners', body: {}, refused: { minFit: 'high' } },
  {
    path: '/api/messenger/message/send',
    body: async (user) => ({ conversationId: await conversationOf(user), content: 'Hello' }),
    refused: async (user) => ({ conversationId: await conversationOf(user), content: '' }),
  },
];

const bodyFor = (body: Body, user: Awaited<ReturnType<typeof buildUser>>) =>
  typeof body === 'function' ? body(user) : Promise.resolve(body);

describe('reads joined to the session lookup', () => {
  for (const { path, body: madeBody, refused: madeRefused } of joinedReads) {
    const name = `${path} ${typeof madeBody === 'function' ? '' : JSON.stringify(madeBody)}`;
    it(`${name}: answers a live session, 401 once it is idle too long or past its end`, async () => {
      const user = await buildUser(t);
      const body = await bodyFor(madeBody, user);
      const cookie = await signInAs(t, user);
      expect((await post(t.app, path, body, { cookie })).statusCode).toBe(200);

      t.clock.advance(7 * DAY + 60_000);
      const idle = await post(t.app, path, body, { cookie });
      t.clock.advance(-(7 * DAY + 60_000));
      expect(idle.statusCode).toBe(401);
      expect(idle.json().error.code).toBe('UNAUTHENTICATED');
      // An idle session is ended, as every session read ends it.
      expect(
        await t.context.db.select().from(sessions).where(eq(sessions.userId, user.id)),
      ).toEqual([]);

      const fresh = await signInAs(t, user);
      for (let week = 0; week < 4; week++) {
        t.clock.advance(6 * DAY);
        expect((await post(t.app, path, body, { cookie: fresh })).statusCode).toBe(200);
      }
      t.clock.advance(6 * DAY); // 30 days since sign-in
      const ended = await post(t.app, path, body, { cookie: fresh });
      t.clock.advance(-30 * DAY);
      expect(ended.statusCode).toBe(401);
    });

    it(`${name}: refused input is 401 without a live session, 400 with one`, async () => {
      const user = await buildUser(t);
      const [body, refused] = [await bodyFor(madeBody, user), await bodyFor(madeRefused, user)];
      const cookie = await signInAs(t, user);
      const refusedLive = await post(t.app, path, refused, { cookie });
      expect(refusedLive.statusCode).toBe(400);
      expect(refusedLive.json().error.code).toBe('VALIDATION_FAILED');

      await post(t.app, '/api/auth/signout', undefined, { cookie });
      expect((await post(t.app, path, refused, { cookie })).statusCode).toBe(401);
      expect((await post(t.app, path, body, { cookie })).statusCode).toBe(401);
      expect((await post(t.app, path, refused, { cookie: 'sid=unknown' })).statusCode).toBe(401);
    });
  }
});

describe('the user of a joined read', () => {
  it('is the user as a plain read of users gives it, every column decoded', async () => {
    const user = await buildUser(t);
    await t.context.db
      .update(users)
      .set({ emailVerifiedAt: t.clock.now(), catalogVersion: 7, network: 'Pop' })
      .where(eq(users.id, user.id));
    const cookie = await signInAs(t, user);
    const token = decodeURIComponent(cookie.replace(/^sid=/, '').split(';')[0]!);
    const joined = await sessionCatalogPage(t.context.db, token, t.clock.now(), undefined);
    const [plain] = await t.context.db.select().from(users).where(eq(users.id, user.id));
    expect(joined?.user).toEqual(plain);
    expect(joined?.user.createdAt).toBeInstanceOf(Date);
  });

  it("leaves a JSON column's objects as stored, an empty or all-null one included", async () => {
    const user = await buildUser(t);
    const track = {
      id: 'track-1',
      name: 'Song',
      album: { id: null, name: null, imageUrl: null, release_date: null },
      artists: [{ id: null, name: 'Artist' }],
      external: {},
    };
    await t.database.executeSql(
      `insert into catalog_songs (user_id, spotify_track_id, track, release_sort, status)
       values ($1, 'track-1', $2::jsonb, '', 'available')`,
      [user.id, JSON.stringify(track)],
    );
    const cookie = await signInAs(t, user);
    const token = decodeURIComponent(cookie.replace(/^sid=/, '').split(';')[0]!);
    const joined = await sessionCatalogPage(t.context.db, token, t.clock.now(), undefined);
    expect(joined?.rows.map((row) => row.track)).toEqual([track]);
  });
});
