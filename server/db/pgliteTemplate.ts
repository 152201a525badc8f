/**
 * The embedded database's start from a template (docs/ARCHITECTURE.md, "Start-up"): `npm run
 * build` writes the tarball of a freshly initialised and migrated PGlite data directory next
 * to the built server, and a first start on an empty DATA_DIR loads it instead of running
 * initdb and every migration (most of what a fresh demo start used to cost). Without the
 * tarball (the server run from source with tsx) PGlite initialises the folder itself.
 */
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from './pgliteExtensions.js';

/** Where the build writes the template: beside this module (dist/server/db/ once built). */
export const PGLITE_TEMPLATE_FILE = fileURLToPath(
  new URL('./pglite-template.tar', import.meta.url),
);

/** 1 MB write-ahead log segments instead of 16: a smaller tarball, written faster on a first start. */
export const PGLITE_INITDB_PARAMS = ['--wal-segsize=1'];

/** The template's bytes when `dataDir` holds no database yet and the build left a template. */
export function templateFor(dataDir: string, templateFile: string): Blob | undefined {
  if (existsSync(join(dataDir, 'PG_VERSION')) || !existsSync(templateFile)) return undefined;
  return new Blob([readFileSync(templateFile)]);
}

/** Initialises an in-memory PGlite, runs `migrate` on it and writes its data directory to `file`. */
export async function writePgliteTemplate(
  file: string,
  migrate: (client: PGlite) => Promise<void>,
): Promise<void> {
  const client = new PGlite({
    initDbStartParams: PGLITE_INITDB_PARAMS,
    extensions: PGLITE_EXTENSIONS,
  });
  try {
    await migrate(client);
    const tarball = await client.dumpDataDir('none');
    await writeFile(file, new Uint8Array(await tarball.arrayBuffer()));
  } finally {
    await client.close();
  }
}
