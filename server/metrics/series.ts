/**
 * The Prometheus series an operator watches (README.md, "Metrics"), on a registry of this
 * app's own (tests build several apps in one process). Requests cost one histogram
 * observation each; everything else is read when Prometheus scrapes: memory for the pool,
 * Redis and the sockets, one query each for the mail outbox and pg-boss's job counts.
 */
import type { FastifyBaseLogger } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The database pool's connections now (pg's pool; PGlite is one connection and has none). */
export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

/** The outbox counts /readyz answers (server/mail/mailer.ts `backlog`). */
export interface MailBacklog {
  waiting: number;
  retrying: number;
  failed: number;
}

/** This instance's realtime channel: sockets now, and events its budget refused since start. */
export interface RealtimeStats {
  socketsConnected: number;
  eventsRefused?: number;
}

/** pg-boss's jobs per queue and state (server/jobs/runner.ts `states`). */
export type JobStates = Record<string, Record<JobState, number>>;
export const JOB_STATES = ['created', 'retry', 'active', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export interface MetricsSources {
  /** undefined: no pool (PGlite), the pool series are left out. */
  pool?: () => PoolStats;
  /** null: no SMTP (the outbox is the mailbox), the mail series are left out. */
  mailBacklog: () => Promise<MailBacklog | null>;
  /** undefined: no REDIS_URL, curator_redis_up is left out. */
  redisUp?: () => boolean;
  realtime: () => RealtimeStats;
}

/** Seconds; the product's reads take milliseconds, Spotify's a few hundred, a page waits 1 s at most. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

export function createSeries(sources: MetricsSources, log: FastifyBaseLogger) {
  const registry = new Registry();
  /**
   * A read that fails (the database away) leaves its series out of this scrape instead of
   * failing the scrape: the other series matter most during an outage.
   */
  const orNothing = async <T>(what: string, read: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await read();
    } catch (error) {
      log.warn({ err: error, what }, 'metrics: a series could not be read');
      return undefined;
    }
  };
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  let jobStates: (() => Promise<JobStates>) | undefined;

  const requestDuration = new Histogram({
    name: 'curator_http_request_duration_seconds',
    help: 'Time to answer a request, by action (area/action, or the method and route; unmatched for no route) and status. Its _count per status is the status count.',
    labelNames: ['action', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });

  if (sources.pool) {
    const pool = sources.pool;
    new Gauge({
      name: 'curator_db_pool_connections',
      help: 'Database pool connections by state (in_use, idle).',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const stats = pool();
        this.set({ state: 'in_use' }, stats.total - stats.idle);
        this.set({ state: 'idle' }, stats.idle);
      },
    });
    new Gauge({
      name: 'curator_db_pool_waiting',
      help: 'Queries waiting for a database pool connection.',
      registers,
      collect() {
        this.set(pool().waiting);
      },
    });
    new Gauge({
      name: 'curator_db_pool_max',
      help: 'The most connections the database pool opens.',
      registers,
      collect() {
        this.set(pool().max);
      },
    });
  }

  new Gauge({
    name: 'curator_mail_outbox',
    help: 'Outbox mail by state: waiting (not sent yet), retrying (waiting after a failed attempt), failed (given up after 48 h).',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      this.reset();
      const backlog = await orNothing('mail outbox', sources.mailBacklog);
      if (!backlog) return;
      for (const state of ['waiting', 'retrying', 'failed'] as const)
        this.set({ state }, backlog[state]);
    },
  });

  if (sources.redisUp) {
    const redisUp = sources.redisUp;
    new Gauge({
      name: 'curator_redis_up',
      help: '1 while the Redis command connection is ready, 0 while Redis is away.',
      registers,
      collect() {
        this.set(redisUp() ? 1 : 0);
      },
    });
  }

  new Gauge({
    name: 'curator_realtime_sockets_connected',
    help: 'Sockets connected to this instance’s realtime channel.',
    registers,
    collect() {
      this.set(sources.realtime().socketsConnected);
    },
  });
  new Counter({
    name: 'curator_realtime_events_refused_total',
    help: 'Inbound socket events refused by the per-socket event budget since the process started.',
    registers,
    collect() {
      // The channel keeps the count; the series shows it.
      this.reset();
      this.inc(sources.realtime().eventsRefused ?? 0);
    },
  });

  new Gauge({
    name: 'curator_jobs',
    help: 'pg-boss jobs by queue and state: created and retry wait to run, active run now, failed gave up after their retries (kept 12 h). Reported by instances that run the jobs.',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      const read = jobStates;
      const queues = read ? await orNothing('jobs', read) : undefined;
      for (const [queue, states] of Object.entries(queues ?? {}))
        for (const state of JOB_STATES) this.set({ queue, state }, states[state]);
    },
  });

  return {
    registry,
    observeRequest(action: string, status: number, seconds: number) {
      requestDuration.observe({ action, status }, seconds);
    },
    /** From when this process runs the jobs (they start after listen). */
    observeJobs(states: () => Promise<JobStates>) {
      jobStates = states;
    },
  };
}

export type Series = ReturnType<typeof createSeries>;
