import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/**
 * The built product on its own port and data folder, for journeys the shared journey server
 * cannot serve (another public origin, a database prepared before the start). Started after
 * the journey server has built the product; stop() ends it with SIGTERM and waits for the exit.
 */
export interface OwnServer {
  stop(): Promise<void>;
}

const repoRoot = join(import.meta.dirname, '..');

export async function startOwnServer(options: {
  port: number;
  dataDir: string;
  /** Added to the environment (demo mode on the embedded database by default). */
  env?: Record<string, string>;
}): Promise<OwnServer> {
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: options.dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      SEED_DEMO_ANNOUNCEMENT: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => stopServer(server);
  try {
    await waitUntilReady(server, `http://127.0.0.1:${options.port}/readyz`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}

async function waitUntilReady(server: ChildProcess, url: string) {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const ready = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} not ready`);
}

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}
