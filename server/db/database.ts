/**
 * What the server holds of its database, whichever back end (docs/ARCHITECTURE.md): PGlite
 * (server/db/pgliteClient.ts) or PostgreSQL (server/db/postgresClient.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { DatabaseConfig } from '../config/config.js';
import type * as schema from './schema.js';

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
  /**
   * The pool's connections now, from memory (metrics): opened, idle, and queries waiting for
   * one. PostgreSQL only: PGlite is one connection inside the process, with no pool.
   */
  poolStats?(): { max: number; total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

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
export async function migrationsAreCurrent(
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
