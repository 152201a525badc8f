// `npm run test:api:pg`: the server tests again on a real PostgreSQL. Each test app gets a
// fresh database cloned from a template migrated once per run; all are dropped afterwards.
// TEST_DATABASE_URL names a database on a server where the user may create databases
// (default: the local CI server's "test" database).
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url },
  },
);
process.exit(result.status ?? 1);
