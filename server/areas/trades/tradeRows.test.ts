import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradeRow } from '../../../common/api/trades/schemas.js';
import { TRADE_STATUSES } from '../../../common/domain/swaps.js';
import { createTestApp, post, signedInUser, type TestApp } from '../../test/harness.js';

// trades/all lists what the Song Swaps table shows: a row per swap with its songs counted per
// side, never the songs, placements or checks; each song is named once in the answer.
let t: TestApp;
let heavy: { id: string; cookie: string };
const PER_BUCKET = 26;
const FIRST_SCREEN_MAX = 48 * 1024;

const seedSongs = (userId: string, count: number, prefix: string) =>
  t.database.executeSql(
    `insert into catalog_songs (user_id, spotify_track_id, track, release_sort, status, created_at)
     select $1::uuid, $2::text || n,
       jsonb_build_object('id', $2::text || n, 'uri', 'spotify:track:' || $2::text || n,
         'name', 'Song ' || $2::text || ' ' || n,
         'artists', jsonb_build_array(jsonb_build_object('id', null, 'name', 'Artist ' || n)),
         'album', jsonb_build_object('id', null, 'name', 'Album', 'release_date', '2024-01-01', 'imageUrl', null),
         'duration_ms', 180000, 'explicit', false, 'isrc', null, 'preview_url', null, 'external_url', null),
       '2024-01-01', 'available', now() - n * interval '1 second'
     from generate_series(1, $3::int) as n`,
    [userId, prefix, count],
  );

beforeAll(async () => {
  t = await createTestApp();
  heavy = await signedInUser(t);
  const partners = [];
  for (let index = 0; index < 4; index += 1) partners.push(await signedInUser(t));
  await seedSongs(heavy.id, 12, 'h');
  for (const [index, partner] of partners.entries()) await seedSongs(partner.id, 40, `p${index}`);
  // PER_BUCKET swaps in each bucket with the partners in turn, the heavy curator on either side;
  // the pending ones with a pitch.
  await t.database.executeSql(
    `insert into trades (trader_one_id, trader_two_id, status, period_days, start_date, end_date,
       trader_one_accepted, trader_two_accepted, pitch, created_at)
     select case when n % 2 = 0 then $1::uuid else p.id end,
            case when n % 2 = 0 then p.id else $1::uuid end,
            s.status, 14,
            case when s.status <> 'pending' then now() - n * interval '1 hour' end,
            case when s.status <> 'pending' then now() - n * interval '1 hour' + interval '14 days' end,
            s.status <> 'pending' or n % 3 = 0, s.status <> 'pending',
            case when s.status = 'pending' then 'Your late-night list and my new single: a fit?' end,
            now() - n * interval '1 minute'
     from generate_series(0, $3::int * 4 - 1) as n
     cross join lateral (select ($4::text[])[1 + n % 4] as status) s
     join (select id, row_number() over (order by id) - 1 as k from users where id = any($2::uuid[])) p
       on p.k = n % 4`,
    [heavy.id, partners.map((partner) => partner.id), PER_BUCKET, TRADE_STATUSES],
  );
  // Three songs a swap: two of the heavy curator's (from their twelve) and one of the partner's,
  // approved; each placed, with streams reported on the accepted and completed ones.
  await t.database.executeSql(
    `insert into trade_songs (trade_id, song_id, owner_id, approved, streams)
     select tr.id, cs.id, cs.user_id, 1, case when tr.status in ('accepted', 'completed') then 1000 end
     from (select t.*, row_number() over (order by t.created_at) as k from trades t) tr
     cross join lateral (
       (select c.id, c.user_id from catalog_songs c where c.user_id = $1::uuid
        order by c.id offset (tr.k * 2) % 11 limit 2)
       union all
       (select c.id, c.user_id from catalog_songs c
        where c.user_id = case when tr.trader_one_id = $1::uuid then tr.trader_two_id else tr.trader_one_id end
        order by c.id offset tr.k % 40 limit 1)) cs`,
    [heavy.id],
  );
  await t.database.executeSql(
    `insert into trade_placements (trade_song_id, playlist_spotify_id, playlist_name, track_id, position, placed_at)
     select ts.id, 'playlist' || ts.id, 'A placing playlist', 'track' || ts.id, 3, now() - interval '2 days'
     from trade_songs ts join trades tr on tr.id = ts.trade_id
     where tr.status in ('accepted', 'completed')`,
    [],
  );
  await t.database.executeSql('analyze', []);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const listAll = async (body: Record<string, unknown>) => {
  const response = await post(t.app, '/api/trades/all', body, { cookie: heavy.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

describe('trades/all rows', () => {
  it("answers a row per swap with its songs counted, each song named once, within the first screen's size", async () => {
    const response = await listAll({ statuses: [...TRADE_STATUSES] });
    const body = response.json() as {
      trades: Record<string, TradeRow[]>;
      nextCursors: Record<string, string | null>;
      songs: { id: string; title: string; artists: string[] }[];
    };
    for (const status of TRADE_STATUSES) {
      expect(body.trades[status]).toHaveLength(25);
      expect(body.nextCursors[status]).toEqual(expect.any(String));
    }
    const bytes = Buffer.byteLength(response.body);
    console.info(`trades/all first screen: ${bytes} bytes for 100 swaps of 3 songs each`);
    expect(bytes).toBeLessThanOrEqual(FIRST_SCREEN_MAX);
    expect(response.body).not.toContain('TradeSongs');
    expect(response.body).not.toContain('PlaylistSongs');

    const accepted = body.trades.accepted![0]!;
    expect(accepted).toMatchObject({
      status: 'accepted',
      userSongs: 2,
      traderSongs: 1,
      streams: 3000,
      awaitingPlacement: false,
      userAccepted: true,
      traderAccepted: true,
      periodDays: 14,
    });
    expect(accepted.trader.name).not.toBe('');
    expect(accepted).not.toHaveProperty('pitch');
    expect(accepted.songs).toHaveLength(3);
    for (const place of accepted.songs) {
      expect(body.songs[place]).toMatchObject({ title: expect.stringMatching(/^Song /) });
    }
    expect(new Set(body.songs.map((song) => song.id)).size).toBe(body.songs.length);

    const pending = body.trades.pending!;
    for (const absent of ['streams', 'startDate', 'endDate', 'requestedStartDate'])
      expect(pending[0]).not.toHaveProperty(absent);
    expect(pending[0]).toMatchObject({
      awaitingPlacement: true,
      pitch: 'Your late-night list and my new single: a fit?',
    });
    // The sides' acceptance as the viewer sees it, whichever side they are.
    expect(pending.some((row) => row.userAccepted !== row.traderAccepted)).toBe(true);
  });

  it('pages a bucket with its keyset, the rows of the next page as the first', async () => {
    const first = (await listAll({ statuses: ['completed'] })).json();
    const next = (
      await listAll({ statuses: ['completed'], cursor: first.nextCursors.completed })
    ).json();
    expect(next.trades.completed).toHaveLength(1);
    expect(next.nextCursors.completed).toBeNull();
    expect(next.trades.completed[0]).toMatchObject({ userSongs: 2, traderSongs: 1 });
    expect(next.songs).toHaveLength(3);
  });
  // Last: it adds a swap, newest of the pending ones.
  it('names a Spotify song by its track and an upcoming release by what its owner entered', async () => {
    const { rows } = await t.database.executeSql(
      `select trader_two_id as id from trades where trader_one_id = $1::uuid limit 1`,
      [heavy.id],
    );
    const [partner] = rows as { id: string }[];
    await t.database.executeSql(
      `with upcoming as (
         insert into catalog_songs (user_id, upcoming_title, upcoming_artists, upcoming_release_date, release_sort, status)
         values ($1::uuid, 'Northern Lights', '["Mara Velden", "Theo Okafor"]', '2027-03-01', '2027-03-01', 'upcoming')
         returning id),
       swap as (
         insert into trades (trader_one_id, trader_two_id, status, period_days, created_at)
         values ($1::uuid, $2::uuid, 'pending', 14, now() + interval '1 day')
         returning id)
       insert into trade_songs (trade_id, song_id, owner_id, approved)
       select swap.id, upcoming.id, $1::uuid, 0 from swap, upcoming
       union all
       select swap.id, (select id from catalog_songs where user_id = $2::uuid and track is not null limit 1), $2::uuid, 0
       from swap`,
      [heavy.id, partner!.id],
    );
    const body = (await listAll({ statuses: ['pending'] })).json() as {
      trades: Record<string, TradeRow[]>;
      songs: { id: string; title: string; artists: string[] }[];
    };
    const named = body.trades.pending![0]!.songs.map((place) => body.songs[place]!);
    expect(named).toContainEqual(
      expect.objectContaining({
        title: 'Northern Lights',
        artists: ['Mara Velden', 'Theo Okafor'],
      }),
    );
    expect(named).toContainEqual(
      expect.objectContaining({
        title: expect.stringMatching(/^Song p\d+ \d+$/),
        artists: [expect.stringMatching(/^Artist \d+$/)],
      }),
    );
  });
});
