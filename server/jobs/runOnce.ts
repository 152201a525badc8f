/**
 * Runs one background job once, now, in this process, and prints what it did:
 *
 *   npx tsx server/jobs/runOnce.ts enforce-locks
 *
 * Same environment as the server. On PostgreSQL it may run next to running instances (the
 * jobs claim rows and edit against snapshots). PGlite belongs to one process: stop the
 * server first; this then listens on PORT while it runs so the demo Spotify stand-in answers.
 */
import { createServer } from 'node:net';
import { buildApp } from '../app.js';
import { ConfigError, parseConfig } from '../config/config.js';
import { loadEnvFile } from '../config/loadEnvFile.js';
import { openDatabase } from '../db/client.js';
import { JOB_DEFINITIONS } from './runner.js';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const portIsFree = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, host, () => probe.close(() => resolve(true)));
  });

loadEnvFile();
const job = JOB_DEFINITIONS.find((candidate) => candidate.name === process.argv[2]);
if (!job) fail(`Usage: runOnce.ts <${JOB_DEFINITIONS.map((known) => known.name).join('|')}>`);

let config;
try {
  config = parseConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
if (config.database.kind === 'pglite' && !(await portIsFree(config.host, config.port))) {
  fail(
    `Port ${config.port} is in use: is the server running? Its PGlite database belongs to it; stop it first.`,
  );
}

const database = openDatabase(config.database);
await database.migrate();
const { app, context } = await buildApp({ config, database });
try {
  if (config.spotify.kind === 'local') await app.listen({ host: config.host, port: config.port });
  const summary = await job.run(context, context.clock.now());
  console.log(JSON.stringify({ job: job.name, summary }));
} finally {
  await app.close();
  await database.close();
}
