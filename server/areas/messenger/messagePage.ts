import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { messages } from '../../db/schema.js';

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
