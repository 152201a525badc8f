import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './instances.js';

/** A Redis of the test's own on a free port, which the test can stop and start again. */
export interface RedisServer {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function redisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const ping = () =>
    new Promise<boolean>((resolve) => {
      const probe = spawn('redis-cli', ['-p', String(port), 'ping'], { stdio: 'ignore' });
      probe.once('exit', (code) => resolve(code === 0));
      probe.once('error', () => resolve(false));
    });
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      for (let attempt = 0; attempt < 100; attempt++) {
        if (await ping()) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`redis-server did not start on port ${port}`);
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    },
  };
}
