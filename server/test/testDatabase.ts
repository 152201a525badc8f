import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.js';

/**
 * Tests run on in-memory PGlite by default. With TEST_DATABASE_URL (a PostgreSQL database the
 * test may create databases from) every test file gets a fresh database cloned from a
 * template migrated once per run (see globalSetup.ts), and drops it afterwards.
 */
export function postgresAdminUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function createDatabase(
  adminUrl: string,
  name: string,
  template?: string,
): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

export function testDatabaseName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

export interface TestDatabase {
  database: Database;
  /** Closes the connection and removes what the test created. */
  dispose(): Promise<void>;
}

export async function openTestDatabase(template: string | undefined): Promise<TestDatabase> {
  const adminUrl = postgresAdminUrl();
  if (!adminUrl) {
    const database = openDatabase({ kind: 'pglite', dataDir: 'memory' });
    await database.migrate();
    return { database, dispose: () => database.close() };
  }
  const name = testDatabaseName('curator_test');
  await createDatabase(adminUrl, name, template);
  const database = openDatabase({ kind: 'postgres', url: withDatabase(adminUrl, name) });
  if (!template) await database.migrate();
  return {
    database,
    async dispose() {
      await database.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

export { withDatabase };
