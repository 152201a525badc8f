// The main thread's long tasks while the first screens load: the built
// product in demo mode, Chromium with its CPU slowed by the DevTools protocol (not simulated:
// the tasks are real, only slower), the page's own PerformanceObserver counting the long
// tasks after the first contentful paint. Less noisy than Lighthouse's score for comparing two
// builds of the client: it leaves the network out (loopback), so what it sees is main-thread
// work. "Blocking" is Lighthouse's total blocking time counted the same way: the part of each
// task over 50 ms.
//
//   npm run build && node bench/long-tasks.mjs
//
// LT_RUNS loads a page (default 5; medians are printed), LT_CPU the slowdown (default 6),
// LT_PAGES=home,Playlists a subset (names as in bench/lib/demoPages.mjs), LT_PORT (default
// 3651), LT_SETTLE_MS how long a load is watched (default 7000).
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../tools/chromium.mjs';
import { firstScreens, signIn, startProduct } from './lib/demoPages.mjs';

const RUNS = Number(process.env.LT_RUNS ?? 5);
const CPU = Number(process.env.LT_CPU ?? 6);
const SETTLE_MS = Number(process.env.LT_SETTLE_MS ?? 7000);
const baseUrl = `http://127.0.0.1:${Number(process.env.LT_PORT ?? 3651)}`;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One load of `path`: the long tasks after the first contentful paint, and the paints. */
async function load(browser, path, cookie) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    if (cookie) {
      const [name, value] = cookie.split('=');
      await context.addCookies([{ name, value, url: baseUrl }]);
    }
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen = { tasks: [], lcp: 0 };
      globalThis.__longTasks = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.tasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const devtools = await context.newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    await page.goto(`${baseUrl}${path}`);
    await page.waitForTimeout(SETTLE_MS);
    const { tasks, lcp, fcp } = await page.evaluate(() => ({
      ...globalThis.__longTasks,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    }));
    const after = tasks.filter(([start]) => start >= fcp).map(([, duration]) => duration);
    return {
      blocking: after.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
      longest: Math.max(0, ...after),
      count: after.length,
      fcp,
      lcp,
    };
  } finally {
    await context.close();
  }
}

const stopProduct = await startProduct(baseUrl);
let browser;
try {
  const { cookie, bigPlaylist } = await signIn(baseUrl);
  browser = await chromium.launch(chromiumLaunchOptions);
  const only = process.env.LT_PAGES?.split(',');
  console.log(
    `CPU slowed ${CPU}x, ${RUNS} loads a page, medians (all loads' blocking in brackets)`,
  );
  console.log('| page | blocking | longest task | long tasks | FCP | LCP |');
  console.log('| ---- | -------- | ------------ | ---------- | --- | --- |');
  for (const entry of firstScreens(bigPlaylist).filter(
    (page) => !only || only.includes(page.page),
  )) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1)
      runs.push(await load(browser, entry.path, entry.signedIn ? cookie : null));
    const ms = (key) => `${Math.round(median(runs.map((run) => run[key])))} ms`;
    console.log(
      `| ${entry.page} | ${ms('blocking')} (${runs.map((run) => Math.round(run.blocking)).join(', ')}) | ${ms('longest')} | ${median(runs.map((run) => run.count))} | ${ms('fcp')} | ${ms('lcp')} |`,
    );
  }
} finally {
  await browser?.close();
  await stopProduct();
}
