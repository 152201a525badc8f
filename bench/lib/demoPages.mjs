// The built product in demo mode for the page benchmarks (lighthouse.mjs, long-tasks.mjs):
// started on a fresh embedded database, Avery signed in, and the first screens to measure.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const AVERY = { email: 'avery@demo.curator.test', password: 'curate-demo-2026' };
const LATE_NIGHT_DRIVE = 'Late Night Drive';

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** Starts the built product in demo mode on a fresh database; resolves once /readyz answers. */
export async function startProduct(baseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'curator-bench-pages-'));
  const child = spawn(process.execPath, ['tools/start.mjs'], {
    env: {
      ...process.env,
      PORT: new URL(baseUrl).port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The demo announcement would open over the first screen of every run.
      SEED_DEMO_ANNOUNCEMENT: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the product stopped before it was ready');
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return stop;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  await stop();
  throw new Error('the product was not ready within 240 s');
}

async function action(baseUrl, path, cookie, body) {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: {
      origin: baseUrl,
      ...(cookie ? { cookie } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return { response, answer: await response.json() };
}

/** Signs Avery in and waits until the demo Spotify accounts are linked (done after listen). */
export async function signIn(baseUrl) {
  const { response } = await action(baseUrl, 'auth/signin', null, AVERY);
  const cookie = response.headers.getSetCookie().map((line) => line.split(';')[0])[0];
  if (!cookie) throw new Error('sign-in set no cookie');
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const startup = await (await fetch(`${baseUrl}/api/`, { headers: { cookie } })).json();
    if ((startup.user?.accounts.length ?? 0) > 0) {
      const { answer } = await action(baseUrl, 'playlists/all', cookie);
      const big = answer.playlists.find((entry) => entry.info.name === LATE_NIGHT_DRIVE);
      if (big) return { cookie, bigPlaylist: big };
    }
    await sleep(1000);
  }
  throw new Error(`Avery's demo Spotify accounts and ${LATE_NIGHT_DRIVE} did not appear`);
}

/** The first screens measured: signed out /signin and /signup, then Avery's screens. */
export function firstScreens(bigPlaylist) {
  return [
    { page: '/signin', path: '/signin', signedIn: false },
    { page: '/signup', path: '/signup', signedIn: false },
    { page: 'home', path: '/', signedIn: true },
    { page: 'Playlists', path: '/playlists', signedIn: true },
    {
      page: `playlist of ${bigPlaylist.info.tracksTotal} tracks`,
      path: `/playlists/${bigPlaylist.accountId}/${bigPlaylist.spotifyId}`,
      signedIn: true,
    },
    { page: 'Song Swaps', path: '/songswap', signedIn: true },
    { page: 'Messenger', path: '/messenger', signedIn: true },
  ];
}
