/** The production entry point: one process serves the API, the SPA and (later) the websocket. */
import { buildApp } from './app.js';
import { ConfigError, parseConfig } from './config/config.js';
import { loadEnvFile } from './config/loadEnvFile.js';
import { openDatabase } from './db/client.js';
import { startJobs, type JobsRunner } from './jobs/runner.js';
import { seedDemoData } from './seed/demoData.js';

loadEnvFile();

let config;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const database = openDatabase(config.database);
await database.migrate();
const { app, context } = await buildApp({ config, database });

if (config.seedDemoData) {
  const { created } = await seedDemoData(database.db, new Date());
  if (created > 0)
    app.log.info({ created }, 'demo curators created (see README for the demo sign-in)');
}

let jobs: JobsRunner | undefined;
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await jobs?.stop();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: config.host, port: config.port });
// After listen: in demo mode the jobs reach the Spotify stand-in on this server's port.
if (config.jobs) jobs = await startJobs(context, database);
app.log.info(
  `Curator is running at ${config.appOrigin} (${config.mode} mode, ${config.database.kind} database)` +
    (config.mode === 'demo' ? `; demo mail at ${config.appOrigin}/dev/mail` : ''),
);
