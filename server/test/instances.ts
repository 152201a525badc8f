import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A real server process (server/main.ts under tsx), for multi-instance tests and benchmarks. */
export interface Instance {
  url: string;
  process: ChildProcess;
  /** What the process wrote to stdout (its JSON log), when started with `captureLog`. */
  log(): string;
  /** Resolves once the log holds `text` (with `captureLog`; the log level must let it through). */
  logged(text: string): Promise<void>;
  /** What the process wrote to stderr (an uncaught error, for one). */
  errors(): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export async function startInstance(
  env: Record<string, string>,
  options: { captureLog?: boolean } = {},
): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', options.captureLog ? 'pipe' : 'ignore', 'pipe'],
  });
  let errors = '';
  let output = '';
  child.stderr?.on('data', (chunk) => (errors += String(chunk)));
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  const log = () => output;
  const logged = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const seen = () => {
        if (!output.includes(text)) return;
        child.stdout?.off('data', seen);
        child.off('exit', exited);
        resolve();
      };
      const exited = () => {
        child.stdout?.off('data', seen);
        reject(new Error(`instance exited before logging "${text}": ${errors}`));
      };
      child.stdout?.on('data', seen);
      child.once('exit', exited);
      seen();
    });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    // A server exits within 10 s of SIGTERM; one that does not is killed, never left behind.
    if ((await exitWithin(child, 10_000)) === 'still running') child.kill('SIGKILL');
  };
  // Generous: on a loaded machine migrating and seeding can take most of a minute.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance exited: ${errors}`);
    const ready = await fetch(`${url}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) return { url, process: child, log, logged, errors: () => errors, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`instance did not become ready: ${errors}`);
}

/** Waits for the process to end, at most `ms`: its exit code (or signal), or 'still running'. */
export function exitWithin(
  child: ChildProcess,
  ms: number,
): Promise<number | NodeJS.Signals | 'still running'> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  if (child.signalCode !== null) return Promise.resolve(child.signalCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('still running'), ms);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? signal ?? 'still running');
    });
  });
}
