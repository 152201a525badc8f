/**
 * The server's start opens its database here: only the configured driver is loaded, so a demo
 * start on PGlite does not load pg (bench/README.md, "Cold start"), and PGlite starts sooner.
 */
import type { DatabaseConfig } from '../config/config.js';
import type { Database } from './database.js';

export async function connectDatabase(config: DatabaseConfig): Promise<Database> {
  return config.kind === 'pglite'
    ? (await import('./pgliteClient.js')).openPglite(config.dataDir)
    : (await import('./postgresClient.js')).openPostgres(config.url);
}
