import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../db/pgliteExtensions.js';
import { writePgliteFolder } from '../db/pgliteTemplateWriter.js';
import { pgliteDatabase } from '../db/client.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const cacheFolder = join(repoRoot, 'node_modules/.cache/curator-test');
const migrationsFolder = join(repoRoot, 'server/db/migrations');

/** 1 MB write-ahead log segments instead of 16: a smaller tarball loads faster in every copy. */
const INITDB_PARAMS = ['--wal-segsize=1'];

/**
 * The tarball of a migrated PGlite data directory that every PGlite test database is loaded
 * from (skipping initdb and the migrations, most of what a fresh database costs). It is kept
 * in node_modules/.cache under a name hashed from everything that makes it (the migrations,
 * PGlite's and Drizzle's versions, the initdb parameters), so only the first run after a
 * change pays for making it.
 */
export async function pgliteTemplateTarball(): Promise<string> {
  const file = join(cacheFolder, `pglite-${await templateKey()}.tar`);
  if (existsSync(file)) return file;
  await mkdir(cacheFolder, { recursive: true });
  // Written aside and renamed, so a run alongside never reads half a tarball.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, await migratedPgliteTarball());
  await rename(partial, file);
  for (const name of await readdir(cacheFolder)) {
    if (name.startsWith('pglite-') && !name.startsWith(basename(file, '.tar')))
      await rm(join(cacheFolder, name), { recursive: true, force: true });
  }
  return file;
}

/**
 * The same template as a data directory, as the build writes it beside the built server
 * (server/db/pgliteTemplate.ts): made from the tarball once, kept beside it.
 */
export async function pgliteTemplateFolder(): Promise<string> {
  const tarball = await pgliteTemplateTarball();
  const folder = tarball.slice(0, -'.tar'.length);
  if (!existsSync(folder))
    await writePgliteFolder(folder, new Blob([await readFile(tarball)])).catch((error: unknown) => {
      // A run alongside may have renamed its own copy into place first.
      if (!existsSync(folder)) throw error;
    });
  return folder;
}

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  for (const pkg of ['@electric-sql/pglite', 'drizzle-orm']) {
    const { version } = JSON.parse(
      await readFile(join(repoRoot, 'node_modules', pkg, 'package.json'), 'utf8'),
    ) as { version: string };
    hash.update(`${pkg}@${version}\n`);
  }
  hash.update(`initdb ${INITDB_PARAMS.join(' ')}\n`);
  const files = (await readdir(migrationsFolder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const path of files)
    hash.update(`${path.slice(migrationsFolder.length)}\n`).update(await readFile(path));
  return hash.digest('hex').slice(0, 16);
}

async function migratedPgliteTarball(): Promise<Uint8Array> {
  const client = new PGlite({ initDbStartParams: INITDB_PARAMS, extensions: PGLITE_EXTENSIONS });
  try {
    await pgliteDatabase(client).migrate();
    const tarball = await client.dumpDataDir('none');
    return new Uint8Array(await tarball.arrayBuffer());
  } finally {
    await client.close();
  }
}
