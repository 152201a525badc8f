/** The built product (dist/server/main.js) as its own process, for bench/api. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { exitWithin } from '../../server/test/instances.js';

export interface RunningProcess {
  url: string;
  pid: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

export const BUILT_SERVER = 'dist/server/main.js';

export function isBuilt(): boolean {
  return existsSync(BUILT_SERVER);
}

async function untilReady(child: ChildProcess, url: string, errors: () => string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`process exited: ${errors()}`);
    const ready = await fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`process did not become ready: ${errors()}`);
}

/** Starts a node script on `port` and waits until `readyPath` answers 2xx. */
export async function startProcess(options: {
  script: string;
  args?: string[];
  nodeArgs?: string[];
  env?: Record<string, string>;
  port: number;
  readyPath: string;
}): Promise<RunningProcess> {
  const taken = await fetch(`http://127.0.0.1:${options.port}/`)
    .then(() => true)
    .catch(() => false);
  if (taken) throw new Error(`port ${options.port} is in use: give bench/api another --base-port`);
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), options.script, ...(options.args ?? [])],
    {
      env: { ...process.env, ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let errors = '';
  child.stderr?.on('data', (chunk) => (errors += String(chunk)));
  const url = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    if ((await exitWithin(child, 15_000)) === 'still running') child.kill('SIGKILL');
  };
  try {
    await untilReady(child, `${url}${options.readyPath}`, () => errors);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid!, process: child, stop };
}
