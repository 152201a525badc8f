/**
 * The embedded database's start from a template (docs/ARCHITECTURE.md, "Start-up"): `npm run
 * build` writes a freshly initialised and migrated PGlite data directory next to the built
 * server (server/db/pgliteTemplateWriter.ts), and a first start on an empty DATA_DIR copies it
 * into place instead of running initdb and every migration (most of what a fresh demo start
 * used to cost); PGlite then opens it as it opens any existing folder. Without the template
 * (the server run from source with tsx) PGlite initialises the folder itself and every
 * migration runs.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** Where the build writes the template: beside this module (dist/server/db/ once built). */
export const PGLITE_TEMPLATE_DIR = fileURLToPath(new URL('./pglite-template', import.meta.url));

/**
 * PGlite's file system for the folder `dataDir`. When `dataDir` is missing or empty and there
 * is a template, the template is copied into it first, and PGlite mounts the folder once the
 * copy is in place (it reads and compiles its WebAssembly meanwhile).
 */
export function pgliteFolderFs(dataDir: string, templateDir: string): NodeFS {
  const copying = copyTemplateInto(dataDir, templateDir);
  mkdirSync(dataDir, { recursive: true });
  return copying ? new NodeFSOnceReady(dataDir, copying) : new NodeFS(dataDir);
}

/**
 * The copy of the template into `dataDir`, or undefined when there is no template or
 * `dataDir` holds anything at all (a folder with content is never touched). It is made in a
 * worker thread (the main thread loads the app meanwhile) into a folder beside `dataDir`, then
 * renamed into place: a start cut off mid-copy never leaves half a database where the next
 * start would open it.
 */
export function copyTemplateInto(dataDir: string, templateDir: string): Promise<void> | undefined {
  if (!existsSync(join(templateDir, 'PG_VERSION'))) return undefined;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return undefined;
  const partial = `${dataDir}.from-template`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(dirname(dataDir), { recursive: true });
  return copyInWorker(templateDir, partial).then(() => {
    // rmdir, not rm: it fails rather than delete anything that appeared in the folder meanwhile.
    if (existsSync(dataDir)) rmdirSync(dataDir);
    renameSync(partial, dataDir);
  });
}

/**
 * The worker's code, a script either module type runs (eval'd code follows the parent's
 * flags): a plain tree copy, a copy-on-write clone of each file where the file system has them
 * (Btrfs, XFS, APFS). A data directory holds no symbolic links or special files; `fs.cpSync`,
 * which stats each source and target first, made a first start about 0.1 s slower.
 */
const COPY_TREE = `const { constants, copyFileSync, mkdirSync, readdirSync } = process.getBuiltinModule('node:fs');
const { join } = process.getBuiltinModule('node:path');
const { workerData } = process.getBuiltinModule('node:worker_threads');
function copyTree(from, to) {
  mkdirSync(to);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const [source, target] = [join(from, entry.name), join(to, entry.name)];
    if (entry.isDirectory()) copyTree(source, target);
    else copyFileSync(source, target, constants.COPYFILE_FICLONE);
  }
}
copyTree(workerData.from, workerData.to);`;

function copyInWorker(from: string, to: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(COPY_TREE, { eval: true, workerData: { from, to } });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`copying ${from} stopped (exit code ${code})`)),
    );
  });
}

/** Node's file system for PGlite, mounted once `ready` resolves (and never if it rejects). */
class NodeFSOnceReady extends NodeFS {
  constructor(
    dataDir: string,
    private readonly ready: Promise<void>,
  ) {
    super(dataDir);
  }

  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    await this.ready;
    return super.init(...args);
  }
}
