import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradeSongSummary } from '../../db/schema.js';
import { createTestApp, signedInUser, type TestApp } from '../../test/harness.js';

// A swap's song summary (trade_song_summaries) is kept by the database's triggers on
// trade_songs and trade_placements; every write the product makes to either table (and a
// statement writing several swaps at once) leaves it as its songs and live placements are.
let t: TestApp;
let one: string;
let two: string;

const sql = async <Row>(text: string, values: unknown[] = []) =>
  (await t.database.executeSql(text, values)).rows as Row[];

const songOf = async (userId: string, name: string) =>
  (
    await sql<{ id: string }>(
      `insert into catalog_songs (user_id, spotify_track_id, release_sort, status)
       values ($1, $2, '', 'available') returning id`,
      [userId, name],
    )
  )[0]!.id;

const newTrade = async () =>
  (
    await sql<{ id: string }>(
      `insert into trades (trader_one_id, trader_two_id, period_days) values ($1, $2, 7)
       returning id`,
      [one, two],
    )
  )[0]!.id;

/** The swap's kept summary; null when it has none (a swap that never had a song). */
const summaryOf = async (tradeId: string) =>
  (
    await sql<{ summary: TradeSongSummary | null }>(
      `select (select summary from trade_song_summaries where trade_id = t.id) as summary
       from trades t where t.id = $1`,
      [tradeId],
    )
  )[0]!.summary ?? empty;

const empty: TradeSongSummary = {
  traderOneSongs: 0,
  traderTwoSongs: 0,
  streams: null,
  awaiting: false,
  songIds: [],
};

beforeAll(async () => {
  t = await createTestApp();
  one = (await signedInUser(t)).id;
  two = (await signedInUser(t)).id;
});
afterAll(async () => {
  await t?.close();
});

describe("a swap's kept song summary", () => {
  it('follows its songs and their placements through every kind of write', async () => {
    const trade = await newTrade();
    expect(await summaryOf(trade)).toEqual(empty);

    const [a, b, c] = [await songOf(one, 'a'), await songOf(one, 'b'), await songOf(two, 'c')];
    await sql(
      `insert into trade_songs (trade_id, song_id, owner_id, created_at)
       values ($1, $2, $4, now() - interval '3 minutes'), ($1, $3, $4, now() - interval '2 minutes')`,
      [trade, a, b, one],
    );
    await sql(`insert into trade_songs (trade_id, song_id, owner_id) values ($1, $2, $3)`, [
      trade,
      c,
      two,
    ]);
    expect(await summaryOf(trade)).toEqual({
      ...empty,
      traderOneSongs: 2,
      traderTwoSongs: 1,
      songIds: [a, b, c],
    });

    // Approved and not placed: awaiting; placed: not; the placement removed: awaiting again.
    await sql(`update trade_songs set approved = 1 where song_id = $1`, [c]);
    expect((await summaryOf(trade)).awaiting).toBe(true);
    const [placement] = await sql<{ id: string }>(
      `insert into trade_placements (trade_song_id, playlist_spotify_id, playlist_name, track_id, position, placed_at)
       select id, 'p', 'A playlist', 't', 0, now() from trade_songs where song_id = $1 returning id`,
      [c],
    );
    expect((await summaryOf(trade)).awaiting).toBe(false);
    await sql(`update trade_placements set removed_at = now() where id = $1`, [placement!.id]);
    expect((await summaryOf(trade)).awaiting).toBe(true);
    await sql(`update trade_placements set removed_at = null where id = $1`, [placement!.id]);
    expect((await summaryOf(trade)).awaiting).toBe(false);
    await sql(`delete from trade_placements where id = $1`, [placement!.id]);
    expect((await summaryOf(trade)).awaiting).toBe(true);
    // Declined (2) is not awaiting.
    await sql(`update trade_songs set approved = 2 where song_id = $1`, [c]);
    expect((await summaryOf(trade)).awaiting).toBe(false);

    // Streams: summed once reported, null while none is.
    await sql(`update trade_songs set streams = 1200 where song_id = $1`, [a]);
    await sql(`update trade_songs set streams = 300 where song_id = $1`, [b]);
    expect((await summaryOf(trade)).streams).toBe(1500);

    // A song leaving the catalogue leaves the swap (a cascade), and the summary with it.
    await sql(`delete from catalog_songs where id = $1`, [a]);
    expect(await summaryOf(trade)).toEqual({
      traderOneSongs: 1,
      traderTwoSongs: 1,
      streams: 300,
      awaiting: false,
      songIds: [b, c],
    });
    await sql(`delete from trade_songs where trade_id = $1`, [trade]);
    expect(await summaryOf(trade)).toEqual(empty);
  });

  it('is kept for every swap a statement writes, each from its own songs', async () => {
    const [first, second] = [await newTrade(), await newTrade()];
    const [d, e] = [await songOf(one, 'd'), await songOf(two, 'e')];
    await sql(
      `insert into trade_songs (trade_id, song_id, owner_id, approved)
       values ($1, $3, $5, 1), ($2, $3, $5, 0), ($2, $4, $6, 1)`,
      [first, second, d, e, one, two],
    );
    expect(await summaryOf(first)).toEqual({
      ...empty,
      traderOneSongs: 1,
      awaiting: true,
      songIds: [d],
    });
    expect(await summaryOf(second)).toMatchObject({
      traderOneSongs: 1,
      traderTwoSongs: 1,
      awaiting: true,
    });
    await sql(`update trade_songs set approved = 1 where trade_id = any($1::uuid[])`, [
      [first, second],
    ]);
    await sql(
      `insert into trade_placements (trade_song_id, playlist_spotify_id, playlist_name, track_id, position, placed_at)
       select id, 'p', 'A playlist', 't', 0, now() from trade_songs where trade_id = any($1::uuid[])`,
      [[first, second]],
    );
    expect((await summaryOf(first)).awaiting).toBe(false);
    expect((await summaryOf(second)).awaiting).toBe(false);
  });
});
