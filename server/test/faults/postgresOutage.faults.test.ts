import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, type Instance } from '../instances.js';
import { createDatabase, dropDatabase, testDatabaseName, withDatabase } from '../testDatabase.js';
import { call, demoEnvironment, readiness, signIn } from './demoInstances.js';

/**
 * PostgreSQL goes away under a running instance: its connections are cut and, for a while, no
 * new one is let in (the database refuses connections, as during a failover). Requests fail
 * cleanly with 503 (never a 500, never a crash), /readyz says so, and the instance recovers by
 * itself once the database is back. `npm run test:faults`.
 */
const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const databaseName = testDatabaseName('curator_faults_pg');
let instance: Instance;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Cuts every connection to the database; with `refuse`, new ones are refused until allowed. */
async function cutConnections(refuse: boolean) {
  await admin(async (client) => {
    await client.query(`alter database "${databaseName}" allow_connections ${!refuse}`);
    await client.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [databaseName],
    );
  });
}

beforeAll(async () => {
  await createDatabase(adminUrl, databaseName);
  instance = await startInstance(demoEnvironment(withDatabase(adminUrl, databaseName)));
}, 120_000);

afterAll(async () => {
  await instance?.stop();
  await admin((client) =>
    client.query(`alter database "${databaseName}" allow_connections true`),
  ).catch(() => {});
  await dropDatabase(adminUrl, databaseName);
});

const alive = () => instance.process.exitCode === null && instance.process.signalCode === null;

describe('a PostgreSQL outage', () => {
  it('answers 503 while the database is gone and recovers without a restart', async () => {
    const avery = await signIn(instance, 'avery@demo.curator.test');
    expect((await call(instance, avery.cookie, 'songs/catalog', {})).status).toBe(200);

    // Cut while idle: the pool's idle connections die under it (an unhandled pool error would
    // end the process here).
    await cutConnections(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(alive()).toBe(true);

    for (const path of ['songs/catalog', 'messenger/conversations', 'trades/all']) {
      const answer = await call(instance, avery.cookie, path, {});
      expect({ path, status: answer.status }).toEqual({ path, status: 503 });
      expect(answer.body).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    }
    const signInDuringOutage = await fetch(`${instance.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'blake@demo.curator.test', password: 'curate-demo-2026' }),
    });
    expect(signInDuringOutage.status).toBe(503);
    expect(signInDuringOutage.headers.get('retry-after')).toBeTruthy();
    const ready = await readiness(instance);
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'unavailable', database: 'postgres' });

    // Back: the same instance serves again, the session still holds.
    await admin((client) =>
      client.query(`alter database "${databaseName}" allow_connections true`),
    );
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
      status = (await call(instance, avery.cookie, 'songs/catalog', {})).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    expect((await readiness(instance)).status).toBe(200);

    // Cut in the middle of a burst of requests: each answers 200 or 503, none 500.
    const burst = Array.from({ length: 40 }, (_, index) =>
      call(instance, avery.cookie, index % 2 ? 'songs/catalog' : 'messenger/conversations', {}),
    );
    await cutConnections(false);
    const statuses = new Set((await Promise.all(burst)).map((answer) => answer.status));
    expect([...statuses].every((code) => code === 200 || code === 503)).toBe(true);
    expect((await call(instance, avery.cookie, 'songs/catalog', {})).status).toBe(200);
    expect(alive()).toBe(true);
  });
});
