/**
 * bench/api: seeds a large dataset into a fresh PostgreSQL database, starts
 * the built product and a bare Fastify hello world, signs in the heavy curator, and measures
 * each main read and write interleaved with the hello world at c=50 and c=100: req/s, p50/p99,
 * the ratio to the hello world, CPU per request (node and PostgreSQL backends, /proc) and
 * statements per request (counted on the wire, statementCounter.ts); then a growth table of the
 * list actions' page 1 from 1k to 1M rows. See bench/README.md for the flags.
 *
 *   npm run bench:api -- --size=small            (a quick run while developing)
 *   npm run bench:api -- --size=full --keep      (the full dataset; keeps the database)
 *   npm run bench:api -- --reuse=bench_api_full_x (measures a kept database again, no seeding)
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { hashPassword } from '../../server/areas/auth/passwords.js';
import { createDatabase, dropDatabase, withDatabase } from '../../server/test/testDatabase.js';
import { benchProductEnv, insertSession, load } from '../lib/benchKit.js';
import { call, listActions, mainActions, type BenchAction } from './actions.js';
import { shareByPlace, topFrames } from './cpuProfile.js';
import { actionOptions, drained, measureLoad } from './loadRuns.js';
import { BUILT_SERVER, isBuilt, startProcess, type RunningProcess } from './product.js';
import { growthTable, loadTable, machineLoad, type GrowthRow } from './report.js';
import { seed } from './seed.js';
import { SIZES } from './sizes.js';
import { startStatementCounter } from './statementCounter.js';

const { values: flags } = parseArgs({
  options: {
    size: { type: 'string', default: 'small' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    seconds: { type: 'string' },
    'base-port': { type: 'string', default: '3600' },
    connections: { type: 'string', default: '50,100' },
    profile: { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
    skip: { type: 'string', default: '' },
    /** The growth sizes, comma-separated (default: the size's own, up to 1M for full). */
    growth: { type: 'string' },
    /** Leave out the main actions whose label contains this (e.g. discovery). */
    exclude: { type: 'string' },
    /** Measure only the main actions whose label contains this (e.g. playlists/all). */
    only: { type: 'string' },
    /** Another build of the server to measure (a copy of dist/ from before a change). */
    server: { type: 'string', default: BUILT_SERVER },
  },
});
// A kept database measured again is of the size its name says (bench_api_<size>_…).
const sizeName = /^bench_api_(full|small)_/.exec(flags.reuse ?? '')?.[1] ?? flags.size;
const chosen = SIZES[sizeName as keyof typeof SIZES];
if (!chosen) throw new Error(`--size is full or small, not ${sizeName}`);
const sizes = flags.growth ? { ...chosen, growth: flags.growth.split(',').map(Number) } : chosen;
const seconds = Number(flags.seconds ?? sizes.seconds);
const basePort = Number(flags['base-port']);
const connectionCounts = flags.connections.split(',').map(Number);
const skipped = new Set(flags.skip.split(',').filter(Boolean)); // load, growth, statements
const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'bench-heavy-curator-password';
const SAMPLES = 30;

/** The main actions this run measures (--exclude leaves some out, --only keeps some). */
function measured(senders: Curators['senders']) {
  return mainActions(senders).filter(
    (action) =>
      (!flags.exclude || !action.label.includes(flags.exclude)) &&
      (!flags.only || action.label.includes(flags.only)),
  );
}

async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('sid='));
  if (!response.ok || !cookie) throw new Error(`sign-in: ${response.status}`);
  return cookie.split(';')[0]!;
}

function startProduct(databaseUrl: string, port: number, nodeArgs: string[] = []) {
  return startProcess({
    script: flags.server,
    nodeArgs,
    env: {
      ...benchProductEnv(databaseUrl, mkdtempSync(join(tmpdir(), 'bench-api-'))),
      NODE_ENV: 'production',
      // The production default: the request log's cost is part of what is measured.
      LOG_LEVEL: 'info',
    },
    port,
    readyPath: '/readyz',
  });
}

interface Curators {
  heavyCookie: string;
  /** The heavy curator's conversation partners, signed in, with their conversation. */
  senders: { cookie: string; conversationId: string }[];
  growth: { size: number; cookie: string; conversationId: string }[];
}

async function firstConversation(client: pg.Client, userId: string): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `select id from conversations where user_one_id = $1 or user_two_id = $1 order by id limit 1`,
    [userId],
  );
  return rows[0]!.id;
}

const SENDERS = 300;

async function growthCurators(client: pg.Client, growth: { size: number; userId: string }[]) {
  const curators = [];
  for (const { size, userId } of growth)
    curators.push({
      size,
      cookie: await insertSession(client, userId),
      conversationId: await firstConversation(client, userId),
    });
  return curators;
}

async function sendersTo(client: pg.Client, userId: string) {
  const { rows } = await client.query<{ id: string; other: string }>(
    `select id, case when user_one_id = $1 then user_two_id else user_one_id end as other
     from conversations where user_one_id = $1 or user_two_id = $1 order by id limit $2`,
    [userId, SENDERS],
  );
  const senders = [];
  for (const row of rows)
    senders.push({ cookie: await insertSession(client, row.other), conversationId: row.id });
  return senders;
}

async function prepareCurators(
  client: pg.Client,
  product: RunningProcess,
  reuse: boolean,
): Promise<Curators> {
  let heavyId: string;
  let growth: { size: number; userId: string }[];
  if (reuse) {
    const { rows } = await client.query<{ id: string; email: string }>(
      `select id, email from users where email like 'heavy@%' or email like 'growth%'`,
    );
    heavyId = rows.find((row) => row.email.startsWith('heavy'))!.id;
    growth = rows
      .filter((row) => row.email.startsWith('growth'))
      .map((row) => ({ size: Number(/\d+/.exec(row.email)![0]), userId: row.id }))
      .sort((a, b) => a.size - b.size);
  } else {
    const started = Date.now();
    console.log(`seeding (${sizes.name}):`);
    ({ heavyId, growth } = await seed(client, sizes, await hashPassword(PASSWORD)));
    console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const heavyCookie = await signIn(product.url, 'heavy@bench.test');
  return {
    heavyCookie,
    senders: await sendersTo(client, heavyId),
    growth: await growthCurators(client, growth),
  };
}

/** Statements per request of each action, through a second product instance on the proxy. */
async function countStatements(
  databaseUrl: string,
  curators: Curators,
): Promise<{ main: Map<string, number>; growth: Map<string, number> }> {
  const counter = await startStatementCounter(databaseUrl, basePort + 3);
  const product = await startProduct(counter.url, basePort + 2);
  const per = async (action: BenchAction, cookie: string) => {
    await call(product.url, action, cookie); // opens connections, warms caches
    const before = counter.count();
    for (let i = 0; i < 10; i++) await call(product.url, action, cookie);
    return (counter.count() - before) / 10;
  };
  try {
    const main = new Map<string, number>();
    for (const action of measured(curators.senders))
      main.set(action.label, await per(action, curators.heavyCookie));
    const growth = new Map<string, number>();
    for (const curator of curators.growth)
      for (const action of listActions(curator.conversationId))
        growth.set(`${action.label}@${curator.size}`, await per(action, curator.cookie));
    return { main, growth };
  } finally {
    await product.stop();
    await counter.close();
  }
}

/** Page 1 of each list action for each growth curator, one request at a time. */
async function measureGrowth(
  product: RunningProcess,
  curators: Curators,
  statements: Map<string, number>,
): Promise<GrowthRow[]> {
  const rows: GrowthRow[] = [];
  for (const curator of curators.growth) {
    for (const action of listActions(curator.conversationId)) {
      let bytes = 0;
      for (let i = 0; i < 3; i++) bytes = await call(product.url, action, curator.cookie);
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const started = performance.now();
        await call(product.url, action, curator.cookie);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const row = {
        action: action.label,
        size: curator.size,
        p50: times[Math.floor(SAMPLES / 2)]!,
        p90: times[Math.floor(SAMPLES * 0.9)]!,
        bytes,
        statements: statements.get(`${action.label}@${curator.size}`) ?? NaN,
      };
      console.log(
        `${action.label.padEnd(34)} ${String(curator.size).padStart(8)} rows  p50=${row.p50.toFixed(2)} ms  ${bytes} bytes`,
      );
      rows.push(row);
    }
  }
  return rows;
}

/** A CPU profile of the product under the main actions at c=50 (--profile). */
async function profile(databaseUrl: string, curators: Curators): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-api-profile-'));
  const product = await startProduct(databaseUrl, basePort + 4, [
    '--cpu-prof',
    `--cpu-prof-dir=${dir}`,
  ]);
  try {
    for (const action of measured(curators.senders))
      await load(`profile: ${action.label}`, product.url + action.path, {
        seconds,
        allowNone: true,
        connections: 50,
        ...actionOptions(action, curators.heavyCookie),
      }).then(() => drained(product));
  } finally {
    await product.stop();
  }
  const file = join(
    dir,
    readdirSync(dir).find((name) => name.endsWith('.cpuprofile'))!,
  );
  console.log(`\nCPU profile: ${file}\n\n| self time | frame |\n|---|---|`);
  for (const { frame, selfShare } of topFrames(file))
    console.log(`| ${(100 * selfShare).toFixed(1)}% | ${frame} |`);
  console.log('\n| self time | package or file |\n|---|---|');
  for (const { frame, selfShare } of shareByPlace(file))
    console.log(`| ${(100 * selfShare).toFixed(1)}% | ${frame} |`);
}

async function run() {
  if (flags.build || !isBuilt()) execSync('npm run build', { stdio: 'inherit' });
  const database = flags.reuse ?? `bench_api_${sizes.name}_${Date.now().toString(36)}`;
  if (!flags.reuse) await createDatabase(adminUrl, database);
  const databaseUrl = withDatabase(adminUrl, database);
  console.log(`database ${database}; load before: ${machineLoad()}`);
  const processes: RunningProcess[] = [];
  const client = new pg.Client({ connectionString: databaseUrl });
  let finished = false;
  try {
    const product = await startProduct(databaseUrl, basePort); // migrates the new database
    processes.push(product);
    const hello = await startProcess({
      script: 'bench/api/hello.mjs',
      args: [String(basePort + 1), databaseUrl],
      port: basePort + 1,
      readyPath: '/',
    });
    processes.push(hello);
    await client.connect();
    const curators = await prepareCurators(client, product, Boolean(flags.reuse));
    const statements = skipped.has('statements')
      ? { main: new Map<string, number>(), growth: new Map<string, number>() }
      : await countStatements(databaseUrl, curators);
    const loadRows = skipped.has('load')
      ? []
      : await measureLoad(
          { client, database, hello, seconds },
          product,
          measured(curators.senders),
          curators.heavyCookie,
          connectionCounts,
          statements.main,
        );
    const growthRows = skipped.has('growth')
      ? []
      : await measureGrowth(product, curators, statements.growth);
    if (flags.profile) await profile(databaseUrl, curators);
    console.log(`\n## bench/api, --size=${sizes.name}, ${seconds} s per run`);
    console.log(`\nLoad after: ${machineLoad()}\n`);
    if (loadRows.length > 0) console.log(loadTable(loadRows));
    if (growthRows.length > 0)
      console.log(`\n${growthTable(growthRows, [...new Set(growthRows.map((row) => row.size))])}`);
    finished = true;
  } finally {
    await client.end().catch(() => {});
    for (const running of processes.reverse()) await running.stop();
    if (!flags.reuse && !(flags.keep && finished)) await dropDatabase(adminUrl, database);
    else
      console.log(
        `kept database ${database} (drop it with: dropdb -h 127.0.0.1 -U postgres ${database})`,
      );
  }
}

await run();
