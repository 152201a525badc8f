import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplateTarball } from '../test/pgliteTemplate.js';
import { DEFAULT_NOTIFICATIONS } from '../../common/api/user.js';
import { openPgliteFolder } from './client.js';
import { users } from './schema.js';

const journal = JSON.parse(
  readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

let folder: string;
let template: string;
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'curator-template-'));
  // The tests' own migrated template: what the build writes beside the built server.
  template = await pgliteTemplateTarball();
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function appliedMigrations(database: ReturnType<typeof openPgliteFolder>) {
  const { rows } = await database.executeSql(
    'select count(*)::int as count from drizzle.__drizzle_migrations',
    [],
  );
  return (rows[0] as { count: number }).count;
}

describe('the embedded database in a folder', () => {
  it('starts an empty folder from the migrated template, with nothing left to migrate', async () => {
    const database = openPgliteFolder(join(folder, 'db'), template);
    try {
      await database.migrate();
      expect(await appliedMigrations(database)).toBe(journal.entries.length);
      await database.db.insert(users).values({
        name: 'Kept',
        email: 'kept@example.test',
        passwordHash: 'not a real hash',
        trialEndsAt: new Date(),
        notifications: DEFAULT_NOTIFICATIONS,
      });
    } finally {
      await database.close();
    }
  });

  it('keeps its rows on a restart: the template only fills an empty folder', async () => {
    const database = openPgliteFolder(join(folder, 'db'), template);
    try {
      await database.migrate();
      const { rows } = await database.executeSql('select email from users', []);
      expect(rows).toEqual([{ email: 'kept@example.test' }]);
      expect(await appliedMigrations(database)).toBe(journal.entries.length);
    } finally {
      await database.close();
    }
  });
});
