import type { Database } from '../db/client.js';

/** EXPLAIN of a Drizzle query on the test database, as PostgreSQL prints it (one line per node). */
export async function queryPlan(
  database: Database,
  query: { toSQL(): { sql: string; params: unknown[] } },
): Promise<string> {
  const { sql, params } = query.toSQL();
  const result = await database.executeSql(`explain ${sql}`, params);
  return (result.rows as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN']).join('\n');
}
