import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conversations, users } from '../../db/schema.js';
import { notFound } from '../../http/apiError.js';

export type ConversationRow = typeof conversations.$inferSelect;

/** A conversation with what the caller needs to list it: the other side and their unread count. */
export interface ConversationView extends ConversationRow {
  unread: number;
  otherId: string;
  otherName: string;
  otherPicture: string | null;
}

/** Both sides in the stored order (userOneId < userTwoId), so a pair has one conversation. */
export function pairOf(a: string, b: string): { userOneId: string; userTwoId: string } {
  return a < b ? { userOneId: a, userTwoId: b } : { userOneId: b, userTwoId: a };
}

export const isParticipant = (
  row: Pick<ConversationRow, 'userOneId' | 'userTwoId'>,
  userId: string,
) => row.userOneId === userId || row.userTwoId === userId;

export const conversationNotFound = () => notFound('There is no such conversation.');

/** A conversation of the user's; anyone else's answers 404 like an unknown one. */
export async function conversationOf(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<ConversationRow> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationId),
        or(eq(conversations.userOneId, userId), eq(conversations.userTwoId, userId)),
      ),
    )
    .limit(1);
  if (!row) throw conversationNotFound();
  return row;
}

/**
 * The user's conversations (or one), newest message first, with unread counts, in one query
 * however many there are (a correlated count over the (conversation, seq) index).
 */
export async function conversationViews(
  db: Db,
  userId: string,
  onlyId?: string,
): Promise<ConversationView[]> {
  const readSeq = sql`case when ${conversations.userOneId} = ${userId} then ${conversations.userOneReadSeq} else ${conversations.userTwoReadSeq} end`;
  const otherId = sql<string>`case when ${conversations.userOneId} = ${userId} then ${conversations.userTwoId} else ${conversations.userOneId} end`;
  const rows = await db
    .select({
      conversation: conversations,
      unread: sql<number>`(select count(*)::int from messages m where m.conversation_id = ${conversations.id} and m.seq > ${readSeq} and m.user_id is distinct from ${userId})`,
      otherId,
      otherName: users.name,
      otherPicture: users.pictureId,
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, otherId))
    .where(
      and(
        or(eq(conversations.userOneId, userId), eq(conversations.userTwoId, userId)),
        onlyId ? eq(conversations.id, onlyId) : undefined,
      ),
    )
    .orderBy(
      sql`${conversations.lastMessageAt} desc nulls last`,
      sql`${conversations.createdAt} desc`,
    );
  return rows.map((row) => ({
    ...row.conversation,
    unread: Number(row.unread),
    otherId: row.otherId,
    otherName: row.otherName,
    otherPicture: row.otherPicture,
  }));
}

/** Everyone the user shares a conversation with (who hears about their presence). */
export async function partnersOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ one: conversations.userOneId, two: conversations.userTwoId })
    .from(conversations)
    .where(or(eq(conversations.userOneId, userId), eq(conversations.userTwoId, userId)));
  return rows.map((row) => (row.one === userId ? row.two : row.one));
}
