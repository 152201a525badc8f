/** The production entry point: one process serves the API, the SPA and (later) the websocket. */
import { buildApp } from './app.js';
import { ConfigError, parseConfig } from './config/config.js';
import { loadEnvFile } from './config/loadEnvFile.js';
import { openDatabase } from './db/client.js';
import { startJobs, type JobsRunner } from './jobs/runner.js';
import { seedDemoBilling } from './seed/demoBilling.js';
import { seedDemoData } from './seed/demoData.js';
import { seedDemoLiveliness } from './seed/demoLiveliness.js';

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
/** Any fixed numbers, distinct from the migrations' lock. */
const DEMO_SEED_LOCK_KEY = 7_031_979;
const DEMO_BILLING_LOCK_KEY = 7_031_978;

await database.migrate();
const { app, context } = await buildApp({ config, database });

if (config.seedDemoData) {
  // One instance at a time (instances started together would insert the same demo rows).
  const { created } = await database.exclusively(DEMO_SEED_LOCK_KEY, () =>
    seedDemoData(database.db, new Date(), { announcement: config.seedDemoAnnouncement }),
  );
  if (created > 0)
    app.log.info({ created }, 'demo curators created (see README for the demo sign-in)');
}

/** The shutdown's last resort: whatever still runs then is cut off (docs/resilience.md). */
const HARD_EXIT_AFTER_MS = 9_000;
/** A running job gets this long to finish before pg-boss stops waiting for it. */
const JOBS_STOP_MS = 5_000;

let jobs: JobsRunner | undefined;
let startup: Promise<void> = Promise.resolve();
let closing = false;
/**
 * Ends within 10 s in every state: sockets are disconnected first (app.close's preClose),
 * new requests get 503 while in-flight ones finish, running jobs get 5 s, Redis is dropped
 * without a round trip; a timer exits anyway should anything still hang.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  setTimeout(() => {
    app.log.error('shutdown did not finish in time; exiting');
    process.exit(1);
  }, HARD_EXIT_AFTER_MS).unref();
  try {
    await startup.catch(() => undefined);
    await Promise.all([jobs?.stop(JOBS_STOP_MS), app.close()]);
    await database.close();
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: config.host, port: config.port });
/**
 * What starts after listen, one step at a time; a SIGTERM meanwhile skips the steps left
 * (shutdown waits for the step under way, so nothing starts on a closed database).
 */
startup = (async () => {
  // After listen: in demo mode the SDK reaches the Stripe stand-in on this server's port.
  if (config.seedDemoData && !closing) {
    // One instance at a time: the others then find the demo subscriptions in place. A failure
    // here leaves the demo curators on their trial; it does not take the server down.
    await database
      .exclusively(DEMO_BILLING_LOCK_KEY, () => seedDemoBilling(context))
      .then((bought) => {
        if (bought > 0) app.log.info({ bought }, 'demo curators subscribed on the local Stripe');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'demo subscriptions not seeded'));
  }
  // After listen, under the demo seed's lock: the Spotify links reach the stand-in on this
  // server's port (after billing, whose plans set the limits). Failing leaves curators unlinked.
  if (config.seedDemoData && !closing) {
    await database
      .exclusively(DEMO_SEED_LOCK_KEY, () => seedDemoLiveliness(context))
      .then((seeded) => {
        if (seeded.linked + seeded.pictures > 0)
          app.log.info(seeded, 'demo curators linked to the local Spotify, pictures given');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'demo Spotify links not seeded'));
  }
  // After listen: in demo mode the jobs reach the Spotify stand-in on this server's port.
  if (config.jobs && !closing) jobs = await startJobs(context, database);
  if (closing) return;
  app.log.info(
    `Curator is running at ${config.appOrigin} (${config.mode} mode, ${config.database.kind} database)` +
      (config.mode === 'demo' ? `; demo mail at ${config.appOrigin}/dev/mail` : ''),
  );
})();
await startup;
