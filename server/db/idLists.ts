import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * `column = any($1::uuid[])`: a list of ids as one array parameter. Drizzle's inArray writes one
 * placeholder per id, which it builds again on every call (its SQL building was a tenth of
 * trades/all's server CPU with a hundred swaps on a page) and which PostgreSQL plans per length.
 */
export function inIds(column: SQLWrapper, ids: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::uuid[])`;
}

/** `(one, two)` is one of the given id pairs: two array parameters however many pairs. */
export function inIdPairs(
  one: SQLWrapper,
  two: SQLWrapper,
  pairs: readonly (readonly [string, string])[],
): SQL {
  const ones = pairs.map(([first]) => first);
  const twos = pairs.map(([, second]) => second);
  return sql`(${one}, ${two}) in (select * from unnest(${sql.param(ones)}::uuid[], ${sql.param(twos)}::uuid[]))`;
}
