import {
  and,
  eq,
  exists,
  inArray,
  ne,
  or,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/preparedOnce.js';
import { blocks, conversations, messages, users } from '../../db/schema.js';
import { unblockedBetween, visibleTo } from '../../db/blockVisibility.js';
import { friendIdsOf } from '../network/index.js';
import { notFound } from '../../lib/apiError.js';
import {
  JOINED,
  prepareSessionJoined,
  runSessionJoined,
  SESSION_USER_ID,
  type SessionJoined,
} from '../../identity/index.js';

export type ConversationRow = typeof conversations.$inferSelect;

/** Both sides in the stored order (userOneId < userTwoId), so a pair has one conversation. */
export function pairOf(a: string, b: string): { userOneId: string; userTwoId: string } {
  return a < b ? { userOneId: a, userTwoId: b } : { userOneId: b, userTwoId: a };
}

export const isParticipant = (
  row: Pick<ConversationRow, 'userOneId' | 'userTwoId'>,
  userId: string,
) => row.userOneId === userId || row.userTwoId === userId;

export const conversationNotFound = () => notFound('There is no such conversation.');

/** The other side of a conversation of `userId`'s, as SQL. */
export const otherSideOf = (userId: string | Placeholder | AnyColumn) =>
  sql`(case when ${conversations.userOneId} = ${userId} then ${conversations.userTwoId} else ${conversations.userOneId} end)`;

/**
 * The condition "this conversation, one of this user's": the one way every read writes it. A
 * conversation with someone who blocked the user is not theirs to see (404, like a stranger's).
 */
export function conversationOfUser(
  userId: string | Placeholder | AnyColumn,
  conversationId: string | Placeholder,
): SQL {
  return and(
    eq(conversations.id, conversationId),
    or(eq(conversations.userOneId, userId), eq(conversations.userTwoId, userId)),
    visibleTo(userId, otherSideOf(userId)),
  )!;
}

/** A conversation of the user's; anyone else's answers 404 like an unknown one. */
export async function conversationOf(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<ConversationRow> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(conversationOfUser(userId, conversationId))
    .limit(1);
  if (!row) throw conversationNotFound();
  return row;
}

/** The sides of a conversation: what storing a message in it needs. */
export type ConversationSides = Pick<ConversationRow, 'id' | 'userOneId' | 'userTwoId'>;

/** A conversation to write in, and whether either side has blocked the other. */
export interface ConversationToWriteIn {
  conversation: ConversationSides;
  blocked: boolean;
}

/**
 * What sending a message checks first: the conversation, when it is `userId`'s (a stranger's
 * answers 404), with its sides and whether either has blocked the other.
 */
function toWriteInQuery(db: Db, userId: Placeholder | AnyColumn) {
  return db
    .select({
      id: conversations.id,
      userOneId: conversations.userOneId,
      userTwoId: conversations.userTwoId,
      blocked: sql<boolean>`exists (select 1 from ${blocks} where
        (${blocks.blockerId} = ${conversations.userOneId} and ${blocks.blockedId} = ${conversations.userTwoId})
        or (${blocks.blockerId} = ${conversations.userTwoId} and ${blocks.blockedId} = ${conversations.userOneId}))`.as(
        'blocked',
      ),
    })
    .from(conversations)
    .where(conversationOfUser(userId, sql.placeholder('conversationId')))
    .limit(1);
}

const toWriteInOf = ({ blocked, ...conversation }: ConversationSides & { blocked: boolean }) => ({
  conversation,
  blocked,
});

/** A conversation of the user's to write in (a server-sent message's); null when not theirs. */
export async function conversationToWriteIn(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<ConversationToWriteIn | null> {
  const [row] = await preparedToWriteIn(db).execute({ userId, conversationId });
  return row ? toWriteInOf(row) : null;
}

const preparedToWriteIn = preparedOnce((db) =>
  toWriteInQuery(db, sql.placeholder('userId')).prepare('conversation_to_write_in'),
);

/**
 * message/send's first statement: the session lookup and the conversation to write in, joined
 * (one round trip before the message is stored). Null when the token names no live session;
 * `toWriteIn` null when the conversation is not the session user's.
 */
export async function sessionConversationToWriteIn(
  db: Db,
  token: string,
  now: Date,
  conversationId: string,
): Promise<(SessionJoined<never> & { toWriteIn: ConversationToWriteIn | null }) | null> {
  const found = await runSessionJoined(
    db,
    preparedSessionToWriteIn(db),
    { conversationId },
    token,
    now,
  );
  if (!found) return null;
  const [row] = found.rows;
  return {
    user: found.user,
    sessionId: found.sessionId,
    rows: [],
    toWriteIn: row ? toWriteInOf(row) : null,
  };
}

const preparedSessionToWriteIn = preparedOnce((db) =>
  prepareSessionJoined(
    db,
    toWriteInQuery(db, SESSION_USER_ID).as(JOINED),
    'session_conversation_to_write_in',
  ),
);

/** Whether a conversation is in `userId`'s list (not deleted by them, or written in since). */
export function isListedFor(
  row: Pick<
    ConversationRow,
    | 'userOneId'
    | 'userOneHidden'
    | 'userTwoHidden'
    | 'userOneClearedSeq'
    | 'userTwoClearedSeq'
    | 'lastMessageSeq'
  >,
  userId: string,
): boolean {
  const isOne = row.userOneId === userId;
  const hidden = isOne ? row.userOneHidden : row.userTwoHidden;
  const cleared = isOne ? row.userOneClearedSeq : row.userTwoClearedSeq;
  return !hidden || row.lastMessageSeq > cleared;
}

/** The sequence number up to which `userId` deleted the conversation's messages (0: none). */
export const clearedSeqOf = (row: ConversationRow, userId: string) =>
  row.userOneId === userId ? row.userOneClearedSeq : row.userTwoClearedSeq;

/**
 * Who sees `userId`'s presence: their friends, and the people in a conversation
 * `userId` has written in. A stranger who starts a conversation learns nothing until answered.
 * Nobody, when the user hides their online status (profile setting showOnlineStatus), and
 * nobody with a block between them either way (blocking ends the friendship).
 */
export async function partnersOf(db: Db, userId: string): Promise<string[]> {
  const [owner] = await db
    .select({ shown: users.showOnlineStatus })
    .from(users)
    .where(eq(users.id, userId));
  if (!owner?.shown) return [];
  const [friends, rows] = await Promise.all([
    friendIdsOf(db, userId),
    db
      .select({ one: conversations.userOneId, two: conversations.userTwoId })
      .from(conversations)
      .where(
        and(
          or(eq(conversations.userOneId, userId), eq(conversations.userTwoId, userId)),
          unblockedBetween(userId, otherSideOf(userId)),
          exists(writtenIn(db, eq(messages.userId, userId))),
        ),
      ),
  ]);
  return [...new Set([...friends, ...rows.map((row) => (row.one === userId ? row.two : row.one))])];
}

/**
 * Which of `ids` show their presence to `viewerId` (the same rule as partnersOf, seen back):
 * never one with a block between them either way.
 */
export async function presenceVisibleTo(
  db: Db,
  viewerId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  // Everyone sees their own presence; nobody sees the presence of those who hide it.
  const self = ids.filter((id) => id === viewerId);
  const candidates = ids.filter((id) => id !== viewerId);
  const others =
    candidates.length === 0
      ? []
      : (
          await db
            .select({ id: users.id })
            .from(users)
            .where(
              and(
                inArray(users.id, candidates),
                eq(users.showOnlineStatus, true),
                unblockedBetween(viewerId, users.id),
              ),
            )
        ).map((row) => row.id);
  if (others.length === 0) return new Set(self);
  const [friends, rows] = await Promise.all([
    friendIdsOf(db, viewerId, others),
    // Conversations with them in which the other side has written.
    db
      .select({ one: conversations.userOneId, two: conversations.userTwoId })
      .from(conversations)
      .where(
        and(
          or(
            and(eq(conversations.userOneId, viewerId), inArray(conversations.userTwoId, others)),
            and(eq(conversations.userTwoId, viewerId), inArray(conversations.userOneId, others)),
          ),
          exists(writtenIn(db, ne(messages.userId, viewerId))),
        ),
      ),
  ]);
  const partners = rows.map((row) => (row.one === viewerId ? row.two : row.one));
  return new Set([...self, ...friends, ...partners]);
}

/** Messages in the enclosing query's conversation whose writer matches `writer`. */
const writtenIn = (db: Db, writer: SQL) =>
  db
    .select({ one: sql`1` })
    .from(messages)
    .where(and(eq(messages.conversationId, conversations.id), writer));
