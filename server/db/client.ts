import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from './pgliteExtensions.js';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config/config.js';
import { withCommitHooks } from './afterCommit.js';
import { PGLITE_TEMPLATE_FILE, templateFor } from './pgliteTemplate.js';
import * as schema from './schema.js';

/** The Drizzle database, whichever back end is underneath; a transaction is one too. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: DatabaseConfig['kind'];
  /**
   * Applies pending migrations; safe to call from several instances at once. A database whose
   * newest migration is the journal's newest is left alone after one query (a restart).
   */
  migrate(): Promise<void>;
  /** Raw SQL for libraries that bring their own (pg-boss): parameters when given, else multi-statement text. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
  /**
   * Runs `work` while holding the advisory lock `key`, so instances starting together take
   * turns (one process owns PGlite, so there it just runs).
   */
  exclusively<T>(key: number, work: () => Promise<T>): Promise<T>;
  /** Answers when the database answers a query (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any fixed number: instances starting together take turns at migrating. */
const MIGRATION_LOCK_KEY = 7_031_977;

export function openDatabase(config: DatabaseConfig): Database {
  return config.kind === 'pglite' ? openPglite(config.dataDir) : openPostgres(config.url);
}

function openPglite(dataDir: string): Database {
  return dataDir === 'memory'
    ? pgliteDatabase(new PGlite({ extensions: PGLITE_EXTENSIONS }))
    : openPgliteFolder(dataDir);
}

/** PGlite in a folder; an empty one starts from the build's migrated template when there is one. */
export function openPgliteFolder(
  dataDir: string,
  templateFile: string = PGLITE_TEMPLATE_FILE,
): Database {
  mkdirSync(dataDir, { recursive: true });
  const template = templateFor(dataDir, templateFile);
  return pgliteDatabase(
    new PGlite(dataDir, {
      extensions: PGLITE_EXTENSIONS,
      ...(template ? { loadDataDir: template } : {}),
    }),
  );
}

/**
 * The `when` of the journal's newest migration: Drizzle's migrator applies exactly the
 * migrations newer than the newest `created_at` it recorded, so none is pending when that is
 * at least this.
 */
let newestMigration: number | undefined;
function newestMigrationMillis(): number {
  newestMigration ??= Math.max(
    ...(
      JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
        entries: { when: number }[];
      }
    ).entries.map((entry) => entry.when),
  );
  return newestMigration;
}

/** True when the database has every migration of the journal (one query; false before the first). */
async function migrationsAreCurrent(
  query: (text: string) => Promise<{ rows: unknown[] }>,
): Promise<boolean> {
  try {
    const { rows } = await query(
      'select max(created_at) as newest from drizzle.__drizzle_migrations',
    );
    const newest = (rows[0] as { newest: string | number | null } | undefined)?.newest;
    return newest !== null && newest !== undefined && Number(newest) >= newestMigrationMillis();
  } catch {
    return false;
  }
}

/** A Database over a PGlite the caller made (tests start one from a migrated template). */
export function pgliteDatabase(client: PGlite): Database {
  // Like the PostgreSQL connections (no JIT compiler in PGlite, but the same settings on both).
  client.exec('set jit = off').catch(() => {});
  const db = withCommitHooks(drizzlePglite(client, { schema }) as unknown as Db);
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      if (await migrationsAreCurrent((text) => client.query(text))) return;
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    executeSql: async (text, values) => {
      if (values && values.length > 0) {
        const result = await client.query(text, values);
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      }
      const results = await client.exec(text);
      const last = results.at(-1);
      return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? 0 };
    },
    exclusively: (_key, work) => work(),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    // The product's queries are short keyset reads: compiling a plan with LLVM costs far more
    // than running it (issue 13 measured 436 of 608 ms in JIT on one list).
    options: '-c jit=off',
  });
  // pool.end() resolves once clients are told to end, not once their connections have closed;
  // closing waits for those too, so nothing outlives close() (graceful stops, dropped test DBs).
  const openClients = new Set<pg.PoolClient>();
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
    close: async () => {
      const closing = [...openClients].map(
        (client) => new Promise((resolve) => client.once('end', resolve)),
      );
      await pool.end();
      await Promise.all(closing);
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
