/** PostgreSQL through a pg pool (production; the test suite on PostgreSQL). */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { withCommitHooks } from './afterCommit.js';
import { migrationsAreCurrent, migrationsFolder, type Database, type Db } from './database.js';
import * as schema from './schema.js';
import { settlesWithin } from '../lib/settlesWithin.js';

/** Any fixed number: instances starting together take turns at migrating. */
const MIGRATION_LOCK_KEY = 7_031_977;

/** Connections the pool opens at most. */
const POOL_MAX = 10;
/** How long closing waits for busy connections before it cuts them. */
const CLOSE_GRACE_MS = 1_500;

export function openPostgres(url: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_MAX,
    connectionTimeoutMillis: 5_000,
    // The product's queries are short keyset reads: compiling a plan with LLVM costs far more
    // than running it (measured: 436 of 608 ms in JIT on one list).
    options: '-c jit=off',
  });
  // pool.end() resolves once clients are told to end, not once their connections have closed;
  // closing waits for those too, so nothing outlives close() (graceful stops, dropped test DBs).
  const openClients = new Set<pg.PoolClient>();
  let poolEnded: Promise<unknown> | undefined;
  // A connection cut by the server (failover, restart, pg_terminate_backend) reports an 'error'
  // event: on an idle connection through the pool, on one checked out between two queries (a
  // transaction, the advisory-lock holder) on the client itself. Without a listener either would
  // end the process. A query in flight gets the error itself; the pool drops the dead connection
  // when it is released, and the next query opens a new one.
  const connectionEnded = (error: Error) =>
    process.emitWarning(`a database connection ended: ${error.message}`, 'DatabaseWarning');
  pool.on('error', connectionEnded);
  pool.on('connect', (client) => {
    openClients.add(client);
    client.on('error', connectionEnded);
    client.once('end', () => openClients.delete(client));
  });
  const db = withCommitHooks(drizzlePg(pool, { schema }) as unknown as Db);
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      if (await migrationsAreCurrent((text) => pool.query(text))) return;
      await holdingLock(pool, MIGRATION_LOCK_KEY, (connection) =>
        migratePg(drizzlePg(connection), { migrationsFolder }),
      );
    },
    exclusively: (key, work) => holdingLock(pool, key, () => work()),
    executeSql: async (text, values) => {
      const answer: pg.QueryResult | pg.QueryResult[] = await pool.query(
        text,
        values as unknown[] | undefined,
      );
      // A multi-statement text answers one result per statement; the last is the one asked for.
      const result = Array.isArray(answer) ? answer.at(-1) : answer;
      return { rows: result?.rows ?? [], rowCount: result?.rowCount ?? 0 };
    },
    ping: async () => {
      await pool.query('select 1');
    },
    poolStats: () => ({
      max: POOL_MAX,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: async () => {
      if (poolEnded) return;
      const closing = Promise.all(
        [...openClients].map((client) => new Promise((resolve) => client.once('end', resolve))),
      );
      poolEnded = pool.end().then(() => closing);
      // A connection still busy (a query the database never answers, after an outage) would
      // keep the pool open: past the grace it is cut, and its query fails.
      if (await settlesWithin(poolEnded, CLOSE_GRACE_MS)) return;
      for (const client of openClients) void client.end().catch(() => undefined);
      await settlesWithin(poolEnded, CLOSE_GRACE_MS);
    },
  };
}

/** Runs `work` on a connection that holds the session advisory lock `key`, then lets it go. */
async function holdingLock<T>(
  pool: pg.Pool,
  key: number,
  work: (connection: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [key]);
    return await work(connection);
  } finally {
    await connection.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
    connection.release();
  }
}
