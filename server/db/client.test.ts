import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Database } from './client.js';
import { openTestDatabase } from '../test/testDatabase.js';

let database: Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase(inject('testDatabaseTemplate')));
});
afterAll(async () => {
  await dispose?.();
});

describe('the product database connections', () => {
  it('run without JIT compilation, on every connection of the pool', async () => {
    // Several at once, so the pool opens more than one connection.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => database.executeSql('show jit', [])),
    );
    for (const answer of answers) expect(answer.rows).toEqual([{ jit: 'off' }]);
  });
});
