import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { curator as anyCurator, dayFromNow } from '../../test/curators.js';

// users.catalog_song_count is kept by statement triggers on catalog_songs (migration 0025); the
// catalogue's count and its plan limit read it. It must always equal counting the songs.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function counterAndTruth(userId: string) {
  const { rows } = await t.database.executeSql(
    `select u.catalog_song_count as counter,
       (select count(*)::int from catalog_songs s where s.user_id = u.id) as truth
     from users u where u.id = $1`,
    [userId],
  );
  const row = rows[0] as { counter: number | string; truth: number | string };
  return { counter: Number(row.counter), truth: Number(row.truth) };
}

/** Inserts `count` upcoming releases for each user in one statement. */
async function insertSongs(userIds: string[], count: number) {
  await t.database.executeSql(
    `insert into catalog_songs (user_id, upcoming_title, upcoming_artists, upcoming_release_date,
       release_sort, status)
     select u::uuid, 'Song ' || n, '["Artist"]'::jsonb, date '2030-01-01', '2030-01-01', 'upcoming'
     from unnest($1::text[]) as u, generate_series(1, $2::int) as n`,
    [`{${userIds.join(',')}}`, count],
  );
}

describe('the catalogue song counter', () => {
  it('follows songs added and removed through the API, and the catalogue answers it', async () => {
    const c = await anyCurator(t, { spotify: false });
    const ids: string[] = [];
    for (const title of ['One', 'Two', 'Three']) {
      const response = await c.call('songs/upcoming-release', {
        title,
        artists: ['Mara Velden'],
        releaseDate: dayFromNow(t, 30),
      });
      expect(response.statusCode, response.body).toBe(200);
      ids.push(response.json().song.id);
    }
    expect((await c.call('songs/catalog')).json().limits.count).toBe(3);

    const removed = await c.call('songs/remove-from-catalog', { songId: ids[0] });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await c.call('songs/catalog')).json().limits.count).toBe(2);
    expect(await counterAndTruth(c.id)).toEqual({ counter: 2, truth: 2 });
  });

  it('counts many songs of several users added or removed in one statement', async () => {
    const one = await anyCurator(t, { spotify: false });
    const two = await anyCurator(t, { spotify: false });
    await insertSongs([one.id, two.id], 250);
    expect(await counterAndTruth(one.id)).toEqual({ counter: 250, truth: 250 });

    await t.database.executeSql(
      `delete from catalog_songs where user_id in ($1, $2) and upcoming_title like 'Song 1%'`,
      [one.id, two.id],
    );
    for (const user of [one, two]) {
      const { counter, truth } = await counterAndTruth(user.id);
      expect(counter).toBe(truth);
      expect(truth).toBeLessThan(250);
    }
  });

  it('moves with a song that changes hands, and leaves nothing behind when a user goes', async () => {
    const from = await anyCurator(t, { spotify: false });
    const to = await anyCurator(t, { spotify: false });
    await insertSongs([from.id], 3);
    await t.database.executeSql(
      `update catalog_songs set user_id = $2 where id =
         (select id from catalog_songs where user_id = $1 limit 1)`,
      [from.id, to.id],
    );
    expect(await counterAndTruth(from.id)).toEqual({ counter: 2, truth: 2 });
    expect(await counterAndTruth(to.id)).toEqual({ counter: 1, truth: 1 });

    // Deleting the user cascades to the songs; the trigger finds no row left to count down.
    await t.database.executeSql(`delete from users where id = $1`, [from.id]);
    expect(await counterAndTruth(to.id)).toEqual({ counter: 1, truth: 1 });
  });

  it('a rolled-back insert leaves the counter as it was', async () => {
    const c = await anyCurator(t, { spotify: false });
    await insertSongs([c.id], 2);
    await expect(
      t.context.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into catalog_songs (user_id, upcoming_title, upcoming_artists,
                upcoming_release_date, release_sort, status)
              values (${c.id}, 'Rolled back', '["A"]', '2030-01-01', '2030-01-01', 'upcoming')`,
        );
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await counterAndTruth(c.id)).toEqual({ counter: 2, truth: 2 });
  });
});
