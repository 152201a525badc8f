/** The embedded database: PGlite in memory or in a folder (server/db/pgliteTemplate.ts). */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { withCommitHooks } from './afterCommit.js';
import { migrationsAreCurrent, migrationsFolder, type Database, type Db } from './database.js';
import { PGLITE_EXTENSIONS } from './pgliteExtensions.js';
import { PGLITE_TEMPLATE_DIR, pgliteFolderFs } from './pgliteTemplate.js';
import * as schema from './schema.js';

export function openPglite(dataDir: string): Database {
  return dataDir === 'memory'
    ? pgliteDatabase(new PGlite({ extensions: PGLITE_EXTENSIONS }))
    : openPgliteFolder(dataDir);
}

/**
 * PGlite in a folder; an empty one starts as a copy of the build's migrated template when there
 * is one, else PGlite initialises it and `migrate()` runs every migration.
 */
export function openPgliteFolder(
  dataDir: string,
  templateDir: string = PGLITE_TEMPLATE_DIR,
): Database {
  const fs = pgliteFolderFs(dataDir, templateDir);
  return pgliteDatabase(new PGlite(dataDir, { fs, extensions: PGLITE_EXTENSIONS }));
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
