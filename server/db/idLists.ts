import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * `column = any($1::uuid[])`: a list of ids as one array parameter. Drizzle's inArray writes one
 * placeholder per id, which it builds again on every call (its SQL building was a tenth of
 * trades/all's server CPU with a hundred swaps on a page) and which PostgreSQL plans per length.
 */
export function inIds(column: SQLWrapper, ids: readonly string[] | Placeholder): SQL {
  const list = Array.isArray(ids) ? sql.param([...ids]) : ids;
  return sql`${column} = any(${list}::uuid[])`;
}

/**
 * `(one, two)` is one of the given id pairs: two array parameters however many pairs (or two
 * placeholders, each given an array, for a prepared statement).
 */
export function inIdPairs(
  one: SQLWrapper,
  two: SQLWrapper,
  pairs: readonly (readonly [string, string])[] | { ones: Placeholder; twos: Placeholder },
): SQL {
  const [ones, twos] = Array.isArray(pairs)
    ? [sql.param(pairs.map(([first]) => first)), sql.param(pairs.map(([, second]) => second))]
    : [(pairs as { ones: Placeholder }).ones, (pairs as { twos: Placeholder }).twos];
  return sql`(${one}, ${two}) in (select * from unnest(${ones}::uuid[], ${twos}::uuid[]))`;
}
