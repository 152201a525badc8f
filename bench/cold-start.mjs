// Demo cold start: runs the built product as `npm start` does
// (`node tools/start.mjs`, demo mode, embedded PGlite) several times on a fresh DATA_DIR and on
// an existing one, and prints, per run and as medians: spawn -> first /readyz 200, spawn ->
// the start-up log line of the server's own steps (server/lib/startupPhases.ts), the RSS
// after COLD_START_IDLE_SECONDS idle, and the SIGTERM -> exit time. Needs `npm run build` first.
//
//   node bench/cold-start.mjs
//   COLD_START_RUNS=5 COLD_START_IDLE_SECONDS=30 COLD_START_COMMAND=npm node bench/cold-start.mjs
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const runs = Number(process.env.COLD_START_RUNS ?? 5);
const idleSeconds = Number(process.env.COLD_START_IDLE_SECONDS ?? 30);
/** `node` (default) spawns tools/start.mjs directly; `npm` spawns `npm start` (npm's own start-up on top). */
const command = process.env.COLD_START_COMMAND ?? 'node';
const basePort = process.env.COLD_START_PORT ? Number(process.env.COLD_START_PORT) : undefined;

if (!existsSync('dist/.build-stamp')) {
  console.error('No build: run `npm run build` first (this measures the built product).');
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function processTree(pid) {
  const ids = [pid];
  for (let i = 0; i < ids.length; i++) {
    const children = join('/proc', String(ids[i]), 'task', String(ids[i]), 'children');
    if (existsSync(children)) {
      const text = readFileSync(children, 'utf8').trim();
      if (text) ids.push(...text.split(/\s+/).map(Number));
    }
  }
  return ids;
}

/** VmRSS of the process and its children (npm start runs node as a child), in MiB. */
function rssMiB(pid) {
  let kib = 0;
  for (const id of processTree(pid)) {
    const status = join('/proc', String(id), 'status');
    if (!existsSync(status)) continue;
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(status, 'utf8'));
    // npm's own process counts only with COLD_START_COMMAND=npm; the server is the node child.
    if (match) kib += Number(match[1]);
  }
  return kib / 1024;
}

/** CPU seconds (user + system) the process and its children have used so far. */
function cpuSeconds(pid) {
  let ticks = 0;
  for (const id of processTree(pid)) {
    const stat = join('/proc', String(id), 'stat');
    if (!existsSync(stat)) continue;
    const fields = readFileSync(stat, 'utf8').split(') ')[1].split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / 100;
}

async function startOnce(dataDir, port, { untilAllStarted = false } = {}) {
  const env = {
    ...process.env,
    APP_MODE: 'demo',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
  };
  delete env.DATABASE_URL;
  const started = performance.now();
  const child =
    command === 'npm'
      ? spawn('npm', ['start', '--silent'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(process.execPath, ['tools/start.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const seen = {
    listening: undefined,
    started: undefined,
    steps: undefined,
    finalSteps: undefined,
  };
  let errors = '';
  let buffer = '';
  child.stdout.on('data', (chunk) => {
    buffer += String(chunk);
    let newline;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (!line.includes('"startup"')) continue;
      const entry = JSON.parse(line);
      if (entry.msg === 'listening') {
        seen.listening = performance.now() - started;
        seen.steps = entry.startup;
      } else {
        seen.started = performance.now() - started;
        seen.finalSteps = entry.startup;
      }
    }
  });
  child.stderr.on('data', (chunk) => (errors += String(chunk)));
  const exited = new Promise((resolve) => child.once('exit', resolve));

  let ready;
  let readyCpu;
  while (ready === undefined) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${errors}`);
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) {
      ready = performance.now() - started;
      readyCpu = cpuSeconds(child.pid);
    } else await sleep(20);
  }
  const deadline = performance.now() + idleSeconds * 1000;
  // The background steps (demo billing, Spotify links, jobs) finish within the idle time.
  while (seen.finalSteps === undefined && (untilAllStarted || performance.now() < deadline)) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${errors}`);
    await sleep(100);
  }
  await sleep(Math.max(0, deadline - performance.now()));
  const rss = idleSeconds > 0 ? rssMiB(child.pid) : undefined;
  const stopping = performance.now();
  child.kill('SIGTERM');
  const stopped = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
  if (!stopped) child.kill('SIGKILL');
  return {
    ready,
    readyCpu,
    listening: seen.listening,
    started: seen.started,
    steps: seen.finalSteps ?? seen.steps,
    rss,
    shutdown: stopped ? performance.now() - stopping : undefined,
  };
}

const median = (values) => {
  const sorted = values.filter((value) => value !== undefined).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const ms = (value) => (value === undefined ? '—' : `${Math.round(value)} ms`);
const cpu = (value) => (value === undefined ? '—' : `${value.toFixed(2)} s`);
const mib = (value) => (value === undefined ? '—' : `${value.toFixed(0)} MiB`);

function stepsLine(steps) {
  if (!steps) return '';
  let previous = 0;
  return Object.entries(steps)
    .map(([step, at]) => {
      const line = `${step} +${at - previous}`;
      previous = at;
      return line;
    })
    .join(', ');
}

async function series(label, prepare) {
  const results = [];
  for (let run = 1; run <= runs; run++) {
    const dataDir = prepare();
    const port = basePort ?? (await freePort());
    const load = loadavg()[0].toFixed(1);
    const result = await startOnce(dataDir, port);
    results.push(result);
    console.log(
      `${label} #${run} (load ${load}): readyz ${ms(result.ready)} (CPU ${cpu(result.readyCpu)}), listening ${ms(result.listening)}, ` +
        `all started ${ms(result.started)}, RSS ${mib(result.rss)}, shutdown ${ms(result.shutdown)}`,
    );
    console.log(`   steps (ms since process start, +ms each): ${stepsLine(result.steps)}`);
  }
  return results;
}

const scratch = mkdtempSync(join(tmpdir(), 'curator-cold-start-'));
try {
  console.log(
    `${runs} runs each, ${command} start, idle ${idleSeconds} s; load ${loadavg().join(' ')}`,
  );
  let fresh = 0;
  const freshResults = await series('fresh DATA_DIR', () => join(scratch, `fresh-${fresh++}`));
  const existing = join(scratch, 'existing');
  // The existing folder is seeded once (demo billing and Spotify links included) before timing.
  await startOnce(existing, basePort ?? (await freePort()), { untilAllStarted: true });
  const existingResults = await series('existing DATA_DIR', () => existing);
  console.log(`\nmedians (load now ${loadavg().join(' ')}):`);
  for (const [label, results] of [
    ['fresh DATA_DIR', freshResults],
    ['existing DATA_DIR', existingResults],
  ]) {
    console.log(
      `${label.padEnd(18)} readyz ${ms(median(results.map((r) => r.ready)))} ` +
        `(CPU ${cpu(median(results.map((r) => r.readyCpu)))}), ` +
        `all started ${ms(median(results.map((r) => r.started)))}, ` +
        `RSS after ${idleSeconds} s idle ${mib(median(results.map((r) => r.rss)))}, ` +
        `shutdown ${ms(median(results.map((r) => r.shutdown)))}`,
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
