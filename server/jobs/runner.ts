import type PgBoss from 'pg-boss';
import type { AppContext } from '../appContext.js';
import { mailUnreadMessages } from '../areas/notifications/index.js';
import { recheckAvailability } from '../areas/songs/index.js';
import { refreshCuratorSummaries } from '../areas/discovery/index.js';
import type { Database } from '../db/client.js';
import { applyDueRemovals } from './applyDueRemovals.js';
import { enforceLocks } from './enforceLocks.js';
import { playlistUpkeep } from './followerSnapshots.js';
import { advanceSwaps } from './tradeLifecycle.js';
import { checkPlacements } from './swapPlacementChecks.js';
import { snapshotPlaylistHistory } from './playlistHistory.js';
import { JOB_NAMES, type RunSummary } from './outcomes.js';

/**
 * pg-boss on the app's own database, PGlite or PostgreSQL alike: it is handed the
 * Database's executeSql, so there is one connection setup, one pool, and its tables live in
 * the `pgboss` schema next to ours.
 *
 * Once across instances: every instance schedules and works the same queues. pg-boss sends
 * a cron job once per tick (the schedule check is guarded in the database, and the send is
 * a singleton per minute), hands each job to one worker (FOR UPDATE SKIP LOCKED), and the
 * queues are `stately`: at most one job of a kind queued and one active at a time. The jobs
 * themselves stay safe if run twice anyway (row claims, snapshot-relative edits, one stats
 * row per day).
 */
export interface JobDefinition {
  name: (typeof JOB_NAMES)[keyof typeof JOB_NAMES];
  /** Cron, UTC. */
  cron: string;
  run(context: AppContext, now: Date): Promise<RunSummary>;
  expireInSeconds: number;
}

export const JOB_DEFINITIONS: readonly JobDefinition[] = [
  { name: JOB_NAMES.removals, cron: '* * * * *', run: applyDueRemovals, expireInSeconds: 15 * 60 },
  { name: JOB_NAMES.locks, cron: '*/5 * * * *', run: enforceLocks, expireInSeconds: 15 * 60 },
  // Hourly; playlist_daily_stats keeps it to one snapshot per playlist per UTC day.
  { name: JOB_NAMES.followers, cron: '15 * * * *', run: playlistUpkeep, expireInSeconds: 30 * 60 },
  // Catalogue availability: released upcoming songs, tracks Spotify stopped playing.
  {
    name: JOB_NAMES.availability,
    cron: '45 * * * *',
    run: recheckAvailability,
    expireInSeconds: 30 * 60,
  },
  // Song swaps: scheduled -> accepted at the start, accepted -> completed at the end.
  { name: JOB_NAMES.swapLifecycle, cron: '* * * * *', run: advanceSwaps, expireInSeconds: 15 * 60 },
  // Hourly; trade_placement_checks keeps it to one check per placement per UTC day.
  {
    name: JOB_NAMES.placementChecks,
    cron: '30 * * * *',
    run: checkPlacements,
    expireInSeconds: 30 * 60,
  },
  // Discovery's per-curator summaries, each refreshed about daily (after the placement checks).
  {
    name: JOB_NAMES.discoverySummaries,
    cron: '50 * * * *',
    run: refreshCuratorSummaries,
    expireInSeconds: 30 * 60,
  },
  // Hourly: one small read per playlist when nothing changed; thins old history at 03:20.
  {
    name: JOB_NAMES.history,
    cron: '20 * * * *',
    run: snapshotPlaylistHistory,
    expireInSeconds: 30 * 60,
  },
  // Unread-messages mail (docs/notifications.md): at most one per conversation per hour.
  {
    name: JOB_NAMES.unreadMessages,
    cron: '* * * * *',
    run: mailUnreadMessages,
    expireInSeconds: 15 * 60,
  },
];

export type QueueName = JobDefinition['name'];

/** A failed run (the database away, say) is tried again after 30 s, 60 s, 120 s. */
const RETRIES = { retryLimit: 3, retryDelay: 30, retryBackoff: true } as const;

export interface JobsRunner {
  boss: PgBoss;
  /** Queues a run now instead of waiting for the schedule; null when one is already queued. */
  runNow(name: QueueName): Promise<string | null>;
  /** Stops fetching, lets a running job finish (up to `timeoutMs`), then stops. */
  stop(timeoutMs?: number): Promise<void>;
  /**
   * Each queue's jobs by state, read in one query (metrics): created and retry wait to run,
   * active run now, failed gave up after their retries (pg-boss keeps them 12 h).
   */
  states(): Promise<Record<QueueName, JobCounts>>;
}

export interface JobCounts {
  created: number;
  retry: number;
  active: number;
  failed: number;
}

/**
 * pg-boss's own count of jobs per queue and state (the query its state monitor runs), which
 * its type declarations leave out.
 */
type CountStates = () => Promise<PgBoss.MonitorStates>;

export interface JobsOptions {
  /** Put the cron schedules in place (default true). */
  schedule?: boolean;
  pollingIntervalSeconds?: number;
}

export async function startJobs(
  context: AppContext,
  database: Pick<Database, 'executeSql'>,
  options: JobsOptions = {},
): Promise<JobsRunner> {
  const log = context.log.child({ component: 'jobs' });
  const schedule = options.schedule ?? true;
  // Imported here, after listen (server/main.ts): pg-boss and its cron parser are no part of
  // serving the first request.
  const { default: PgBoss } = await import('pg-boss');
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: 'pgboss',
    schedule,
    ...(options.pollingIntervalSeconds
      ? { pollingIntervalSeconds: options.pollingIntervalSeconds }
      : {}),
  });
  // Without a listener an 'error' event would end the process.
  boss.on('error', (error) => log.error({ err: error }, 'pg-boss reported an error'));
  await boss.start();

  const workers = new Map<QueueName, string>();
  for (const job of JOB_DEFINITIONS) {
    const queue = {
      name: job.name,
      policy: 'stately',
      expireInSeconds: job.expireInSeconds,
      ...RETRIES,
    } as const;
    await boss.createQueue(job.name, queue);
    await boss.updateQueue(job.name, queue);
    if (schedule) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    const workerId = await boss.work(job.name, { batchSize: 1 }, async ([pgJob]) => {
      const started = context.clock.now();
      const summary = await job.run(context, started);
      // Runs that found nothing to do are only worth a debug line (removals run every minute).
      const level = Object.keys(summary).length > 0 ? 'info' : 'debug';
      log[level]({ job: job.name, jobId: pgJob?.id, summary }, 'job run finished');
      return summary;
    });
    workers.set(job.name, workerId);
  }
  log.info({ queues: JOB_DEFINITIONS.map((job) => job.name), schedule }, 'background jobs started');

  return {
    boss,
    async runNow(name) {
      const id = await boss.send(name, {});
      const workerId = workers.get(name);
      if (workerId) boss.notifyWorker(workerId);
      return id;
    },
    async stop(timeoutMs = 30_000) {
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
      log.info('background jobs stopped');
    },
    async states() {
      const { queues } = await (boss as unknown as { countStates: CountStates }).countStates();
      return Object.fromEntries(
        JOB_DEFINITIONS.map(({ name }) => {
          const { created = 0, retry = 0, active = 0, failed = 0 } = queues[name] ?? {};
          return [name, { created, retry, active, failed }];
        }),
      ) as Record<QueueName, JobCounts>;
    },
  };
}
