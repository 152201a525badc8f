/**
 * Writes the migrated PGlite template the build puts beside the built server
 * (server/db/pgliteTemplate.ts), and data directories from PGlite tarballs (the tests' own
 * template, server/test/pgliteTemplate.ts).
 */
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from './pgliteExtensions.js';

/** 1 MB write-ahead log segments instead of 16: a smaller template, copied faster on a first start. */
export const PGLITE_INITDB_PARAMS = ['--wal-segsize=1'];

/** Initialises an in-memory PGlite, runs `migrate` on it and writes its data directory to `folder`. */
export async function writePgliteTemplate(
  folder: string,
  migrate: (client: PGlite) => Promise<void>,
): Promise<void> {
  const client = new PGlite({
    initDbStartParams: PGLITE_INITDB_PARAMS,
    extensions: PGLITE_EXTENSIONS,
    // For this instance only (the template's postgresql.conf keeps initdb's settings): its
    // checkpoint keeps 3 spare write-ahead log segments rather than 6, 3 MB less to copy.
    startParams: [...PGlite.defaultStartParams, '-c', 'min_wal_size=2MB', '-c', 'max_wal_size=2MB'],
  });
  let tarball: Blob;
  try {
    await migrate(client);
    // Single-user Postgres has no checkpointer: without this, the write-ahead log of every
    // migration would stay in the template, to be replayed when it is next opened.
    await client.exec('checkpoint');
    tarball = await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
  rmSync(folder, { recursive: true, force: true });
  await writePgliteFolder(folder, tarball);
}

/**
 * Writes the data directory in `tarball` to `folder`, which must not exist: PGlite loads it
 * into a folder beside it and closes, so Postgres leaves it shut down cleanly (a checkpoint,
 * nothing to recover when it is next opened), and the result is renamed into place (that
 * fails when `folder` appeared meanwhile).
 */
export async function writePgliteFolder(folder: string, tarball: Blob): Promise<void> {
  const partial = `${folder}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  try {
    const client = new PGlite(partial, { loadDataDir: tarball, extensions: PGLITE_EXTENSIONS });
    await client.close();
    renameSync(partial, folder);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}
