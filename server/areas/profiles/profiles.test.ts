import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogSongs,
  tradePlacementChecks,
  tradePlacements,
  trades,
  tradeSongs,
} from '../../db/schema.js';
import { createTestApp, post, signedInUser, type TestApp } from '../../test/harness.js';
import { friendsPair, usersCall } from '../../test/network.js';
import { linkSpotify } from '../../test/spotifyLinking.js';
import { swapRecordOf } from '../discovery/index.js';

const FRESH_FINDS = 'W1KJdIulicn0Wys9FcxxGf';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A swap in which `placer` placed `owner`'s song, checked on the given days. */
async function placementChecked(
  placer: string,
  owner: string,
  days: { inPlaylist: boolean; atPosition: boolean }[],
) {
  const now = t.clock.now();
  const [song] = await t.context.db
    .insert(catalogSongs)
    .values({ userId: owner, releaseSort: '', status: 'available', spotifyTrackId: null })
    .returning();
  const [trade] = await t.context.db
    .insert(trades)
    .values({ traderOneId: owner, traderTwoId: placer, periodDays: 7, status: 'completed' })
    .returning();
  const [tradeSong] = await t.context.db
    .insert(tradeSongs)
    .values({ tradeId: trade!.id, songId: song!.id, ownerId: owner, approved: 1 })
    .returning();
  const [placement] = await t.context.db
    .insert(tradePlacements)
    .values({
      tradeSongId: tradeSong!.id,
      playlistSpotifyId: FRESH_FINDS,
      playlistName: 'Fresh Finds Weekly',
      trackId: 'track',
      position: 0,
      placedAt: now,
    })
    .returning();
  for (const [index, check] of days.entries())
    await t.context.db.insert(tradePlacementChecks).values({
      placementId: placement!.id,
      day: `2026-01-0${index + 1}`,
      ...check,
      checkedAt: now,
    });
}

describe('swap record', () => {
  it('counts the placements a curator made, honoured when every check found the song in place', async () => {
    const placer = await signedInUser(t);
    const owner = await signedInUser(t);
    const kept = { inPlaylist: true, atPosition: true };
    await placementChecked(placer.id, owner.id, [kept, kept]);
    await placementChecked(placer.id, owner.id, [kept, { inPlaylist: false, atPosition: false }]);
    expect(await swapRecordOf(t.context.db, placer.id)).toEqual({
      swapsCompleted: 2,
      placementsChecked: 2,
      placementsHonoured: 1,
      honouredShare: 0.5,
    });
    // The owner placed nothing: their record counts the swaps but no placements.
    expect(await swapRecordOf(t.context.db, owner.id)).toMatchObject({
      placementsChecked: 0,
      honouredShare: null,
    });
  });
});

describe('public/profile and profile', () => {
  it('shows visible playlists with followers and the relation, and nothing private', async () => {
    const { one, two } = await friendsPair(t);
    const account = await linkSpotify(t, two.cookie, 'mara.velden');
    await post(
      t.app,
      '/api/playlists/add',
      { accountId: account.id, playlistId: FRESH_FINDS },
      { cookie: two.cookie },
    );
    // Managing keeps a playlist to its curator until they show it.
    const notYetShown = await usersCall(t, one, 'public/profile', { userId: two.id });
    expect(notYetShown.json().profile.playlists).toEqual([]);
    await post(
      t.app,
      '/api/playlists/visibility',
      { playlistId: FRESH_FINDS, visible: true },
      { cookie: two.cookie },
    );
    const seen = await usersCall(t, one, 'public/profile', { userId: two.id });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().profile).toMatchObject({
      id: two.id,
      name: two.name,
      pictureUrl: '',
      relation: 'friend',
      friendsCount: 1,
      playlists: [{ spotifyId: FRESH_FINDS, followers: expect.any(Number) }],
      swapRecord: { placementsChecked: 0, honouredShare: null },
    });
    expect(seen.body).not.toContain(two.email);
    expect(seen.body).not.toContain('"plan"');
    await post(
      t.app,
      '/api/playlists/visibility',
      { playlistId: FRESH_FINDS, visible: false },
      { cookie: two.cookie },
    );
    const hidden = await usersCall(t, one, 'public/profile', { userId: two.id });
    expect(hidden.json().profile.playlists).toEqual([]);
    expect(hidden.body).not.toContain(FRESH_FINDS);
  });

  it('answers the own profile with counts, and refuses a malformed id naming userId', async () => {
    const one = await signedInUser(t);
    const two = await signedInUser(t);
    await usersCall(t, two, 'friend/request/send', { userId: one.id });
    await usersCall(t, one, 'friend/group/create', { name: 'Later' });
    const own = await usersCall(t, one, 'profile');
    expect(own.json().profile).toMatchObject({
      id: one.id,
      relation: 'self',
      friendRequestsReceived: 1,
      friendRequestsSent: 0,
      groupsCount: 1,
    });
    const requested = await usersCall(t, two, 'public/profile', { userId: one.id });
    expect(requested.json().profile.relation).toBe('requestSent');
    const bad = await usersCall(t, one, 'public/profile', { userId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('userId');
  });
});
