import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../test/harness.js';
import { queryPlan } from '../../test/queryPlan.js';
import { messagePageQuery } from './messagePage.js';

// EXPLAIN on the test database (PGlite, or PostgreSQL in CI): a page of a conversation's
// messages is read from messages_conversation_seq_idx in sequence order from its cursor,
// backwards (history) or forwards (a catch-up), never by sorting the conversation.
let t: TestApp;
let conversationId: string;
const MESSAGES_EACH = 4_000;

beforeAll(async () => {
  t = await createTestApp();
  const [a, b, c] = [
    (await signedInUser(t)).id,
    (await signedInUser(t)).id,
    (await signedInUser(t)).id,
  ];
  const ids: string[] = [];
  const pairs: [string, string][] = [
    [a, b],
    [a, c],
    [b, c],
  ];
  for (const [one, two] of pairs) {
    const first = { id: one < two ? one : two };
    const second = { id: one < two ? two : one };
    const [row] = (
      await t.database.executeSql(
        `insert into conversations (user_one_id, user_two_id) values ($1, $2) returning id`,
        [first.id, second.id],
      )
    ).rows as { id: string }[];
    ids.push(row!.id);
    await t.database.executeSql(
      `insert into messages (conversation_id, user_id, type, content, created_at)
       select $1::uuid, case when n % 2 = 0 then $2::uuid else $3::uuid end, 'user',
              'Message ' || n, now() - (${MESSAGES_EACH} - n) * interval '1 minute'
       from generate_series(1, $4::int) as n`,
      [row!.id, first.id, second.id, MESSAGES_EACH],
    );
  }
  conversationId = ids[0]!;
  await t.database.executeSql('analyze messages; analyze conversations', []);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const expectIndexOrder = (plan: string) => {
  expect(plan).toContain('messages_conversation_seq_idx');
  expect(plan).not.toMatch(/\bSort\b/);
  expect(plan).not.toMatch(/Seq Scan/);
};

describe('the conversation messages page plan', () => {
  it('reads the newest page, an earlier page and a catch-up in index order', async () => {
    const [middle] = (
      await t.database.executeSql(
        `select seq from messages where conversation_id = $1 order by seq offset 2000 limit 1`,
        [conversationId],
      )
    ).rows as { seq: string | number }[];
    const cursorSeq = Number(middle!.seq);
    for (const page of [
      { direction: 'before' as const, cursorSeq: undefined },
      { direction: 'before' as const, cursorSeq },
      { direction: 'after' as const, cursorSeq },
    ]) {
      expectIndexOrder(
        await queryPlan(
          t.database,
          messagePageQuery(t.context.db, conversationId, 0, { ...page, limit: 50 }),
        ),
      );
    }
  });

  it('keeps what the reader deleted out of the page, still in index order', async () => {
    expectIndexOrder(
      await queryPlan(
        t.database,
        messagePageQuery(t.context.db, conversationId, 1_000, {
          direction: 'before',
          cursorSeq: undefined,
          limit: 50,
        }),
      ),
    );
  });
});
