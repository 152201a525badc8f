import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PotentialPartner } from '../../../common/api/users/schemas.js';
import { curatorSummaries, curatorTags } from '../../db/schema.js';
import { seedCurators } from '../../test/discovery.js';
import { createTestApp, post, signedInUser, type TestApp } from '../../test/harness.js';
import { usersCall, type Curator } from '../../test/network.js';
import { PLAYLISTS, swapCurator } from '../../test/trades.js';
import { fitScore } from './fit.js';

// Genres and moods (docs/genres.md): tagging playlists and songs, and Discovery's use of them.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FRESH_FINDS = PLAYLISTS.freshFinds.id;

async function partners(who: Curator, body: object = {}) {
  const response = await usersCall(t, who, 'network/potential-partners', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { partners: PotentialPartner[]; nextCursor: string | null };
}

const call = (who: Curator, action: string, body: object) =>
  post(t.app, `/api/${action}`, body, { cookie: who.cookie });

describe('playlists/tags and songs/tags', () => {
  it('tags a visible playlist of the owner, and refuses a hidden one', async () => {
    const owner = await swapCurator(t, { playlist: 'freshFinds' });
    const tagged = await call(owner, 'playlists/tags', {
      playlistId: FRESH_FINDS,
      tags: ['lo-fi', 'chill'],
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(tagged.json()).toEqual({ playlistId: FRESH_FINDS, tags: ['lo-fi', 'chill'] });
    const info = await call(owner, 'playlists/info', {});
    expect(info.json().playlistsInfo[FRESH_FINDS].tags).toEqual(['lo-fi', 'chill']);
    // Discovery's summary has them at once, with the curator's standing.
    const [summary] = await t.context.db
      .select()
      .from(curatorSummaries)
      .where(eq(curatorSummaries.userId, owner.id));
    const rows = await t.context.db
      .select()
      .from(curatorTags)
      .where(eq(curatorTags.userId, owner.id));
    expect(rows.map((row) => row.tag).sort()).toEqual(['chill', 'lo-fi']);
    expect(rows.every((row) => row.standing === summary!.standing)).toBe(true);

    // Hidden: no tagging, and the tags no longer count in Discovery.
    await call(owner, 'playlists/visibility', { playlistId: FRESH_FINDS, visible: false });
    const refused = await call(owner, 'playlists/tags', { playlistId: FRESH_FINDS, tags: ['pop'] });
    expect(refused.statusCode).toBe(409);
    expect(
      await t.context.db.select().from(curatorTags).where(eq(curatorTags.userId, owner.id)),
    ).toEqual([]);
  });

  it.each([
    [{ tags: ['no-such-genre'] }],
    [{ tags: ['pop', 'pop'] }],
    [{ tags: ['pop', 'rock', 'jazz', 'funk', 'chill', 'dark'] }],
    [{ tags: 'pop' }],
  ])('refuses %j with 400 naming tags, changing nothing', async (body) => {
    const owner = await swapCurator(t, { playlist: 'freshFinds' });
    await call(owner, 'playlists/tags', { playlistId: FRESH_FINDS, tags: ['jazz'] });
    const response = await call(owner, 'playlists/tags', { playlistId: FRESH_FINDS, ...body });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields).join()).toMatch(/^tags/);
    const info = await call(owner, 'playlists/info', {});
    expect(info.json().playlistsInfo[FRESH_FINDS].tags).toEqual(['jazz']);
  });

  it('tags a song of the owner’s catalogue; a stranger’s call is 404 and changes nothing', async () => {
    const owner = await swapCurator(t, { playlist: 'freshFinds' });
    const song = await owner.upcoming();
    const tagged = await call(owner, 'songs/tags', { songId: song.id, tags: ['synthwave'] });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(tagged.json().song.tags).toEqual(['synthwave']);
    const stranger = await signedInUser(t);
    const refused = await call(stranger, 'songs/tags', { songId: song.id, tags: ['pop'] });
    expect(refused.statusCode).toBe(404);
    const own = await call(owner, 'songs/get/song', { songId: song.id });
    expect(own.json().song.tags).toEqual(['synthwave']);
  });

  it('answers 401 to an anonymous caller', async () => {
    for (const action of ['playlists/tags', 'songs/tags']) {
      const response = await post(t.app, `/api/${action}`, {});
      expect(response.statusCode).toBe(401);
    }
  });

  it('a blocked curator cannot tag the blocker’s playlist, nor find them by genre', async () => {
    const blocker = await swapCurator(t, { playlist: 'freshFinds' });
    const blocked = await swapCurator(t, { playlist: 'gymTempo' });
    await call(blocker, 'playlists/tags', { playlistId: FRESH_FINDS, tags: ['ambient'] });
    const before = await partners(blocked, { genre: 'ambient', query: blocker.name });
    expect(before.partners.map((p) => p.id)).toEqual([blocker.id]);

    expect((await usersCall(t, blocker, 'block', { userId: blocked.id })).statusCode).toBe(200);
    const aimed = await call(blocked, 'playlists/tags', { playlistId: FRESH_FINDS, tags: ['pop'] });
    // Their own account has no such playlist: the same 404 as any stranger's.
    expect(aimed.statusCode).toBe(404);
    const after = await partners(blocked, { genre: 'ambient', query: blocker.name });
    expect(after.partners).toEqual([]);
    const info = await call(blocker, 'playlists/info', {});
    expect(info.json().playlistsInfo[FRESH_FINDS].tags).toEqual(['ambient']);
  });
});

describe('genres in Discovery', () => {
  it('adds shared tags to the fit, names the genres matched, and filters by genre', async () => {
    const partner = await swapCurator(t, { playlist: 'freshFinds' });
    await call(partner, 'playlists/tags', {
      playlistId: FRESH_FINDS,
      tags: ['indie-pop', 'dreamy', 'focus'],
    });
    const me = await swapCurator(t, { playlist: 'gymTempo' });
    const song = await me.upcoming();
    await call(me, 'songs/tags', { songId: song.id, tags: ['dreamy'] });
    await call(me, 'playlists/tags', { playlistId: PLAYLISTS.gymTempo.id, tags: ['indie-pop'] });

    const found = (await partners(me, { query: partner.name })).partners[0]!;
    expect(found.id).toBe(partner.id);
    const [summary] = await t.context.db
      .select()
      .from(curatorSummaries)
      .where(eq(curatorSummaries.userId, partner.id));
    // Vocabulary order: genres first, then moods.
    expect(found.fit.sharedTags).toEqual(['indie-pop', 'dreamy']);
    expect(found.fit.score).toBe(fitScore(found.fit.sharedArtists, summary!.standing, 2));
    const profile = await usersCall(t, me, 'public/profile', { userId: partner.id });
    expect(profile.json().profile.fit).toEqual(found.fit);

    const ids = async (genre: string) =>
      (await partners(me, { query: partner.name, genre })).partners.map((p) => p.id);
    expect(await ids('focus')).toEqual([partner.id]);
    expect(await ids('metal')).toEqual([]);
  });

  it('pages a genre by keyset in fit order, matched and unmatched alike, without gaps or repeats', async () => {
    const me = await signedInUser(t);
    const name = `Genre${Date.now()}`;
    const ids = await seedCurators(t, [
      ...Array.from({ length: 7 }, (_, i) => ({
        name: `${name} jazz${i}`,
        followers: 100 * (i + 1),
        tags: ['jazz', ...(i % 2 === 0 ? ['chill'] : [])],
      })),
      { name: `${name} rock`, followers: 5_000, tags: ['rock'] },
    ]);
    const jazz = ids.slice(0, 7);
    const seen: PotentialPartner[] = [];
    let cursor: string | null = null;
    do {
      const page = await partners(me, {
        query: name,
        genre: 'jazz',
        limit: 2,
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...page.partners);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((p) => p.id).sort()).toEqual([...jazz].sort());
    const scores = seen.map((p) => p.fit.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // The same walk without a name search runs the prepared shape on the tag index.
    const all = await partners(me, { genre: 'jazz', limit: 50 });
    expect(all.partners.map((p) => p.id)).toEqual(expect.arrayContaining(jazz));
    expect(all.partners.map((p) => p.id)).not.toContain(ids[7]);
  });

  it('ranks a curator sharing only genres with me above their standing alone', async () => {
    const me = await swapCurator(t, { playlist: 'gymTempo' });
    const song = await me.upcoming();
    await call(me, 'songs/tags', { songId: song.id, tags: ['chill', 'sleep'] });
    const name = `Mood${Date.now()}`;
    const [calm, loud] = await seedCurators(t, [
      { name: `${name} calm`, followers: 10, tags: ['chill', 'sleep'] },
      { name: `${name} loud`, followers: 2_000, tags: ['metal'] },
    ]);
    const listed = (await partners(me, { query: name })).partners;
    const calmCard = listed.find((p) => p.id === calm)!;
    expect(calmCard.fit.sharedTags).toEqual(['chill', 'sleep']);
    expect(listed.find((p) => p.id === loud)!.fit.sharedTags).toEqual([]);
    expect(listed.map((p) => p.id)).toEqual([calm, loud]);
  });
});
