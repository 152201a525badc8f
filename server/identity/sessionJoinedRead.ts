/**
 * A list read joined to the session lookup: one prepared statement finds the live session by
 * its token, its user, and the action's rows for that user, so a signed-in read costs one round
 * trip instead of two. The read is built against `SESSION_USER_ID` (the looked-up session's
 * user id) and joined laterally; a row per read row, or one with `joined` null when the read has
 * none, and no row when the token names no live session.
 */
import { and, eq, getTableColumns, gt, is, sql, Table } from 'drizzle-orm';
import type { PgColumn, SelectedFields, SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { Subquery } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { hashSecret } from '../lib/secrets.js';
import { keepSessionAlive } from './sessions.js';
import type { UserRow } from './users.js';

/** The user id a joined read filters by: the looked-up session's user, in the same statement. */
export const SESSION_USER_ID: PgColumn = sessions.userId;

/** The alias of the read's subquery; its rows come back under this key. */
export const JOINED = 'joined';

/** One row of a joined read: the session, its user, and a read row (null: the read had none). */
export interface JoinedRow<Row> {
  session: { id: string; lastSeenAt: Date };
  user: UserRow;
  joined: Row | null;
}

/** A joined read prepared once: executed with `tokenHash` and `now` besides the read's own. */
export interface PreparedJoined<Row> {
  execute(params: Record<string, unknown>): Promise<JoinedRow<Row>[]>;
}

/**
 * The session lookup (as resolveSession asks it: by token hash, not past its end) with `read`
 * joined laterally, prepared as `name`. Its placeholders: `tokenHash` and `now`, besides the
 * read's own. PostgreSQL keeps the lateral subquery's order: the outer side is the one session
 * row, joined in a nested loop.
 */
export function prepareSessionJoined<Fields extends Record<string, unknown>>(
  db: Db,
  read: Subquery<typeof JOINED, Fields>,
  name: string,
): PreparedJoined<SelectResultFields<Fields>> {
  return db
    .select({
      session: { id: sessions.id, lastSeenAt: sessions.lastSeenAt },
      user: users,
      joined: subqueryFields(read) as unknown as SelectedFieldsFlat,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoinLateral(read as unknown as Subquery<typeof JOINED, SelectedFields>, sql`true`)
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare(name) as unknown as PreparedJoined<SelectResultFields<Fields>>;
}

/**
 * A subquery's fields as a select around it names them ("alias"."column"), to select them as a
 * nested object: a subquery itself given as a field would be read as a scalar subquery.
 */
export function subqueryFields<Fields extends Record<string, unknown>>(
  read: Subquery<string, Fields>,
): Fields {
  return aliasedFields(read._.selectedFields, read as unknown as Record<string, unknown>) as Fields;
}

/**
 * `selected`'s fields read through the subquery's alias (`through`), nested objects and whole
 * tables included: a table is given as its columns, which a select names by the alias only then.
 */
function aliasedFields(
  selected: Record<string, unknown>,
  through: Record<string, unknown>,
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(selected)) {
    const aliased = through[key];
    if (is(value, Table)) fields[key] = aliasedFields(getTableColumns(value), aliased as never);
    else if (isPlainObject(value)) fields[key] = aliasedFields(value, aliased as never);
    else fields[key] = aliased;
  }
  return fields;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** What a joined read answers: the session's user and id, and the read's rows. */
export interface SessionJoined<Row> {
  user: UserRow;
  sessionId: string;
  rows: Row[];
}

/**
 * Runs a prepared joined read for the session token `token`: null when it names no live
 * session (unknown, past its end, or idle too long: then ended, as every session read does).
 */
export async function runSessionJoined<Row>(
  db: Db,
  statement: PreparedJoined<Row>,
  params: Record<string, unknown>,
  token: string,
  now: Date,
): Promise<SessionJoined<Row> | null> {
  const found = await statement.execute({
    ...params,
    tokenHash: hashSecret(token),
    now: now.toISOString(),
  });
  const [first] = found;
  if (!first) return null;
  const session = await keepSessionAlive(db, first, now);
  if (!session) return null;
  return {
    user: session.user,
    sessionId: session.sessionId,
    rows: found.flatMap((row) => (holdsValue(row.joined) ? [row.joined as Row] : [])),
  };
}

/**
 * Whether a joined row is a read row, not the all-null row of a read that found none: the
 * driver's mapping nulls a nested object only one level deep, so every level is looked at.
 */
function holdsValue(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (isPlainObject(value)) return Object.values(value).some(holdsValue);
  return true;
}
