import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../test/harness.js';
import { queryPlan } from '../../test/queryPlan.js';
import { blockedPageQuery, friendsPageQuery, requestsPageQuery } from './lists.js';

// EXPLAIN on the test database (PGlite, or PostgreSQL in CI): each network list (friends,
// requests received and sent, blocked) is read backwards from its (owner, created_at, other)
// index from the cursor, a page at a time, never by sorting or scanning the curator's rows.
let t: TestApp;
let heavyId: string;
let groupId: string;
const CURATORS = 3_000;

beforeAll(async () => {
  t = await createTestApp();
  heavyId = (await signedInUser(t)).id;
  await t.database.executeSql(
    `insert into users (name, email, password_hash, trial_ends_at, notifications)
     select 'Curator ' || n, 'curator' || n || '@lists.test', 'x', now(), '{}'::jsonb
     from generate_series(1, $1::int) as n`,
    [CURATORS],
  );
  // Curators with no relation to the heavy one: the users table is not a small one either.
  await t.database.executeSql(
    `insert into users (name, email, password_hash, trial_ends_at, notifications)
     select 'Bystander ' || n, 'bystander' || n || '@elsewhere.test', 'x', now(), '{}'::jsonb
     from generate_series(1, 20000) as n`,
    [],
  );
  const curators = (alias: string) => `(select id, row_number() over (order by id) as n
    from users where email like '%@lists.test') ${alias}`;
  const others = curators('u');
  // Every curator is a friend of everyone a few places on (both sides stored), so the heavy
  // curator's list is a range among many others'; the heavy one also has requests both ways
  // and blocks.
  await t.database.executeSql(
    `insert into friendships (user_id, friend_id, created_at)
     select $1::uuid, u.id, now() - u.n * interval '1 minute' from ${others}
     union all
     select u.id, $1::uuid, now() - u.n * interval '1 minute' from ${others}`,
    [heavyId],
  );
  await t.database.executeSql(
    `insert into friendships (user_id, friend_id, created_at)
     select a.id, b.id, now() - a.n * interval '1 second'
     from ${curators('a')} join ${curators('b')}
       on b.n between a.n + 1 and a.n + 5`,
    [],
  );
  await t.database.executeSql(
    `insert into friend_requests (sender_id, receiver_id, created_at)
     select case when u.n % 2 = 0 then u.id else $1::uuid end,
            case when u.n % 2 = 0 then $1::uuid else u.id end,
            now() - u.n * interval '1 minute' from ${others}`,
    [heavyId],
  );
  await t.database.executeSql(
    `insert into blocks (blocker_id, blocked_id, created_at)
     select $1::uuid, u.id, now() - u.n * interval '1 minute' from ${others}`,
    [heavyId],
  );
  // Every curator has a few groups of their own: the groups table is not a tiny one.
  await t.database.executeSql(
    `insert into friend_groups (owner_id, name)
     select u.id, 'Group ' || g from ${others}, generate_series(1, 3) as g`,
    [],
  );
  const [group] = (
    await t.database.executeSql(
      `insert into friend_groups (owner_id, name) values ($1::uuid, 'Label mates') returning id`,
      [heavyId],
    )
  ).rows as { id: string }[];
  groupId = group!.id;
  await t.database.executeSql(
    `insert into friend_group_members (group_id, friend_id)
     select $1::uuid, u.id from ${others} where u.n % 10 = 0`,
    [groupId],
  );
  // The other groups have members too.
  await t.database.executeSql(
    `insert into friend_group_members (group_id, friend_id)
     select g.id, f.friend_id from friend_groups g
     join lateral (select friend_id from friendships where user_id = g.owner_id limit 5) f on true
     where g.id <> $1::uuid`,
    [groupId],
  );
  await t.database.executeSql(
    'analyze users; analyze friendships; analyze friend_requests; analyze blocks; analyze friend_groups; analyze friend_group_members',
    [],
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const planOf = (query: Parameters<typeof queryPlan>[1]) => queryPlan(t.database, query);
const expectIndexOrder = (plan: string, index: string, table: string) => {
  expect(plan).toContain(index);
  expect(plan).not.toMatch(/(^|->)\s*(Incremental )?Sort\s+\(/m);
  expect(plan).not.toMatch(new RegExp(`Seq Scan on (${table}|users)\\b`));
};
/** A cursor in the middle of the list: 1,500 curators (minutes) back. */
const middle = () => ({
  at: new Date(Date.now() - 1_500 * 60_000),
  id: 'ffffffff-ffff-4fff-bfff-ffffffffffff',
});

describe('the network list plans', () => {
  it('reads friends from friendships_user_since_idx in order, first page and from a cursor', async () => {
    for (const after of [null, middle()]) {
      const plan = await planOf(friendsPageQuery(t.context.db, heavyId, after, { limit: 20 }));
      expectIndexOrder(plan, 'friendships_user_since_idx', 'friendships');
    }
  });

  it('filters friends by name and by group from the caller’s rows only', async () => {
    // A name search reads only the caller's range of the index (at worst all their friends,
    // never other curators' names) and may sort the few matches.
    const byName = await planOf(
      friendsPageQuery(t.context.db, heavyId, middle(), { limit: 20, query: 'Curator 1' }),
    );
    expect(byName).toContain('friendships_user_since_idx');
    expect(byName).not.toMatch(/Seq Scan/);
    // A group holds at most GROUP_MEMBERS_MAX friends: its page may be read from the group's
    // members and sort those (a bounded sort), but never scans friendships or the members.
    const inGroup = await planOf(
      friendsPageQuery(t.context.db, heavyId, null, { limit: 20, groupId }),
    );
    expect(inGroup).toMatch(/friend_group_members_(group_friend_key|friend_idx)/);
    expect(inGroup).not.toMatch(/Seq Scan on (friendships|friend_group|users)\b/);
  });

  it('reads requests received and sent from their own indexes in order', async () => {
    for (const after of [null, middle()]) {
      expectIndexOrder(
        await planOf(
          requestsPageQuery(t.context.db, heavyId, after, { direction: 'received', limit: 20 }),
        ),
        'friend_requests_receiver_idx',
        'friend_requests',
      );
      expectIndexOrder(
        await planOf(
          requestsPageQuery(t.context.db, heavyId, after, { direction: 'sent', limit: 20 }),
        ),
        'friend_requests_sender_idx',
        'friend_requests',
      );
    }
  });

  it('reads the blocked curators from blocks_blocker_created_idx in order', async () => {
    for (const after of [null, middle()]) {
      expectIndexOrder(
        await planOf(blockedPageQuery(t.context.db, heavyId, after, { limit: 20 })),
        'blocks_blocker_created_idx',
        'blocks',
      );
    }
  });

  it('pages the friends list to its end, each friend once, newest friendship first', async () => {
    const seen: string[] = [];
    let after: { at: Date; id: string } | null = null;
    for (;;) {
      const rows = await friendsPageQuery(t.context.db, heavyId, after, { limit: 500 });
      const page = rows.slice(0, 500);
      seen.push(...page.map((row) => row.id));
      if (rows.length <= 500) break;
      after = { at: page.at(-1)!.since, id: page.at(-1)!.id };
    }
    expect(seen).toHaveLength(CURATORS);
    expect(new Set(seen).size).toBe(CURATORS);
  });
});
