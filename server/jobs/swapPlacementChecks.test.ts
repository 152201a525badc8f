import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TradeSong } from '../../common/api/trades/schemas.js';
import { standingOf } from '../areas/discovery/fit.js';
import {
  curatorArtists,
  curatorSummaries,
  curatorTags,
  jobOutcomes,
  messages,
  tradePlacementChecks,
} from '../db/schema.js';
import { createTestApp, post, type TestApp, loggerKeepingLines } from '../test/harness.js';
import { acceptedSwap, PLAYLISTS, trackIdsOf } from '../test/trades.js';
import { locateTrack as locate } from '../areas/trades/index.js';
import { checkPlacements } from './swapPlacementChecks.js';

const DAY = 86_400_000;
const GYM_TEMPO = PLAYLISTS.gymTempo.id;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t?.close());

const systemMessages = () =>
  t.context.db.select().from(messages).where(eq(messages.type, 'system'));

/** An accepted swap with one's song placed by two in Gym Tempo at position 3. */
async function placedSwap() {
  const swap = await acceptedSwap(t, { periodDays: 28 });
  const placed = await swap.two.call('addtoplaylist', {
    tradeId: swap.trade.id,
    tradeSongId: swap.oneTradeSongId,
    playlistId: GYM_TEMPO,
    position: 3,
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const placementId = (placed.json().tradeSong as TradeSong).PlaylistSongs[0]!.id;
  return { ...swap, placementId, trackId: swap.oneSong.spotify.id! };
}

describe('locateTrack', () => {
  it('finds the occurrence nearest the recorded position, or null', () => {
    expect(locate(['a', 'x', 'b', 'x'], 'x', 3)).toBe(3);
    expect(locate(['x', 'a', 'b', 'c', 'd', 'x'], 'x', 1)).toBe(0);
    expect(locate(['a', null, 'b'], 'x', 1)).toBeNull();
  });
});

describe('checkPlacements', () => {
  it('records once a day whether the track is in the playlist and at its position', async () => {
    const { one, trade, placementId, trackId, oneTradeSongId } = await placedSwap();
    expect(await checkPlacements(t.context, t.clock.now())).toEqual({ 'in place': 1 });
    // Once a day: the same day again does nothing.
    expect(await checkPlacements(t.context, t.clock.now())).toEqual({});

    // Next day someone adds a track above it: it is still there, one lower.
    t.clock.advance(DAY);
    t.spotify.control.editAsSomeoneElse(GYM_TEMPO, {
      kind: 'add',
      trackId: trackIdsOf(t, GYM_TEMPO)[10]!,
      position: 0,
    });
    expect(trackIdsOf(t, GYM_TEMPO)[4]).toBe(trackId);
    expect(await checkPlacements(t.context, t.clock.now())).toEqual({ moved: 1 });

    const checks = await t.context.db
      .select()
      .from(tradePlacementChecks)
      .where(eq(tradePlacementChecks.placementId, placementId))
      .orderBy(tradePlacementChecks.day);
    expect(
      checks.map(({ inPlaylist, atPosition, position }) => ({ inPlaylist, atPosition, position })),
    ).toEqual([
      { inPlaylist: true, atPosition: true, position: 3 },
      { inPlaylist: true, atPosition: false, position: 4 },
    ]);
    // Both traders see the record on the song.
    const song = (await one.call('trade-songs', { tradeId: trade.id }))
      .json()
      .tradeSongs.find((s: TradeSong) => s.id === oneTradeSongId) as TradeSong;
    expect(song.checks).toEqual([
      expect.objectContaining({
        placementId,
        playlistSpotifyId: GYM_TEMPO,
        inPlaylist: true,
        atPosition: true,
      }),
      expect.objectContaining({ placementId, inPlaylist: true, atPosition: false, position: 4 }),
    ]);
    expect(await systemMessages()).toEqual([]);
  });

  it('a track taken out early is recorded, and its owner is told once', async () => {
    const { one, two, placementId, trackId } = await placedSwap();
    expect(await checkPlacements(t.context, t.clock.now())).toEqual({ 'in place': 1 });

    t.clock.advance(DAY);
    t.spotify.control.editAsSomeoneElse(GYM_TEMPO, { kind: 'remove', position: 3 });
    expect(trackIdsOf(t, GYM_TEMPO)).not.toContain(trackId);
    expect(await checkPlacements(t.context, t.clock.now())).toEqual({ gone: 1 });
    const [gone] = await t.context.db
      .select()
      .from(tradePlacementChecks)
      .where(
        and(
          eq(tradePlacementChecks.placementId, placementId),
          eq(tradePlacementChecks.day, t.clock.now().toISOString().slice(0, 10)),
        ),
      );
    expect(gone).toMatchObject({ inPlaylist: false, atPosition: false, position: null });

    const told = await systemMessages();
    expect(told).toHaveLength(1);
    expect(told[0]!.content).toMatch(/is no longer in the playlist “Gym Tempo”/);
    // In the traders' own conversation, which both of them see.
    for (const who of [one, two]) {
      const list = await post(t.app, '/api/messenger/conversations', {}, { cookie: who.cookie });
      expect(list.json().conversations[0]).toMatchObject({
        id: told[0]!.conversationId,
        lastMessageContent: told[0]!.content,
      });
    }

    // Still gone the next day: recorded again, but not told again.
    t.clock.advance(DAY);
    expect(await checkPlacements(t.context, t.clock.now())).toEqual({ gone: 1 });
    expect(await systemMessages()).toHaveLength(1);
    const outcomes = await t.context.db
      .select()
      .from(jobOutcomes)
      .where(eq(jobOutcomes.subjectId, placementId));
    expect(outcomes.map((row) => row.outcome).sort()).toEqual(['gone', 'gone', 'in place']);
  });

  it('taken out by the placer during the period: kept on record, the owner told', async () => {
    const { two, trade, oneTradeSongId, trackId } = await placedSwap();
    const removed = await two.call('removesongfromplaylist', {
      tradeId: trade.id,
      tradeSongId: oneTradeSongId,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(trackIdsOf(t, GYM_TEMPO)).not.toContain(trackId);
    expect((removed.json().tradeSong as TradeSong).PlaylistSongs).toEqual([]);
    expect(await systemMessages()).toHaveLength(1);
    // Nothing left to check.
    expect(await checkPlacements(t.context, t.clock.now())).toEqual({});
  });

  it('a playlist Spotify will not show records no check, so the next run tries again', async () => {
    const { placementId } = await placedSwap();
    t.spotify.control.injectFault({
      kind: 'serverError',
      status: 500,
      times: 10,
      pathContains: '/items',
      method: 'GET',
    });
    const summary = await checkPlacements(t.context, t.clock.now());
    expect(summary).toEqual({ failed: 1 });
    t.spotify.control.clearFaults();
    expect(
      await t.context.db
        .select()
        .from(tradePlacementChecks)
        .where(eq(tradePlacementChecks.placementId, placementId)),
    ).toEqual([]);
    expect(await checkPlacements(t.context, t.clock.now())).toEqual({ 'in place': 1 });
  });
});

describe("the placer's Discovery summary", () => {
  /** The curator's summary, with the standing copies kept on their artists and tags. */
  async function summaryOf(userId: string) {
    const [summary] = await t.context.db
      .select()
      .from(curatorSummaries)
      .where(eq(curatorSummaries.userId, userId));
    const artists = await t.context.db
      .select({ standing: curatorArtists.standing })
      .from(curatorArtists)
      .where(eq(curatorArtists.userId, userId));
    const tags = await t.context.db
      .select({ standing: curatorTags.standing })
      .from(curatorTags)
      .where(eq(curatorTags.userId, userId));
    return {
      ...summary!,
      copies: [...new Set([...artists, ...tags].map((row) => row.standing))],
    };
  }

  it('moves with each check of their placement, without waiting for the daily refresh', async () => {
    const { one, two } = await placedSwap();
    const tagged = await post(
      t.app,
      '/api/playlists/tags',
      { playlistId: GYM_TEMPO, tags: ['workout'] },
      { cookie: two.cookie },
    );
    expect(tagged.statusCode, tagged.body).toBe(200);
    const before = await summaryOf(two.id);
    expect(before).toMatchObject({ placementsChecked: 0, honouredShare: null });
    const ownersBefore = await summaryOf(one.id);
    const followers = before.followers;

    expect(await checkPlacements(t.context, t.clock.now())).toEqual({ 'in place': 1 });
    const honoured = await summaryOf(two.id);
    const honouredStanding = standingOf({ followers, honouredShare: 1, placementsChecked: 1 });
    expect(honouredStanding).not.toBe(before.standing);
    expect(honoured).toMatchObject({
      placementsChecked: 1,
      placementsHonoured: 1,
      honouredShare: 1,
      standing: honouredStanding,
      copies: [honouredStanding],
    });

    // Taken out the next day: no longer honoured.
    t.clock.advance(DAY);
    t.spotify.control.editAsSomeoneElse(GYM_TEMPO, { kind: 'remove', position: 3 });
    expect(await checkPlacements(t.context, t.clock.now())).toEqual({ gone: 1 });
    const broken = await summaryOf(two.id);
    const brokenStanding = standingOf({ followers, honouredShare: 0, placementsChecked: 1 });
    expect(brokenStanding).toBeLessThan(honouredStanding);
    expect(broken).toMatchObject({
      placementsChecked: 1,
      placementsHonoured: 0,
      honouredShare: 0,
      standing: brokenStanding,
      copies: [brokenStanding],
    });
    // The song's owner placed nothing: their record did not move.
    expect(await summaryOf(one.id)).toEqual(ownersBefore);
  });

  it('a summary that cannot be written is logged and does not fail the check', async () => {
    await t.close();
    const lines: string[] = [];
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logger: loggerKeepingLines(lines) });
    const { two, placementId } = await placedSwap();
    // The database refuses every summary write from now on.
    await t.context.db.execute(sql`
      create function refuse_summary() returns trigger language plpgsql as
        $$ begin raise exception 'summaries refused'; end $$`);
    await t.context.db.execute(sql`
      create trigger refuse_summary before insert or update on curator_summaries
        for each row execute function refuse_summary()`);

    expect(await checkPlacements(t.context, t.clock.now())).toEqual({ 'in place': 1 });
    expect(
      await t.context.db
        .select()
        .from(tradePlacementChecks)
        .where(eq(tradePlacementChecks.placementId, placementId)),
    ).toHaveLength(1);
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: 'discovery: summary not refreshed', userId: two.id }),
    );
  });
});
