/**
 * The load runs of bench/api: each action, and each floor, measured beside a run of the bare
 * hello world just before it (the machine is noisy, so only ratios taken together mean much),
 * with the CPU the serving processes used per request.
 */
import type pg from 'pg';
import { load, type LoadOptions } from '../lib/benchKit.js';
import { call, type BenchAction } from './actions.js';
import { backendPids, cpuSample } from './processCpu.js';
import type { RunningProcess } from './product.js';
import type { LoadRow } from './report.js';

/** Where the runs go and how long each lasts. */
export interface LoadSetup {
  client: pg.Client;
  database: string;
  hello: RunningProcess;
  seconds: number;
}

/** What one run measures: `url` served by the process `pid`. */
interface Target {
  label: string;
  url: string;
  pid: number;
  statements: number;
  options: Omit<LoadOptions, 'connections' | 'seconds'>;
  /** Waits for the work a run left in flight (its CPU is counted, so its requests are too). */
  settle?: () => Promise<void>;
}

/** A run of the hello world, then of `target`, at `connections`. */
async function measureBeside(
  setup: LoadSetup,
  connections: number,
  target: Target,
): Promise<LoadRow> {
  const options = { seconds: setup.seconds, labelWidth: 40, allowNone: true, connections };
  const helloCpu = cpuSample([setup.hello.pid]);
  const helloLine = await load(`hello world (c=${connections})`, `${setup.hello.url}/`, options);
  const helloCpuMs = helloCpu.since() / (helloLine.requests + connections);
  const readsDatabase = target.statements !== 0;
  const backends = readsDatabase ? await backendPids(setup.client, setup.database) : [];
  const nodeCpu = cpuSample([target.pid]);
  const pgCpu = cpuSample(backends);
  const line = await load(`${target.label} (c=${connections})`, target.url, {
    ...options,
    ...target.options,
  });
  await target.settle?.();
  // The requests still in flight when the run ends (one per connection) finish meanwhile.
  const served = line.requests + connections;
  const row: LoadRow = {
    action: target.label,
    connections,
    requestsPerSecond: line.requestsPerSecond,
    p50: line.p50,
    p99: line.p99,
    helloRequestsPerSecond: helloLine.requestsPerSecond,
    helloP99: helloLine.p99,
    nodeCpuMs: nodeCpu.since() / served,
    postgresCpuMs: readsDatabase
      ? pgCpu.since(await backendPids(setup.client, setup.database)) / served
      : 0,
    helloCpuMs,
    statements: target.statements,
  };
  console.log(
    `  CPU ms/request: node ${row.nodeCpuMs.toFixed(2)} + PostgreSQL ${row.postgresCpuMs.toFixed(2)} (hello ${row.helloCpuMs.toFixed(3)}); ${row.statements} statements`,
  );
  return row;
}

/**
 * The floor of any read against PostgreSQL on this machine: the hello world's process answering
 * one prepared `select` through a pool (no session, no hooks, no rows to map). No action that
 * reads the database can go faster than this ratio.
 */
interface Floor {
  label: string;
  path: string;
  statements: number;
}

const ONE_QUERY: Floor = {
  label: 'floor: Fastify + one prepared query',
  path: '/one-query',
  statements: 1,
};

/**
 * The floors of a list: the same process answering one prepared statement of `count` made-up
 * rows of a listed swap's columns as PostgreSQL's JSON text, sent as it comes (no session, no
 * parsing, no presentation, no table read). 50 rows is a page of the catalogue or of a
 * conversation's messages; 100 is trades/all's first answer (four buckets of 25).
 */
const listFloor = (count: number): Floor => ({
  label: `floor: Fastify + one prepared query of ${count} rows`,
  path: `/rows/${count}`,
  statements: 1,
});

/** Answers this large get a second floor: the hello world sending a constant body that size. */
const LARGE_ANSWER = 16 * 1024;

const answerFloor = (bytes: number): Floor => ({
  label: `floor: Fastify sending ${(bytes / 1024).toFixed(0)} KiB`,
  path: `/bytes/${bytes}`,
  statements: 0,
});

/**
 * Waits until the product has answered what a run left in flight (autocannon stops counting at
 * the end of its duration, the server does not stop working): /readyz queries the database,
 * so it answers once the pool's queue is empty.
 */
export async function drained(product: RunningProcess): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    const started = performance.now();
    await fetch(`${product.url}/readyz`).catch(() => undefined);
    if (performance.now() - started < 50) return;
  }
}

/** An action's load options: its body or its rotation of callers, else the signed-in cookie. */
export const actionOptions = (action: BenchAction, cookie: string) => ({
  ...(action.body ? { body: action.body } : {}),
  ...(action.rotation ? { rotation: action.rotation } : {}),
  cookie,
});

/**
 * Each action at each concurrency beside the hello world, after the floors (one prepared
 * query; a constant body of each large answer's size) and an untimed warm-up.
 */
export async function measureLoad(
  setup: LoadSetup,
  product: RunningProcess,
  actions: BenchAction[],
  cookie: string,
  connectionCounts: number[],
  statements: Map<string, number>,
): Promise<LoadRow[]> {
  const rows: LoadRow[] = [];
  // The floors first: measured between the actions, they would leave the product's pool idle
  // long enough for its connections to close (pg's idle timeout is 10 s).
  const floors = [ONE_QUERY, listFloor(50), listFloor(100)];
  for (const action of actions) {
    const bytes = await call(product.url, action, cookie);
    if (bytes >= LARGE_ANSWER) floors.push(answerFloor(bytes));
  }
  for (const connections of connectionCounts)
    for (const floor of floors)
      rows.push(
        await measureBeside(setup, connections, {
          label: floor.label,
          url: setup.hello.url + floor.path,
          pid: setup.hello.pid,
          statements: floor.statements,
          options: {},
        }),
      );
  // Warm up, untimed: a second of each action at the highest concurrency, so that the pool's
  // connections are open with their prepared statements and V8 has optimised the code before
  // the first timed run (twenty sequential calls opened one connection: the first action
  // measured paid for the other nine).
  for (const action of actions) {
    await load(`warm-up: ${action.label}`, product.url + action.path, {
      seconds: 1,
      labelWidth: 40,
      allowNone: true,
      connections: Math.max(...connectionCounts),
      ...actionOptions(action, cookie),
    });
    await drained(product);
  }
  for (const connections of connectionCounts)
    for (const action of actions)
      rows.push(
        await measureBeside(setup, connections, {
          label: action.label,
          url: product.url + action.path,
          pid: product.pid,
          statements: statements.get(action.label) ?? NaN,
          options: actionOptions(action, cookie),
          settle: () => drained(product),
        }),
      );
  // Each concurrency's floors above its actions.
  return rows.sort((a, b) => a.connections - b.connections);
}
