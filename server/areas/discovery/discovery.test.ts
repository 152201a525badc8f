import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PotentialPartner } from '../../../common/api/users/schemas.js';
import { catalogSongs, curatorArtists, curatorSummaries, users } from '../../db/schema.js';
import { catalogueArtists, seedCurators } from '../../test/discovery.js';
import { createTestApp, post, signedInUser, type TestApp } from '../../test/harness.js';
import { usersCall, type Curator } from '../../test/network.js';
import { PLAYLISTS, swapCurator } from '../../test/trades.js';
import { viewerArtistKeys } from './discovery.js';
import { artistKeyOf, fitScore, standingOf } from './fit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function partners(who: Curator, body: object = {}) {
  const response = await usersCall(t, who, 'network/potential-partners', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    partners: PotentialPartner[];
    nextCursor: string | null;
    requestsReceived: number;
  };
}

/** Every page with these filters, following the cursors. */
async function allPages(who: Curator, body: object) {
  const seen: PotentialPartner[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page += 1) {
    const answer = await partners(who, { ...body, ...(cursor ? { cursor } : {}) });
    seen.push(...answer.partners);
    if (!answer.nextCursor) return seen;
    cursor = answer.nextCursor;
  }
  throw new Error('too many pages');
}

describe('network/potential-partners', () => {
  it('lists a curator who shows a playlist, with the artists shared with my catalogue', async () => {
    const partner = await swapCurator(t, { playlist: 'freshFinds' });
    const me = await signedInUser(t);
    // Showing the playlist wrote the partner's summary and artists from Spotify.
    const artists = await t.context.db
      .select()
      .from(curatorArtists)
      .where(eq(curatorArtists.userId, partner.id));
    expect(artists.length).toBeGreaterThan(0);
    const shared = artists.slice(0, 2).map((row) => row.artistName);
    await catalogueArtists(t, me.id, [...shared, 'Nobody Else Has This Artist']);

    const answer = await partners(me, { query: partner.name });
    const found = answer.partners.find((p) => p.id === partner.id);
    expect(found).toBeDefined();
    const [summary] = await t.context.db
      .select()
      .from(curatorSummaries)
      .where(eq(curatorSummaries.userId, partner.id));
    expect(found!.fit).toEqual({
      score: fitScore(2, summary!.standing),
      sharedArtists: 2,
      sharedArtistNames: expect.arrayContaining(shared),
      sharedTags: [],
      followers: summary!.followers,
      honouredShare: null,
      placementsChecked: 0,
    });
    expect(found!.visiblePlaylists).toBe(1);
    expect(found).toMatchObject({ friendRequestSent: false, friendRequestReceived: false });
    expect(JSON.stringify(found)).not.toContain(partner.email);
    // Their profile (discovery/profile/{userId}) shows the same fit.
    const profile = await usersCall(t, me, 'public/profile', { userId: partner.id });
    expect(profile.json().profile.fit).toEqual(found!.fit);

    // Hiding the playlist takes the curator out of Discovery at once.
    const hidden = await post(
      t.app,
      '/api/playlists/visibility',
      { playlistId: PLAYLISTS.freshFinds.id, visible: false },
      { cookie: partner.cookie },
    );
    expect(hidden.statusCode).toBe(200);
    const after = await partners(me, { query: partner.name });
    expect(after.partners.map((p) => p.id)).not.toContain(partner.id);
  });

  it('ranks by fit, shared artists first, and pages without gaps or repeats', async () => {
    const me = await signedInUser(t);
    const tag = `Rank${Date.now()}`;
    await catalogueArtists(t, me.id, ['Aster Vale', 'Bruno Koi']);
    const ids = await seedCurators(t, [
      { name: `${tag} big`, followers: 900_000, checked: 20, honoured: 20 },
      { name: `${tag} match`, followers: 10, artists: ['Aster Vale', 'Bruno Koi', 'Else'] },
      { name: `${tag} small`, followers: 5 },
      ...Array.from({ length: 7 }, (_, i) => ({ name: `${tag} n${i}`, followers: 100 * i })),
    ]);
    const listed = await allPages(me, { query: tag, limit: 3 });
    expect(listed.map((p) => p.id).sort()).toEqual([...ids].sort());
    const scores = listed.map((p) => p.fit.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const match = listed.find((p) => p.id === ids[1])!;
    expect(match.fit.sharedArtists).toBe(2);
    expect(match.fit.sharedArtistNames.sort()).toEqual(['Aster Vale', 'Bruno Koi']);
    expect(match.fit.score).toBe(
      fitScore(2, standingOf({ followers: 10, honouredShare: null, placementsChecked: 0 })),
    );
    // The matched curator outranks those with more followers and no artist in common.
    expect(listed.findIndex((p) => p.id === ids[1])).toBeLessThan(
      listed.findIndex((p) => p.id === ids[3]),
    );
    expect(listed[0]!.id).toBe(ids[0]);
  });

  it('filters by fit, followers and honoured share', async () => {
    const me = await signedInUser(t);
    const tag = `Filter${Date.now()}`;
    const [loyal, famous, flaky] = await seedCurators(t, [
      { name: `${tag} loyal`, followers: 50, checked: 10, honoured: 10 },
      { name: `${tag} famous`, followers: 2_000_000 },
      { name: `${tag} flaky`, followers: 50, checked: 10, honoured: 2 },
    ]);
    const ids = async (body: object) =>
      (await partners(me, { query: tag, ...body })).partners.map((p) => p.id).sort();
    expect(await ids({ minHonouredShare: 0.9 })).toEqual([loyal]);
    expect(await ids({ minFollowers: 1_000_000 })).toEqual([famous]);
    expect(await ids({ minFit: 20 })).toEqual([famous, loyal].sort());
    expect(await ids({})).toEqual([loyal, famous, flaky].sort());
    expect(await ids({ minFit: 99 })).toEqual([]);
  });

  it('leaves out me, my friends and curators blocked either way; flags pending requests', async () => {
    const me = await signedInUser(t);
    const tag = `Rel${Date.now()}`;
    const [friend, iBlocked, blockedMe, asked, askedMe] = await seedCurators(
      t,
      ['friend', 'iblocked', 'blockedme', 'asked', 'askedme'].map((n) => ({ name: `${tag} ${n}` })),
    );
    const { friendships, blocks, friendRequests } = await import('../../db/schema.js');
    await t.context.db.insert(friendships).values([
      { userId: me.id, friendId: friend! },
      { userId: friend!, friendId: me.id },
    ]);
    await t.context.db.insert(blocks).values([
      { blockerId: me.id, blockedId: iBlocked! },
      { blockerId: blockedMe!, blockedId: me.id },
    ]);
    await t.context.db.insert(friendRequests).values([
      { senderId: me.id, receiverId: asked! },
      { senderId: askedMe!, receiverId: me.id },
    ]);
    const answer = await partners(me, { query: tag });
    expect(answer.partners.map((p) => p.id).sort()).toEqual([asked, askedMe].sort());
    expect(answer.partners.find((p) => p.id === asked)).toMatchObject({
      friendRequestSent: true,
      friendRequestReceived: false,
    });
    expect(answer.partners.find((p) => p.id === askedMe)).toMatchObject({
      friendRequestSent: false,
      friendRequestReceived: true,
    });
    expect(answer.requestsReceived).toBe(1);
    // Neither do I appear in the list of the curator who blocked me.
    const all = await allPages(me, {});
    expect(all.map((p) => p.id)).not.toContain(me.id);
  });

  it('answers 401 to an anonymous caller', async () => {
    const response = await post(t.app, '/api/users/network/potential-partners', {});
    expect(response.statusCode).toBe(401);
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 51 }, 'limit'],
    [{ minFit: 101 }, 'minFit'],
    [{ minHonouredShare: 1.5 }, 'minHonouredShare'],
    [{ minFollowers: -1 }, 'minFollowers'],
    [{ query: 'x'.repeat(81) }, 'query'],
    [{ cursor: 'not-a-cursor' }, 'cursor'],
    [{ other: 1 }, ''],
  ])('refuses %j with 400 naming the field', async (body, field) => {
    const me = await signedInUser(t);
    const response = await usersCall(t, me, 'network/potential-partners', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    if (field) expect(Object.keys(response.json().error.fields)).toContain(field);
  });
});

describe('the artists a fit looks for', () => {
  it('counts the newest songs of the catalogue, most songs first, up to the read bound', async () => {
    const me = await signedInUser(t);
    const song = (artist: string, releaseSort: string, index: number) => ({
      userId: me.id,
      upcomingTitle: `Bound ${index}`,
      upcomingArtists: [artist],
      upcomingReleaseDate: releaseSort,
      releaseSort,
      status: 'upcoming' as const,
    });
    await t.context.db
      .insert(catalogSongs)
      .values([
        song('Older Artist', '2031-01-01', 1),
        song('Older Artist', '2031-01-02', 2),
        song('Older Artist', '2031-01-03', 3),
        song('Newest Artist', '2099-06-01', 4),
      ]);
    expect(await viewerArtistKeys(t.context.db, me.id)).toEqual([
      artistKeyOf('Older Artist'),
      artistKeyOf('Newest Artist'),
    ]);
    // A catalogue larger than the bound is read from its newest release on.
    expect(await viewerArtistKeys(t.context.db, me.id, 1)).toEqual([artistKeyOf('Newest Artist')]);
  });
});

describe('the viewer’s artists, kept per catalogue version', () => {
  async function versionOf(userId: string) {
    const [row] = await t.context.db
      .select({ version: users.catalogVersion })
      .from(users)
      .where(eq(users.id, userId));
    return row!.version;
  }

  it('moves the version with a change to the songs’ artists or order, once a statement, not with a status', async () => {
    const me = await signedInUser(t);
    const start = await versionOf(me.id);
    await catalogueArtists(t, me.id, ['First', 'Second', 'Third']);
    expect(await versionOf(me.id)).toBe(start + 1);
    const [song] = await t.context.db
      .select({ id: catalogSongs.id })
      .from(catalogSongs)
      .where(eq(catalogSongs.userId, me.id))
      .limit(1);

    await t.context.db
      .update(catalogSongs)
      .set({ statusSetBy: 'curator' })
      .where(eq(catalogSongs.id, song!.id));
    expect(await versionOf(me.id)).toBe(start + 1);

    await t.context.db
      .update(catalogSongs)
      .set({ upcomingArtists: ['Renamed'] })
      .where(eq(catalogSongs.id, song!.id));
    expect(await versionOf(me.id)).toBe(start + 2);

    await t.context.db
      .update(catalogSongs)
      .set({ releaseSort: '2100-01-01' })
      .where(eq(catalogSongs.id, song!.id));
    expect(await versionOf(me.id)).toBe(start + 3);

    await t.context.db.delete(catalogSongs).where(eq(catalogSongs.userId, me.id));
    expect(await versionOf(me.id)).toBe(start + 4);
  });

  it('ranks by the catalogue as it is now, right after a change, however often the list was read', async () => {
    const partner = await swapCurator(t, { playlist: 'freshFinds' });
    const me = await signedInUser(t);
    const [artist] = await t.context.db
      .select({ name: curatorArtists.artistName })
      .from(curatorArtists)
      .where(eq(curatorArtists.userId, partner.id))
      .limit(1);
    const sharedOf = async () =>
      (await partners(me, { query: partner.name })).partners.find((p) => p.id === partner.id)!.fit
        .sharedArtists;

    await catalogueArtists(t, me.id, ['Only Mine']);
    expect(await sharedOf()).toBe(0);
    expect(await sharedOf()).toBe(0);

    await catalogueArtists(t, me.id, [artist!.name]);
    expect(await sharedOf()).toBe(1);

    await t.context.db
      .update(catalogSongs)
      .set({ upcomingArtists: ['Someone Else'] })
      .where(eq(catalogSongs.userId, me.id));
    expect(await sharedOf()).toBe(0);
  });
});
