import { sql, type SQL } from 'drizzle-orm';

/**
 * A timestamptz as every answer writes times (Date#toISOString: UTC, milliseconds, truncated
 * as JavaScript truncates microseconds), written by PostgreSQL: for values built as JSON in a
 * statement, which would otherwise carry PostgreSQL's own format and be parsed again in node.
 * Null stays null.
 */
export function isoTimeText(time: SQL): SQL<string> {
  return sql<string>`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
