import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplateFolder } from '../test/pgliteTemplate.js';
import { DEFAULT_NOTIFICATIONS } from '../../common/api/user.js';
import { openPgliteFolder } from './client.js';
import { copyTemplateInto } from './pgliteTemplate.js';
import { users } from './schema.js';

const journal = JSON.parse(
  readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

let folder: string;
let template: string;
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'curator-template-'));
  // The tests' own migrated template, a data directory as the build writes beside the server.
  template = await pgliteTemplateFolder();
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function appliedMigrations(database: ReturnType<typeof openPgliteFolder>) {
  const { rows } = await database.executeSql(
    'select count(*)::int as count from drizzle.__drizzle_migrations',
    [],
  );
  return (rows[0] as { count: number }).count;
}

const kept = {
  name: 'Kept Trigram',
  email: 'kept@example.test',
  passwordHash: 'not a real hash',
  trialEndsAt: new Date(),
  notifications: DEFAULT_NOTIFICATIONS,
};

describe('the embedded database in a folder', () => {
  it('starts an empty folder as a copy of the migrated template, with nothing left to migrate', async () => {
    const database = openPgliteFolder(join(folder, 'db'), template);
    try {
      await database.migrate();
      expect(await appliedMigrations(database)).toBe(journal.entries.length);
      // pg_trgm is there: the users' trigram index takes the row, and a trigram search finds it.
      await database.db.insert(users).values(kept);
      const { rows } = await database.executeSql(
        "select email from users where name % 'Kept Trigam'",
        [],
      );
      expect(rows).toEqual([{ email: 'kept@example.test' }]);
    } finally {
      await database.close();
    }
    expect(existsSync(join(folder, 'db.from-template'))).toBe(false);
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

  it('never copies into a folder that holds anything', () => {
    const occupied = join(folder, 'occupied');
    mkdirSync(occupied);
    writeFileSync(join(occupied, 'notes.txt'), 'mine');
    expect(copyTemplateInto(occupied, template)).toBeUndefined();
    expect(readdirSync(occupied)).toEqual(['notes.txt']);
  });

  it('starts a copy cut off midway again from the start', async () => {
    const dataDir = join(folder, 'interrupted');
    mkdirSync(`${dataDir}.from-template`);
    writeFileSync(join(`${dataDir}.from-template`, 'PG_VERSION'), 'half a copy');
    const database = openPgliteFolder(dataDir, template);
    try {
      await database.migrate();
      expect(await appliedMigrations(database)).toBe(journal.entries.length);
    } finally {
      await database.close();
    }
    expect(existsSync(`${dataDir}.from-template`)).toBe(false);
  });

  it('without a template, PGlite initialises the folder and every migration runs', async () => {
    const database = openPgliteFolder(join(folder, 'no-template'), join(folder, 'missing'));
    try {
      await database.migrate();
      expect(await appliedMigrations(database)).toBe(journal.entries.length);
      await database.db.insert(users).values(kept);
    } finally {
      await database.close();
    }
  });
});
