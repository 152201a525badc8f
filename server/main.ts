/**
 * The production entry point: one process serves the API, the SPA and the websocket.
 *
 * Start-up order (docs/ARCHITECTURE.md, "Start-up"): the database opens first, and while PGlite
 * compiles its WebAssembly the application's modules load; then the migrations (skipped after
 * one query when the schema is current), the app, the demo curators, and listen. /readyz
 * answers 200 from then on. The rest of the demo (announcement, bought plans, pictures,
 * Spotify links) and the background jobs follow after listen, one step at a time.
 */
import { setFlagsFromString } from 'node:v8';
import { ConfigError, parseConfig } from './config/config.js';
import { loadEnvFile } from './config/loadEnvFile.js';
import { connectDatabase } from './db/connect.js';
import type { JobsRunner } from './jobs/runner.js';
import { startupPhases } from './lib/startupPhases.js';
import { settlesWithin } from './lib/settlesWithin.js';

const phases = startupPhases();
phases.mark('config');
// V8 recompiles a WebAssembly function with its optimising compiler once it has run a while:
// from V8 12 (Node 22) once it has run about 13,000,000 bytes of code, on Node 20's V8 11 after
// 1,800,000, so early that PGlite's start spent half a second of CPU recompiling code it runs
// once (bench/README.md, "Cold start"). Node 20 gets V8 12's budget, before PGlite compiles.
if (Number(process.versions.v8.split('.')[0]) < 12) {
  setFlagsFromString('--wasm-tiering-budget=13000000');
}
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

const database = await connectDatabase(config.database);
/** Any fixed numbers, distinct from the migrations' lock. */
const DEMO_SEED_LOCK_KEY = 7_031_979;
const DEMO_BILLING_LOCK_KEY = 7_031_978;

// Loaded while the database opens (PGlite's start is mostly WebAssembly compiled off this thread),
// with the stand-ins the app mounts in demo mode (else they load while the app is built).
const [{ buildApp }, { seedDemoData }] = await Promise.all([
  import('./app.js'),
  import('./seed/demoData.js'),
  config.spotify.kind === 'local' ? import('../standins/spotify/plugin.js') : undefined,
  config.stripe.kind === 'local' ? import('../standins/stripe/plugin.js') : undefined,
]);
phases.mark('modules');
await database.ping();
phases.mark('database');
await database.migrate();
phases.mark('migrations');
let jobs: JobsRunner | undefined;
/** The jobs' start while under way (the shutdown stops them once started). */
let jobsStarting: Promise<JobsRunner> | undefined;
let startup: Promise<void> = Promise.resolve();
let closing = false;
/** Fired when the shutdown begins: a long start-up step stops between its pieces of work. */
const startupStop = new AbortController();
/** The jobs' stop, begun when the shutdown begins; the app waits for it before it closes. */
let jobsStopped: Promise<void> = Promise.resolve();
const { app, context, metrics } = await buildApp({
  config,
  database,
  backgroundWorkStopped: () => jobsStopped,
});
phases.mark('app');

if (config.seedDemoData) {
  // One instance at a time (instances started together would insert the same demo rows). The
  // announcement follows after listen: no part of signing in.
  const { created } = await database.exclusively(DEMO_SEED_LOCK_KEY, () =>
    seedDemoData(database.db, new Date(), { announcement: false }),
  );
  if (created > 0)
    app.log.info({ created }, 'demo curators created (see README for the demo sign-in)');
  phases.mark('demoSeed');
}

/**
 * A start-up step that failed leaves the server serving without it: an error, unless the
 * shutdown cut it short (it stops waiting for a step after STARTUP_STEP_WAIT_MS).
 */
const stepFailed = (what: string) => (error: unknown) =>
  closing
    ? app.log.warn({ err: error }, `${what} (shutting down)`)
    : app.log.error({ err: error }, what);

/** The shutdown's last resort: whatever still runs then is cut off (docs/resilience.md). */
const HARD_EXIT_AFTER_MS = 9_000;
/** How long the shutdown lets a start-up step under way finish (the demo's run for seconds). */
const STARTUP_STEP_WAIT_MS = 2_000;
/** A running job gets this long to finish before pg-boss stops waiting for it. */
const JOBS_STOP_MS = 5_000;

/**
 * Ends within 10 s in every state, also during or right after a database or Redis outage.
 * In order: nothing new is accepted (new requests get 503, sockets are disconnected, the jobs
 * fetch no more work), in-flight requests and the running job finish (a job gets 5 s), then the
 * socket event work ends, mail and Redis close (no round trip to a Redis that may be gone),
 * and last the database pool, once nothing uses it. A timer exits anyway should anything hang.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  startupStop.abort();
  app.log.info({ signal }, 'shutting down');
  setTimeout(() => {
    app.log.error('shutdown did not finish in time; exiting');
    process.exit(1);
  }, HARD_EXIT_AFTER_MS).unref();
  try {
    // A start-up step under way gets a moment to finish while the server still answers (the
    // demo's steps call this server's own stand-ins); the steps left are skipped.
    await settlesWithin(startup, STARTUP_STEP_WAIT_MS);
    // The jobs, if they started, fetch no more work and stop while the app closes (it waits).
    jobsStopped = (jobsStarting ?? Promise.resolve(undefined))
      .then((started) => started?.stop(JOBS_STOP_MS))
      .catch((error: unknown) =>
        app.log.warn({ err: error }, 'background jobs did not stop cleanly'),
      );
    await app.close();
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
phases.mark('listening');
app.log.info({ startup: phases.steps }, 'listening');
/**
 * What starts after listen, one step at a time; a SIGTERM meanwhile skips the steps left
 * (shutdown waits for the step under way, so nothing starts on a closed database).
 */
startup = (async () => {
  if (config.seedDemoData && config.seedDemoAnnouncement && !closing) {
    const { seedDemoAnnouncement } = await import('./seed/demoAnnouncement.js');
    await database
      .exclusively(DEMO_SEED_LOCK_KEY, () => seedDemoAnnouncement(database.db, new Date()))
      .catch(stepFailed('demo announcement not seeded'));
    phases.mark('demoAnnouncement');
  }
  // After listen: in demo mode the SDK reaches the Stripe stand-in on this server's port.
  if (config.seedDemoData && !closing) {
    const { seedDemoBilling } = await import('./seed/demoBilling.js');
    // One instance at a time: the others then find the demo subscriptions in place. A failure
    // here leaves the demo curators on their trial; it does not take the server down.
    await database
      .exclusively(DEMO_BILLING_LOCK_KEY, () => seedDemoBilling(context))
      .then((bought) => {
        if (bought > 0) app.log.info({ bought }, 'demo curators subscribed on the local Stripe');
      })
      .catch(stepFailed('demo subscriptions not seeded'));
    phases.mark('demoBilling');
  }
  // After listen, under the demo seed's lock: the Spotify links reach the stand-in on this
  // server's port (after billing, whose plans set the limits). Failing leaves curators unlinked.
  if (config.seedDemoData && !closing) {
    const { seedDemoLiveliness } = await import('./seed/demoLiveliness.js');
    await database
      .exclusively(DEMO_SEED_LOCK_KEY, () => seedDemoLiveliness(context, startupStop.signal))
      .then((seeded) => {
        if (seeded.linked + seeded.pictures > 0)
          app.log.info(seeded, 'demo curators linked to the local Spotify, pictures given');
      })
      .catch(stepFailed('demo Spotify links not seeded'));
    phases.mark('demoLiveliness');
  }
  // After listen: in demo mode the jobs reach the Spotify stand-in on this server's port.
  if (config.jobs && !closing) {
    jobsStarting = import('./jobs/runner.js').then(({ startJobs }) => startJobs(context, database));
    jobs = await jobsStarting;
    metrics?.observeJobs(jobs.states);
  }
  if (closing) return;
  phases.mark('jobs');
  app.log.info(
    { startup: phases.steps },
    `Curator is running at ${config.appOrigin} (${config.mode} mode, ${config.database.kind} database)` +
      (config.mode === 'demo' ? `; demo mail at ${config.appOrigin}/dev/mail` : ''),
  );
})();
// A step that fails (the jobs not starting on a database gone away) ends the process, unless
// it is shutting down anyway: then the shutdown decides how it exits.
await startup.catch((error: unknown) => {
  if (!closing) throw error;
  app.log.warn({ err: error }, 'a start-up step failed while shutting down');
});
