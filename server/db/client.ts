/**
 * Opening the database. Every caller but the server's start uses openDatabase, which loads
 * both drivers; the server's start uses connectDatabase (server/db/connect.ts), which loads
 * only the configured one.
 */
import type { DatabaseConfig } from '../config/config.js';
import type { Database } from './database.js';
import { openPglite } from './pgliteClient.js';
import { openPostgres } from './postgresClient.js';

export type { Database, Db } from './database.js';
export { openPgliteFolder, pgliteDatabase } from './pgliteClient.js';

export function openDatabase(config: DatabaseConfig): Database {
  return config.kind === 'pglite' ? openPglite(config.dataDir) : openPostgres(config.url);
}
