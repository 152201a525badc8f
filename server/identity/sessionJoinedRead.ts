/**
 * A list read joined to the session lookup: one prepared statement finds the live session by
 * its token, its user, and the action's rows for that user, so a signed-in read costs one round
 * trip instead of two. The read is built against `SESSION_USER_ID` (the looked-up session's
 * user id); the statement answers one row, the read's rows in one JSON aggregate, and no row
 * when the token names no live session.
 */
import { and, Column, eq, getTableColumns, gt, is, SQL, sql, Table } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
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

/** What a joined read found: the session, its user and the read's rows. */
export interface JoinedFound<Row> {
  session: { id: string; lastSeenAt: Date };
  user: UserRow;
  rows: Row[];
}

/**
 * A joined read prepared once: executed with `tokenHash` and `now` besides the read's own; null
 * when no live session has the token.
 */
export interface PreparedJoined<Row> {
  execute(params: Record<string, unknown>): Promise<JoinedFound<Row> | null>;
}

/**
 * The session lookup (as resolveSession asks it: by token hash, not past its end) with `read`
 * beside it, prepared as `name`. Its placeholders: `tokenHash` and `now`, besides the read's
 * own. The read's rows come back in one JSON array of arrays (null when it found none), in the
 * read's order, each decoded by its fields' own decoders (rowsOfJson): a page parsed natively
 * costs a fraction of the driver's mapping field by field, and the session's user is one row's.
 */
export function prepareSessionJoined<Fields extends Record<string, unknown>>(
  db: Db,
  read: Subquery<typeof JOINED, Fields>,
  name: string,
): PreparedJoined<SelectResultFields<Fields>> {
  const leaves = leavesOf(read._.selectedFields, read as unknown as Record<string, unknown>, []);
  if (leaves.length > 100) throw new Error(`${name}: more than 100 fields for json_build_array`);
  const values = sql.join(
    leaves.map((leaf) => sql`${leaf.field}`),
    sql`, `,
  );
  const prepared = db
    .select({
      session: { id: sessions.id, lastSeenAt: sessions.lastSeenAt },
      user: users,
      joined: sql<
        unknown[][] | null
      >`(select json_agg(json_build_array(${values})) from ${read})`.as('joined_rows'),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare(name);
  return {
    async execute(params) {
      const [found] = await prepared.execute(params);
      if (!found) return null;
      return {
        session: found.session,
        user: found.user,
        rows: rowsOfJson(leaves, found.joined ?? []) as SelectResultFields<Fields>[],
      };
    },
  };
}

/** A field of the read: where it sits in a row, how it is read through the subquery, decoded. */
interface Leaf {
  path: readonly string[];
  field: unknown;
  decode: (value: unknown) => unknown;
}

/** The read's fields, depth first, each read through the subquery's alias (`through`). */
function leavesOf(
  selected: Record<string, unknown>,
  through: Record<string, unknown>,
  path: readonly string[],
): Leaf[] {
  return Object.entries(selected).flatMap(([key, value]) => {
    const aliased = through[key] as Record<string, unknown>;
    if (is(value, Table)) return leavesOf(getTableColumns(value), aliased, [...path, key]);
    if (isPlainObject(value)) return leavesOf(value, aliased, [...path, key]);
    return [{ path: [...path, key], field: aliased, decode: decoderOf(value) }];
  });
}

/** A field's decoder, as the driver's mapping finds it: a column's type, an sql's mapWith. */
function decoderOf(field: unknown): (value: unknown) => unknown {
  if (is(field, Column)) return (value) => field.mapFromDriverValue(value);
  const { decoder } = (is(field, SQL) ? field : (field as SQL.Aliased).sql) as unknown as {
    decoder: { mapFromDriverValue(value: unknown): unknown };
  };
  return (value) => decoder.mapFromDriverValue(value);
}

/** A nested object of the read's selection, and the places of the fields under it. */
interface Nested {
  path: readonly string[];
  places: number[];
}

/** The read's nested objects, the deepest first. */
function nestedOf(leaves: readonly Leaf[]): Nested[] {
  const byPath = new Map<string, Nested>();
  leaves.forEach((leaf, place) => {
    for (let depth = 1; depth < leaf.path.length; depth++) {
      const path = leaf.path.slice(0, depth);
      const key = path.join('.');
      const nested = byPath.get(key) ?? { path, places: [] };
      nested.places.push(place);
      byPath.set(key, nested);
    }
  });
  return [...byPath.values()].sort((a, b) => b.path.length - a.path.length);
}

/**
 * The read's rows from their JSON arrays, each value decoded by its field's decoder. JSON holds
 * what the driver reads for every type the joined reads select, except a time kept as text (a
 * timestamp in string mode, or `::text` in sql), which reads as JSON writes it
 * (`2026-12-07T01:02:03.456789+00:00`); none of them reads one. A nested object of the selection
 * whose fields are all null (a left join that found none) is null, as the driver's mapping gives
 * it; the values themselves (a JSON column's objects) are left as they are.
 */
function rowsOfJson(leaves: readonly Leaf[], arrays: readonly unknown[][]): unknown[] {
  const nested = nestedOf(leaves);
  return arrays.map((values) => {
    const row: Record<string, unknown> = {};
    leaves.forEach((leaf, place) => {
      const value = values[place];
      let target = row;
      for (const key of leaf.path.slice(0, -1))
        target = (target[key] ??= {}) as Record<string, unknown>;
      target[leaf.path.at(-1)!] = value === null || value === undefined ? null : leaf.decode(value);
    });
    for (const { path, places } of nested) {
      if (!places.every((place) => values[place] === null || values[place] === undefined)) continue;
      let parent = row;
      for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
      parent[path.at(-1)!] = null;
    }
    return row;
  });
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
  if (!found) return null;
  const session = await keepSessionAlive(db, found, now);
  if (!session) return null;
  return { user: session.user, sessionId: session.sessionId, rows: found.rows };
}
