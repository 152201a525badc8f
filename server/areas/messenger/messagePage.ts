import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/preparedOnce.js';
import { conversations, messages } from '../../db/schema.js';
import {
  JOINED,
  prepareSessionJoined,
  runSessionJoined,
  SESSION_USER_ID,
  subqueryFields,
  type SessionJoined,
} from '../../identity/index.js';
import { conversationOfUser, type ConversationRow } from './data.js';

type MessageRow = typeof messages.$inferSelect;

/** Which way a page of a conversation's messages reads from its cursor message. */
export type MessagePageDirection = 'before' | 'after';

/**
 * A page of a conversation's messages (one more than `limit`), read from
 * messages_conversation_seq_idx in sequence order from the cursor: `before` (and no cursor, the
 * newest) backwards, `after` (a catch-up) forwards. Messages up to `clearedSeq` (the reader
 * deleted the conversation then) are not theirs to read.
 */
export function messagePageQuery(
  db: Db,
  conversationId: string,
  clearedSeq: number,
  page: { direction: MessagePageDirection; cursorSeq: number | undefined; limit: number },
) {
  const inConversation = and(
    eq(messages.conversationId, conversationId),
    gt(messages.seq, clearedSeq),
  );
  const { cursorSeq } = page;
  if (page.direction === 'after') {
    return db
      .select()
      .from(messages)
      .where(and(inConversation, cursorSeq === undefined ? undefined : gt(messages.seq, cursorSeq)))
      .orderBy(asc(messages.seq))
      .limit(page.limit + 1);
  }
  return db
    .select()
    .from(messages)
    .where(and(inConversation, cursorSeq === undefined ? undefined : lt(messages.seq, cursorSeq)))
    .orderBy(desc(messages.seq))
    .limit(page.limit + 1);
}

/**
 * The newest page of a conversation's messages joined to the session lookup (the screen opening
 * a conversation): the conversation, when it is the session user's and visible to them, with
 * what presenting a message reads of it, and its newest messages after the user's cleared mark.
 * No row when the conversation is not theirs; one with `message` null when it has no messages.
 */
const preparedSessionNewestMessages = preparedOnce((db) => {
  const c = conversations;
  const viewerIsOne = sql`${c.userOneId} = ${SESSION_USER_ID}`;
  const newest = db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, c.id),
        gt(
          messages.seq,
          sql`case when ${viewerIsOne} then ${c.userOneClearedSeq} else ${c.userTwoClearedSeq} end`,
        ),
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(sql.placeholder('limit'))
    .as('newest');
  const read = db
    .select({
      conversation: {
        id: sql<string>`${c.id}`.as('conversation_id_of'),
        userOneId: sql<string>`${c.userOneId}`.as('conversation_user_one_id'),
        userOneReadSeq: sql<number>`${c.userOneReadSeq}`.as('conversation_user_one_read_seq'),
        userTwoReadSeq: sql<number>`${c.userTwoReadSeq}`.as('conversation_user_two_read_seq'),
      },
      message: subqueryFields(newest),
    })
    .from(c)
    .leftJoinLateral(newest, sql`true`)
    .where(conversationOfUser(SESSION_USER_ID, sql.placeholder('conversationId')))
    .as(JOINED);
  return prepareSessionJoined(db, read, 'session_newest_messages');
});

/**
 * The session's user, the conversation and its newest messages (one more than `limit`, newest
 * first) in one statement; null when the token names no live session, `conversation` null when
 * the conversation is not the user's.
 */
export async function sessionNewestMessages(
  db: Db,
  token: string,
  now: Date,
  conversationId: string,
  limit: number,
): Promise<
  | (SessionJoined<MessageRow> & {
      conversation: Pick<
        ConversationRow,
        'id' | 'userOneId' | 'userOneReadSeq' | 'userTwoReadSeq'
      > | null;
    })
  | null
> {
  const found = await runSessionJoined(
    db,
    preparedSessionNewestMessages(db),
    { conversationId, limit: limit + 1 },
    token,
    now,
  );
  if (!found) return null;
  const [first] = found.rows;
  return {
    user: found.user,
    sessionId: found.sessionId,
    conversation: first?.conversation.id ? first.conversation : null,
    rows: found.rows.flatMap((row) => (row.message?.id ? [row.message as MessageRow] : [])),
  };
}
