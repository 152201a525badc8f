// `npm start`: build when the build is missing or older than the sources, then run the server.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import module from 'node:module';
import { join } from 'node:path';

const stamp = 'dist/.build-stamp';
const sources = ['server', 'common', 'standins', 'web', 'package-lock.json'];

function newestChange(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

const built =
  existsSync(stamp) && existsSync('dist/server/main.js') && existsSync('dist/web/index.html');
const stale =
  built && sources.some((path) => existsSync(path) && newestChange(path) > statSync(stamp).mtimeMs);
if (!built || stale) {
  console.log(
    built ? 'Sources changed since the last build; building…' : 'No build yet; building…',
  );
  execSync('npm run build', { stdio: 'inherit' });
}
// The built tree runs as built: the server's React renderer and Redux Toolkit take their
// production code, as the browser's bundle does (development React renders a page about twice
// as slowly, and Redux Toolkit's development checks walk the store on every action). Demo or
// production is APP_MODE's to say, not this; `npm run dev` and the tests keep development.
process.env.NODE_ENV ??= 'production';
// Node 22.1+ keeps the compiled code of every module on disk for the next start (a no-op on
// Node 20, which has no such cache).
module.enableCompileCache?.();
await import('../dist/server/main.js');
