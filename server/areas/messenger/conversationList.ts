import { and, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/preparedOnce.js';
import { conversations, users } from '../../db/schema.js';
import { visibleTo } from '../../db/blockVisibility.js';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  JOINED,
  prepareSessionJoined,
  resolveSession,
  runSessionJoined,
  SESSION_USER_ID,
  type SessionJoined,
} from '../../identity/index.js';
import { conversationNotFound, conversationOfUser, type ConversationRow } from './data.js';

/** A conversation as one side lists it: its row, that side's counter, and the other side. */
export interface ConversationView {
  id: string;
  userOneId: string;
  userTwoId: string;
  unread: number;
  /** Whether the last message is that side's to see (they did not delete it). */
  shown: boolean;
  lastMessageAt: Date | null;
  lastMessageContent: string | null;
  lastMessageSenderId: string | null;
  otherId: string;
  otherName: string;
  otherPicture: string | null;
}

export interface OtherSide {
  id: string;
  name: string;
  pictureId: string | null;
}

/** `userId`'s view of a conversation row, given who the other side is. */
export function viewOf(row: ConversationRow, userId: string, other: OtherSide): ConversationView {
  const isOne = row.userOneId === userId;
  const cleared = isOne ? row.userOneClearedSeq : row.userTwoClearedSeq;
  return {
    id: row.id,
    userOneId: row.userOneId,
    userTwoId: row.userTwoId,
    unread: isOne ? row.userOneUnread : row.userTwoUnread,
    shown: row.lastMessageSeq > cleared,
    lastMessageAt: row.lastMessageAt,
    lastMessageContent: row.lastMessageContent,
    lastMessageSenderId: row.lastMessageSenderId,
    otherId: other.id,
    otherName: other.name,
    otherPicture: other.pictureId,
  };
}

/**
 * The two sides of a conversation and their Messenger badges, in one primary-key read of the
 * two users (no conversation or message read: the badge is the users' counter, migration 0026).
 */
export function bothSidesQuery(
  db: Db,
  userOneId: string | Placeholder,
  userTwoId: string | Placeholder,
) {
  return db
    .select({
      id: users.id,
      name: users.name,
      pictureId: users.pictureId,
      conversationsWithUnread: users.conversationsWithUnread,
    })
    .from(users)
    .where(inArray(users.id, [userOneId, userTwoId]));
}

/** Read after every message, so a named prepared statement. */
const preparedBothSides = preparedOnce((db) =>
  bothSidesQuery(db, sql.placeholder('userOneId'), sql.placeholder('userTwoId')).prepare(
    'both_sides_of',
  ),
);

/**
 * Each side's view of `row` and each side's count of conversations with unread messages, read
 * after a change to the row (a message): the count already has the change.
 */
export async function bothSidesOf(
  db: Db,
  row: ConversationRow,
): Promise<{ views: Map<string, ConversationView>; unreadTotals: Map<string, number> }> {
  const people = await preparedBothSides(db).execute({
    userOneId: row.userOneId,
    userTwoId: row.userTwoId,
  });
  const byId = new Map(people.map((person) => [person.id, person]));
  const views = new Map<string, ConversationView>();
  const unreadTotals = new Map<string, number>();
  for (const [self, other] of [
    [row.userOneId, row.userTwoId],
    [row.userTwoId, row.userOneId],
  ] as const) {
    const person = byId.get(other);
    if (person) views.set(self, viewOf(row, self, person));
    unreadTotals.set(self, byId.get(self)?.conversationsWithUnread ?? 0);
  }
  return { views, unreadTotals };
}

/** One conversation as `userId` lists it; one they deleted (and nothing came since) is not found. */
export async function conversationView(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<ConversationView> {
  const otherId = sql`case when ${conversations.userOneId} = ${userId} then ${conversations.userTwoId} else ${conversations.userOneId} end`;
  const [found] = await db
    .select({
      row: conversations,
      other: { id: users.id, name: users.name, pictureId: users.pictureId },
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, otherId))
    .where(conversationOfUser(userId, conversationId))
    .limit(1);
  if (!found) throw conversationNotFound();
  const view = viewOf(found.row, userId, found.other);
  const hidden = found.row.userOneId === userId ? found.row.userOneHidden : found.row.userTwoHidden;
  if (hidden && !view.shown) throw conversationNotFound();
  return view;
}

/** Where a page of the list starts: the caller's order key of the last conversation listed. */
export interface ConversationCursor {
  sortAt: string;
  createdAt: string;
  id: string;
}

/** The caller's order key of one of their conversations (the cursor names it by id). */
export async function cursorOf(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<ConversationCursor> {
  const [key] = await db
    .select({
      sortAt: sql<string>`(case when ${conversations.userOneId} = ${userId} then ${conversations.userOneSortAt} else ${conversations.userTwoSortAt} end)::text`,
      createdAt: sql<string>`${conversations.createdAt}::text`,
      id: conversations.id,
    })
    .from(conversations)
    .where(conversationOfUser(userId, conversationId))
    .limit(1);
  if (!key) throw conversationNotFound();
  return key;
}

/**
 * A page of the user's conversations, most recent message first (then newest started): each
 * side's index read in order from the cursor, at most one page each, and the two merged. A
 * conversation the user deleted is left out until a message comes after their cleared mark.
 */
export function conversationPageQuery(
  db: Db,
  userId: string,
  cursor: ConversationCursor | null,
  limit: number,
) {
  return buildConversationPage(
    db,
    { userId, sortAt: '', createdAt: '', id: '', ...cursor, limit },
    cursor !== null,
  );
}

/** What a page binds: the values themselves, or a prepared statement's placeholders. */
interface ConversationPageValues {
  userId: string | Placeholder | PgColumn;
  sortAt: string | Placeholder;
  createdAt: string | Placeholder;
  id: string | Placeholder;
  limit: number | Placeholder;
}

function buildConversationPage(db: Db, values: ConversationPageValues, afterCursor: boolean) {
  const { userId, limit } = values;
  const side = (isOne: boolean) => {
    const mine = isOne ? conversations.userOneId : conversations.userTwoId;
    const other = isOne ? conversations.userTwoId : conversations.userOneId;
    const sortAt = isOne ? conversations.userOneSortAt : conversations.userTwoSortAt;
    const hidden = isOne ? conversations.userOneHidden : conversations.userTwoHidden;
    return db
      .select({
        row: conversations,
        sortKey: sql<string>`${sortAt}`.as('sort_key'),
        // Not users.id: the union's columns are named, and conversations.id is "id".
        otherName: users.name,
        otherPicture: users.pictureId,
      })
      .from(conversations)
      .innerJoin(users, eq(users.id, other))
      .where(
        and(
          eq(mine, userId),
          sql`(not ${hidden} or ${sortAt} > '-infinity')`,
          // Someone who blocked the user is absent from their list.
          visibleTo(userId, other),
          afterCursor
            ? sql`(${sortAt}, ${conversations.createdAt}, ${conversations.id}) < (${values.sortAt}::timestamptz, ${values.createdAt}::timestamptz, ${values.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(
        sql`${sortAt} desc nulls last`,
        sql`${conversations.createdAt} desc nulls last`,
        sql`${conversations.id} desc nulls last`,
      )
      .limit(limit);
  };
  return side(true)
    .unionAll(side(false))
    .orderBy(
      sql`sort_key desc nulls last`,
      sql`created_at desc nulls last`,
      sql`id desc nulls last`,
    )
    .limit(limit);
}

/** The two shapes of a page (the first, one after a cursor), each a named prepared statement. */
const preparedConversationPage = preparedOnce((db, shape) =>
  buildConversationPage(
    db,
    {
      userId: sql.placeholder('userId'),
      sortAt: sql.placeholder('sortAt'),
      createdAt: sql.placeholder('createdAt'),
      id: sql.placeholder('id'),
      limit: sql.placeholder('limit'),
    },
    shape === 'after',
  ).prepare(`conversation_page_${shape}`),
);

/** A page of the user's conversation views and the cursor of the next page (null: the last). */
export async function conversationPage(
  db: Db,
  userId: string,
  after: string | undefined,
  limit: number,
): Promise<{ views: ConversationView[]; nextCursor: string | null }> {
  const cursor = after ? await cursorOf(db, userId, after) : null;
  const rows = await preparedConversationPage(db, cursor ? 'after' : 'first').execute({
    userId,
    ...(cursor ?? {}),
    limit: limit + 1,
  });
  return pageOfViews(rows, userId, limit);
}

interface PageRow {
  row: ConversationRow;
  otherName: string;
  otherPicture: string | null;
}

function pageOfViews(rows: PageRow[], userId: string, limit: number) {
  const views = rows.slice(0, limit).map((found) =>
    viewOf(found.row, userId, {
      id: found.row.userOneId === userId ? found.row.userTwoId : found.row.userOneId,
      name: found.otherName,
      pictureId: found.otherPicture,
    }),
  );
  return { views, nextCursor: rows.length > limit ? (views.at(-1)?.id ?? null) : null };
}

/** The first page joined to the session lookup (messenger/conversations opening the screen). */
const preparedSessionFirstPage = preparedOnce((db) =>
  prepareSessionJoined(
    db,
    buildConversationPage(
      db,
      {
        userId: SESSION_USER_ID,
        sortAt: '',
        createdAt: '',
        id: '',
        limit: sql.placeholder('limit'),
      },
      false,
    ).as(JOINED),
    'session_conversation_page_first',
  ),
);

/**
 * The session's user and a page of their conversation views: the first page in one statement
 * with the session lookup; a page after a cursor looks the session up first, since the cursor's
 * key is read for that user. Null when the token names no live session.
 */
export async function sessionConversationPage(
  db: Db,
  token: string,
  now: Date,
  after: string | undefined,
  limit: number,
): Promise<(SessionJoined<ConversationView> & { nextCursor: string | null }) | null> {
  if (after) {
    const session = await resolveSession(db, token, now);
    if (!session) return null;
    const page = await conversationPage(db, session.user.id, after, limit);
    return { ...session, rows: page.views, nextCursor: page.nextCursor };
  }
  const found = await runSessionJoined(
    db,
    preparedSessionFirstPage(db),
    { limit: limit + 1 },
    token,
    now,
  );
  if (!found) return null;
  const page = pageOfViews(found.rows as PageRow[], found.user.id, limit);
  return { ...found, rows: page.views, nextCursor: page.nextCursor };
}
