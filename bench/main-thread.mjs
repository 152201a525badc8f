// The main thread's work after the first paint, from a trace of real loads:
// the built product in demo mode, Chromium at full speed with Lighthouse's mobile screen (412 x
// 823, device pixel ratio 1.75), every task of the page's main thread from the first
// contentful paint until the load settles: their total, the largest, and (MT_BREAKDOWN=1) what
// they ran (each task's direct parts: microtasks, React's scheduler, module evaluation, layout,
// paint...), averaged over the loads. Lighthouse's blocking time is not computed here: its
// simulation counts these tasks in a way this does not reproduce (it gives /signin 0 ms, whose
// app still works about 150 ms after the first paint); this says where the work is, to compare
// two builds of one page.
//
//   npm run build && node bench/main-thread.mjs
//
// MT_RUNS loads a page (default 5; medians are printed), MT_PAGES=home,Playlists a subset
// (names as in bench/lib/demoPages.mjs), MT_PORT (default 3652), MT_SETTLE_MS how long a load
// is traced (default 6000), MT_BREAKDOWN=1 what the tasks ran, MT_CLOCK=cpu each task's CPU
// time instead of its wall time (on a shared host a task's wall time moves with the others'
// load; its CPU time compares two builds better).
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../tools/chromium.mjs';
import { firstScreens, signIn, startProduct } from './lib/demoPages.mjs';

const RUNS = Number(process.env.MT_RUNS ?? 5);
const SETTLE_MS = Number(process.env.MT_SETTLE_MS ?? 6000);
const baseUrl = `http://127.0.0.1:${Number(process.env.MT_PORT ?? 3652)}`;
/** A task's length: its wall time (`dur`), or with MT_CLOCK=cpu its thread's CPU time. */
const lengthOf = process.env.MT_CLOCK === 'cpu' ? (event) => event.tdur ?? 0 : (event) => event.dur;
/** A task at least this long is counted apart. */
const LONG_TASK_MS = 10;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The page's main-thread events after its first contentful paint, in start order: the thread is
 * the one that reported the paint, a task is a RunTask event on it.
 */
function eventsAfterFirstPaint(traceEvents) {
  const paint = traceEvents.find((event) => event.name === 'firstContentfulPaint');
  if (!paint) throw new Error('the trace has no first contentful paint');
  return traceEvents
    .filter(
      (event) =>
        event.ph === 'X' &&
        event.pid === paint.pid &&
        event.tid === paint.tid &&
        event.ts >= paint.ts,
    )
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
}

/** What the tasks ran, in ms: each task's direct parts by name (a script's by its chunk). */
function partsOfTasks(events) {
  const parts = {};
  let task;
  let open = []; // the parts of the current task still open at this event's start
  for (const event of events) {
    if (event.name === 'RunTask') {
      task = event;
      open = [];
      continue;
    }
    if (!task || event.ts >= task.ts + task.dur) continue;
    open = open.filter((part) => part.ts + part.dur > event.ts);
    if (open.length === 0) {
      const chunk = (event.args?.data?.url ?? '')
        .split('/')
        .pop()
        .replace(/-[\w-]{8}\.js$/, '');
      const name = chunk ? `${event.name} (${chunk})` : event.name;
      parts[name] = (parts[name] ?? 0) + lengthOf(event) / 1000;
    }
    open.push(event);
  }
  return parts;
}

/** One load of `path`, traced: its tasks after the first paint. */
async function load(browser, path, cookie) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const tracePath = join(tmpdir(), `main-thread-${process.pid}.json`);
  try {
    if (cookie) {
      const [name, value] = cookie.split('=');
      await context.addCookies([{ name, value, url: baseUrl }]);
    }
    const page = await context.newPage();
    await browser.startTracing(page, {
      path: tracePath,
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'loading',
        'v8.execute',
      ],
    });
    await page.goto(`${baseUrl}${path}`);
    await page.waitForTimeout(SETTLE_MS);
    await browser.stopTracing();
    const { traceEvents } = JSON.parse(await readFile(tracePath, 'utf8'));
    const events = eventsAfterFirstPaint(traceEvents);
    const tasks = events
      .filter((event) => event.name === 'RunTask')
      .map((event) => lengthOf(event) / 1000);
    return {
      parts: partsOfTasks(events),
      work: tasks.reduce((sum, duration) => sum + duration, 0),
      long: tasks.filter((duration) => duration >= LONG_TASK_MS).length,
      largest: [...tasks].sort((a, b) => b - a).slice(0, 3),
    };
  } finally {
    await context.close();
    await rm(tracePath, { force: true });
  }
}

const stopProduct = await startProduct(baseUrl);
let browser;
try {
  const { cookie, bigPlaylist } = await signIn(baseUrl);
  browser = await chromium.launch(chromiumLaunchOptions);
  const only = process.env.MT_PAGES?.split(',');
  console.log(
    `Full speed, Lighthouse's mobile screen, ${RUNS} loads a page, ${process.env.MT_CLOCK === 'cpu' ? 'CPU' : 'wall'} time, medians (all loads in brackets)`,
  );
  console.log(
    `| page | work after first paint | tasks of ${LONG_TASK_MS} ms or more | largest tasks (median load) |`,
  );
  console.log('| ---- | ---- | ---- | ---- |');
  const breakdowns = [];
  for (const entry of firstScreens(bigPlaylist).filter(
    (page) => !only || only.includes(page.page),
  )) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1)
      runs.push(await load(browser, entry.path, entry.signedIn ? cookie : null));
    const work = median(runs.map((run) => run.work));
    const typical = runs.find((run) => run.work === work);
    if (process.env.MT_BREAKDOWN) breakdowns.push([entry.page, runs]);
    console.log(
      `| ${entry.page} | ${work.toFixed(1)} ms (${runs.map((run) => Math.round(run.work)).join(', ')}) | ${median(runs.map((run) => run.long))} | ${typical.largest.map((duration) => duration.toFixed(1)).join(', ')} ms |`,
    );
  }
  for (const [page, runs] of breakdowns) {
    const mean = {};
    for (const run of runs)
      for (const [name, ms] of Object.entries(run.parts))
        mean[name] = (mean[name] ?? 0) + ms / runs.length;
    console.log(
      `\n${page}: what the tasks after the first paint ran (ms, mean of ${runs.length} loads)`,
    );
    for (const [name, ms] of Object.entries(mean)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12))
      console.log(`  ${ms.toFixed(1).padStart(6)}  ${name}`);
  }
} finally {
  await browser?.close();
  await stopProduct();
}
