import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../db/pgliteExtensions.js';
import pg from 'pg';
import { openDatabase, pgliteDatabase, type Database } from '../db/client.js';

/**
 * Every test database is a fresh copy of one migrated database (globalSetup.ts): on in-memory
 * PGlite (the default) a new PGlite loaded from a tarball of a migrated data directory
 * (pgliteTemplate.ts); with TEST_DATABASE_URL (a PostgreSQL database the test may create
 * databases from) a database created from a template database migrated once per run, and
 * dropped afterwards.
 */
export type TestDatabaseTemplate =
  { kind: 'pglite'; dataDirTarball: string } | { kind: 'postgres'; database: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplate: TestDatabaseTemplate;
  }
}

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

/** Read once per test file (module state), loaded into every PGlite the file starts. */
const tarballs = new Map<string, Promise<Blob>>();
function tarballAt(path: string): Promise<Blob> {
  let tarball = tarballs.get(path);
  if (!tarball) {
    tarball = readFile(path).then((bytes) => new Blob([bytes]));
    tarballs.set(path, tarball);
  }
  return tarball;
}

export async function openTestDatabase(template: TestDatabaseTemplate): Promise<TestDatabase> {
  if (template.kind === 'pglite') {
    const client = new PGlite({
      loadDataDir: await tarballAt(template.dataDirTarball),
      extensions: PGLITE_EXTENSIONS,
    });
    await client.waitReady;
    const database = pgliteDatabase(client);
    return { database, dispose: () => database.close() };
  }
  const adminUrl = postgresAdminUrl();
  if (!adminUrl) throw new Error('a PostgreSQL template without TEST_DATABASE_URL');
  const name = testDatabaseName('curator_test');
  await createDatabase(adminUrl, name, template.database);
  const database = openDatabase({ kind: 'postgres', url: withDatabase(adminUrl, name) });
  return {
    database,
    async dispose() {
      await database.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

export { withDatabase };
