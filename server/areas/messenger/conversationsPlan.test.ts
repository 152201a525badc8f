import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signedInUser, type TestApp } from '../../test/harness.js';
import { queryPlan } from '../../test/queryPlan.js';
import { bothSidesQuery, conversationPageQuery, cursorOf } from './conversationList.js';

// EXPLAIN on the test database (PGlite, or PostgreSQL with npm run test:api:pg): a page of the
// conversation list is read from the two side indexes in order and merged, never sorted whole,
// and no message is counted for it.
let t: TestApp;
let heavy: Awaited<ReturnType<typeof signedInUser>>;
const PARTNERS = 3_000;

beforeAll(async () => {
  t = await createTestApp();
  heavy = await signedInUser(t);
  await t.database.executeSql(
    `insert into users (name, email, password_hash, trial_ends_at, notifications)
     select 'Partner ' || n, 'partner' || n || '@plan.test', 'x', now(), '{}'::jsonb
     from generate_series(1, $1::int) as n`,
    [PARTNERS],
  );
  // The heavy curator on either side of a conversation with each partner, half with messages:
  // the sides split evenly (by n, not by id order, which would follow the random ids and could
  // leave one side a few rows that the planner then sorts).
  await t.database.executeSql(
    `insert into conversations (user_one_id, user_two_id, user_one_sort_at, user_two_sort_at,
                                last_message_at, last_message_seq, created_at)
     select case when n % 4 < 2 then u.id else $1::uuid end,
            case when n % 4 < 2 then $1::uuid else u.id end,
            case when n % 2 = 0 then now() - n * interval '1 minute' else '-infinity' end,
            case when n % 2 = 0 then now() - n * interval '1 minute' else '-infinity' end,
            case when n % 2 = 0 then now() - n * interval '1 minute' end,
            case when n % 2 = 0 then n else 0 end,
            now() - n * interval '1 second'
     from (select id, row_number() over (order by id) as n from users where email like '%@plan.test') u`,
    [heavy.id],
  );
  // A third of them with unread messages for the heavy curator's side.
  await t.database.executeSql(
    `update conversations set
       user_one_unread = case when user_one_id = $1::uuid and last_message_seq % 3 = 0 then 2 else 0 end,
       user_two_unread = case when user_two_id = $1::uuid and last_message_seq % 3 = 0 then 2 else 0 end
     where last_message_seq > 0`,
    [heavy.id],
  );
  await t.database.executeSql('analyze conversations', []);
  await t.database.executeSql('analyze users', []);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const planOf = (query: Parameters<typeof queryPlan>[1]) => queryPlan(t.database, query);
const expectIndexOrder = (plan: string) => {
  expect(plan).toContain('conversations_user_one_order_idx');
  expect(plan).toContain('conversations_user_two_order_idx');
  expect(plan).toContain('Merge Append');
  expect(plan).not.toMatch(/(^|->)\s*(Incremental )?Sort\s+\(/m);
  expect(plan).not.toMatch(/Seq Scan on conversations/);
  expect(plan).not.toMatch(/messages/);
};

describe('the conversation list plan', () => {
  it('reads the first page from both side indexes in order: no sort, no count', async () => {
    expectIndexOrder(await planOf(conversationPageQuery(t.context.db, heavy.id, null, 31)));
  });

  it('reads a later page from the cursor in index order too', async () => {
    const [middle] = (
      await t.database.executeSql(
        `select id from conversations where user_one_id = $1 or user_two_id = $1
         order by created_at desc offset 1500 limit 1`,
        [heavy.id],
      )
    ).rows as { id: string }[];
    const cursor = await cursorOf(t.context.db, heavy.id, middle!.id);
    expectIndexOrder(await planOf(conversationPageQuery(t.context.db, heavy.id, cursor, 31)));
  });

  it('pages through every conversation once, most recent message first, in bounded pages', async () => {
    const seen: string[] = [];
    const times: number[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const response = await post(
        t.app,
        '/api/messenger/conversations',
        { limit: 100, ...(after ? { cursor: after } : {}) },
        { cookie: heavy.cookie },
      );
      expect(response.statusCode).toBe(200);
      const body = response.json() as {
        conversations: { id: string; lastMessageAt: string | null }[];
        nextCursor: string | null;
      };
      expect(body.conversations.length).toBeLessThanOrEqual(100);
      for (const conversation of body.conversations) {
        seen.push(conversation.id);
        times.push(conversation.lastMessageAt ? Date.parse(conversation.lastMessageAt) : -Infinity);
      }
      after = body.nextCursor ?? undefined;
      pages += 1;
    } while (after);
    expect(pages).toBe(PARTNERS / 100);
    expect(new Set(seen).size).toBe(PARTNERS);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Those without a message come last.
    expect(times.slice(PARTNERS / 2).every((time) => time === -Infinity)).toBe(true);
  }, 120_000);

  it('answers 404 for a cursor that is not one of the caller’s conversations', async () => {
    const stranger = await signedInUser(t);
    const [theirs] = (await t.database.executeSql(`select id from conversations limit 1`, []))
      .rows as { id: string }[];
    const response = await post(
      t.app,
      '/api/messenger/conversations',
      { cursor: theirs!.id },
      { cookie: stranger.cookie },
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('the Messenger badge count (conversations with unread)', () => {
  it('reads the users’ counters by primary key: no conversation, no message read', async () => {
    const plan = await planOf(bothSidesQuery(t.context.db, heavy.id, heavy.id));
    expect(plan).toContain('users_pkey');
    expect(plan).not.toMatch(/Seq Scan/);
    expect(plan).not.toMatch(/conversations|messages/);
  });

  it('answers every conversation with unread, whatever the page, with the list', async () => {
    const [expected] = (
      await t.database.executeSql(
        `select count(*)::int as n from conversations
         where (user_one_id = $1 and user_one_unread > 0) or (user_two_id = $1 and user_two_unread > 0)`,
        [heavy.id],
      )
    ).rows as { n: number }[];
    expect(expected!.n).toBeGreaterThan(400);
    const response = await post(
      t.app,
      '/api/messenger/conversations',
      { limit: 1 },
      { cookie: heavy.cookie },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ conversationsWithUnreadCount: expected!.n });
    expect(response.json().conversations).toHaveLength(1);
  });
});
