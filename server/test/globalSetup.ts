import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import {
  createDatabase,
  dropDatabase,
  postgresAdminUrl,
  testDatabaseName,
  withDatabase,
} from './testDatabase.js';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string | undefined;
  }
}

/** On PostgreSQL: migrate one template database per run; each test file clones it. */
export default async function setup(project: TestProject) {
  const adminUrl = postgresAdminUrl();
  if (!adminUrl) {
    project.provide('templateDatabase', undefined);
    return;
  }
  const template = testDatabaseName('curator_template');
  await createDatabase(adminUrl, template);
  const database = openDatabase({ kind: 'postgres', url: withDatabase(adminUrl, template) });
  await database.migrate();
  await database.close();
  project.provide('templateDatabase', template);
  return async () => {
    await dropDatabase(adminUrl, template);
  };
}
