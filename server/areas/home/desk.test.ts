import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managedPlaylists, playlistDailyStats, trackRemovalDates } from '../../db/schema.js';
import { createTestApp, post, signedInUser, type TestApp } from '../../test/harness.js';
import { acceptedSwap, pendingSwap, type SwapCurator } from '../../test/trades.js';

const DAY = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const dayFromNow = (days: number) =>
  new Date(t.clock.now().getTime() + days * DAY).toISOString().slice(0, 10);

async function deskOf(who: { cookie: string }) {
  const response = await post(t.app, '/api/home/desk', {}, { cookie: who.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function playlistRowOf(who: SwapCurator) {
  const [row] = await t.context.db
    .select()
    .from(managedPlaylists)
    .where(eq(managedPlaylists.userId, who.id));
  return row!;
}

describe('home/desk', () => {
  it('counts the swaps waiting: songs to approve and a swap to accept', async () => {
    const { one, two } = await pendingSwap(t);
    const desk = await deskOf(two);
    expect(desk.todo).toMatchObject({ songsToApprove: 1, swapsToAccept: 1, songsToPlace: 0 });
    const opener = await deskOf(one);
    expect(opener.todo.songsToApprove).toBe(1);
  });

  it('counts songs to place in a running swap and lists its end in "Coming up"', async () => {
    const { one, two } = await acceptedSwap(t, { periodDays: 7 });
    const desk = await deskOf(one);
    expect(desk.todo).toMatchObject({ songsToApprove: 0, swapsToAccept: 0, songsToPlace: 1 });
    expect(desk.comingUp).toContainEqual(
      expect.objectContaining({ kind: 'swapEnd', day: dayFromNow(7), title: two.name }),
    );
  });

  it('lists scheduled removals and upcoming releases within 14 days, not later', async () => {
    const { one } = await pendingSwap(t);
    const playlist = await playlistRowOf(one);
    await t.context.db.insert(trackRemovalDates).values([
      {
        playlistId: playlist.id,
        trackId: 'track-soon',
        trackName: 'Leaving Soon',
        removeAt: dayFromNow(3),
      },
      {
        playlistId: playlist.id,
        trackId: 'track-late',
        trackName: 'Leaving Late',
        removeAt: dayFromNow(40),
      },
    ]);
    const release = await post(
      t.app,
      '/api/songs/upcoming-release',
      { title: 'Out Next Week', artists: ['Someone'], releaseDate: dayFromNow(6) },
      { cookie: one.cookie },
    );
    expect(release.statusCode, release.body).toBe(200);
    const desk = await deskOf(one);
    expect(desk.comingUp).toEqual(
      expect.arrayContaining([
        {
          kind: 'removal',
          day: dayFromNow(3),
          title: 'Leaving Soon',
          detail: playlist.name,
          link: `/playlists/${playlist.accountId}/${playlist.spotifyId}`,
        },
        {
          kind: 'release',
          day: dayFromNow(6),
          title: 'Out Next Week',
          detail: null,
          link: '/catalog',
        },
      ]),
    );
    expect(JSON.stringify(desk.comingUp)).not.toContain('Leaving Late');
    // In day order.
    const days = desk.comingUp.map((entry: { day: string }) => entry.day);
    expect(days).toEqual([...days].sort());
  });

  it('shows each playlist with its followers, 30-day change and series', async () => {
    const { one } = await pendingSwap(t);
    const playlist = await playlistRowOf(one);
    await t.context.db
      .update(managedPlaylists)
      .set({ followers: 1200 })
      .where(eq(managedPlaylists.id, playlist.id));
    // Managing recorded today's count; the test writes its own history.
    await t.context.db
      .delete(playlistDailyStats)
      .where(eq(playlistDailyStats.playlistId, playlist.id));
    await t.context.db.insert(playlistDailyStats).values([
      { playlistId: playlist.id, day: dayFromNow(-45), followers: 10, tracksTotal: 20 },
      { playlistId: playlist.id, day: dayFromNow(-20), followers: 1000, tracksTotal: 20 },
      { playlistId: playlist.id, day: dayFromNow(-1), followers: 1150, tracksTotal: 20 },
    ]);
    const desk = await deskOf(one);
    expect(desk.playlists).toEqual([
      {
        id: playlist.id,
        spotifyId: playlist.spotifyId,
        name: playlist.name,
        followers: 1200,
        change: 200,
        series: [
          { day: dayFromNow(-20), followers: 1000 },
          { day: dayFromNow(-1), followers: 1150 },
        ],
      },
    ]);
  });

  it('counts friend requests and answers an empty desk for a new curator', async () => {
    const fresh = await signedInUser(t);
    const empty = await deskOf(fresh);
    expect(empty).toEqual({
      todo: {
        songsToApprove: 0,
        swapsToAccept: 0,
        songsToPlace: 0,
        unreadConversations: 0,
        friendRequests: 0,
        invitationsAccepted: 0,
        removedEarly: 0,
      },
      plan: { plan: 'trial', trialEndsAt: expect.any(String) },
      comingUp: [],
      playlists: [],
    });
    const sender = await signedInUser(t);
    const sent = await post(
      t.app,
      '/api/users/friend/request/send',
      { userId: fresh.id },
      { cookie: sender.cookie },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await deskOf(fresh)).todo.friendRequests).toBe(1);
  });

  it('leaves out the swaps of a partner who blocked the curator', async () => {
    const { one, two } = await acceptedSwap(t, { periodDays: 7 });
    expect(JSON.stringify(await deskOf(two))).toContain(one.name);
    const blocked = await post(
      t.app,
      '/api/users/block',
      { userId: two.id },
      { cookie: one.cookie },
    );
    expect(blocked.statusCode, blocked.body).toBe(200);
    const desk = await deskOf(two);
    expect(JSON.stringify(desk)).not.toContain(one.name);
    expect(JSON.stringify(desk)).not.toContain(one.id);
    expect(desk.todo.songsToPlace).toBe(0);
  });

  it('refuses a body with fields it does not know', async () => {
    const who = await signedInUser(t);
    const response = await post(
      t.app,
      '/api/home/desk',
      { userId: who.id },
      { cookie: who.cookie },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });
});
