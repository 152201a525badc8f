import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { pgliteTemplateTarball } from './pgliteTemplate.js';
import {
  createDatabase,
  dropDatabase,
  postgresAdminUrl,
  testDatabaseName,
  withDatabase,
} from './testDatabase.js';

/** Makes the migrated database every test database is a copy of (see testDatabase.ts). */
export default async function setup(project: TestProject) {
  const adminUrl = postgresAdminUrl();
  if (!adminUrl) {
    project.provide('testDatabaseTemplate', {
      kind: 'pglite',
      dataDirTarball: await pgliteTemplateTarball(),
    });
    return;
  }
  const template = testDatabaseName('curator_template');
  await createDatabase(adminUrl, template);
  const database = openDatabase({ kind: 'postgres', url: withDatabase(adminUrl, template) });
  await database.migrate();
  await database.close();
  project.provide('testDatabaseTemplate', { kind: 'postgres', database: template });
  return async () => {
    await dropDatabase(adminUrl, template);
  };
}
