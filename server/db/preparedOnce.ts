import type { Db } from './client.js';

/**
 * A statement built and prepared once per database and shape, then only executed: on
 * PostgreSQL a named prepared statement, so neither Drizzle builds its SQL text nor PostgreSQL
 * plans it again on each request (Drizzle's building was 10-19% of a read's server CPU, issue
 * 13). `shape` names the variant (e.g. the first page or a page after a cursor); the statement's
 * name must differ per shape.
 */
export function preparedOnce<Statement>(
  prepare: (db: Db, shape: string) => Statement,
): (db: Db, shape?: string) => Statement {
  const byDb = new WeakMap<Db, Map<string, Statement>>();
  return (db, shape = '') => {
    let byShape = byDb.get(db);
    if (!byShape) {
      byShape = new Map();
      byDb.set(db, byShape);
    }
    let statement = byShape.get(shape);
    if (!statement) {
      statement = prepare(db, shape);
      byShape.set(shape, statement);
    }
    return statement;
  };
}
