import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, type Instance } from '../instances.js';
import { smtpStandIn, type SmtpStandIn } from '../smtpServer.js';
import { createDatabase, dropDatabase, testDatabaseName, withDatabase } from '../testDatabase.js';
import { demoEnvironment, readiness } from './demoInstances.js';

/**
 * A real SMTP server (smtp-server) goes away under two instances for two minutes and comes
 * back: mail queued on both meanwhile is kept, retried with backoff, reported by /readyz and
 * the log, and delivered exactly once when SMTP returns. `npm run test:faults`.
 *
 * Time is scaled: MAIL_RETRY_BASE_MS=1000 makes the product's retry schedule (30 s doubling in
 * production) 30 times faster, so two minutes of production time are 4 s here.
 */
const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const databaseName = testDatabaseName('curator_faults_smtp');
const RETRY_BASE_MS = 1_000;
const SCALE = RETRY_BASE_MS / 30_000;
const OUTAGE_MS = 2 * 60 * 1000 * SCALE;
const instances: Instance[] = [];
let smtp: SmtpStandIn;
let database: pg.Client;

beforeAll(async () => {
  smtp = await smtpStandIn();
  await smtp.start();
  await createDatabase(adminUrl, databaseName);
  const environment = () =>
    demoEnvironment(withDatabase(adminUrl, databaseName), {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Curator <no-reply@curator.test>',
      MAIL_RETRY_BASE_MS: String(RETRY_BASE_MS),
    });
  instances.push(
    ...(await Promise.all([
      startInstance(environment(), { captureLog: true }),
      startInstance(environment(), { captureLog: true }),
    ])),
  );
  database = new pg.Client({ connectionString: withDatabase(adminUrl, databaseName) });
  await database.connect();
}, 120_000);

afterAll(async () => {
  await database?.end();
  await Promise.all(instances.map((instance) => instance.stop()));
  await smtp?.stop();
  await dropDatabase(adminUrl, databaseName);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

async function post(instance: Instance, path: string, body: object) {
  const response = await fetch(`${instance.url}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect({ path, status: response.status }).toEqual({ path, status: 200 });
}

const signUp = (instance: Instance, email: string) =>
  post(instance, 'auth/signup', { name: 'Outage Curator', email, password: 'tide-lantern-4417' });

interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  text: string;
  attempts: number;
  sent_at: Date | null;
  failed_at: Date | null;
  created_at: Date;
}

async function outbox(): Promise<OutboxRow[]> {
  const result = await database.query<OutboxRow>(
    'select id, to_address, subject, text, attempts, sent_at, failed_at, created_at from mail_outbox',
  );
  return result.rows;
}

const alive = (instance: Instance) =>
  instance.process.exitCode === null && instance.process.signalCode === null;

describe('an SMTP outage of two minutes', () => {
  it('keeps every mail, reports it, and delivers each exactly once when SMTP returns', async () => {
    const [a, b] = instances as [Instance, Instance];

    // SMTP up: mail goes out through the product's SMTP transport (with the URL's login).
    await signUp(a, 'before@outage.test');
    await until('the first mail', async () =>
      smtp.received.some((mail) => mail.to.includes('before@outage.test')) ? true : undefined,
    );
    // Whatever the demo seed queued is delivered too before the outage starts.
    await until('an empty backlog', async () => {
      const mail = (await readiness(a)).body.mail as { waiting: number } | undefined;
      return mail?.waiting === 0 ? true : undefined;
    });
    const deliveredBefore = smtp.received.length;

    await smtp.stop();
    const down = Date.now();

    // Mail queued on both instances while SMTP is gone: sign-ups and password resets.
    const addresses = Array.from({ length: 12 }, (_, index) => `outage-${index}@outage.test`);
    await Promise.all(addresses.map((address, index) => signUp(index % 2 ? b : a, address)));
    const resets = ['avery@demo.curator.test', 'blake@demo.curator.test'];
    await Promise.all(
      resets.map((email, index) => post(index % 2 ? b : a, 'auth/forgot/password', { email })),
    );
    const expected = [...addresses, ...resets];
    await until('every mail in the outbox', async () => {
      const rows = await outbox();
      return expected.every((address) => rows.some((row) => row.to_address === address))
        ? true
        : undefined;
    });

    // /readyz shows the failing mail and stays ready (mail is degraded, not down); the log
    // says why.
    const reported = await until('/readyz to report retrying mail', async () => {
      const ready = await readiness(a);
      const mail = ready.body.mail as { retrying: number } | undefined;
      return mail && mail.retrying >= expected.length ? ready : undefined;
    });
    expect(reported.status).toBe(200);
    // (The demo start-up may queue a welcome mail of its own meanwhile.)
    expect(reported.body).toMatchObject({ status: 'ready', mail: { failed: 0 } });
    const { waiting } = reported.body.mail as { waiting: number };
    expect(waiting).toBeGreaterThanOrEqual(expected.length);
    await until('the failures in the log', async () =>
      instances.every((instance) => instance.log().includes('mail delivery failed; will retry'))
        ? true
        : undefined,
    );
    expect(a.log()).toContain('ECONNREFUSED');

    // Two minutes (scaled) without SMTP: nothing is lost or given up, nothing crashes.
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - down)));
    expect(smtp.received).toHaveLength(deliveredBefore);
    expect((await outbox()).filter((row) => row.failed_at !== null)).toEqual([]);
    expect(instances.every(alive)).toBe(true);

    await smtp.start();
    const delivered = await until('every mail delivered', async () => {
      const rows = await outbox();
      return rows.every((row) => row.sent_at !== null) ? rows : undefined;
    });
    // Both instances have run their polls again since: nothing is sent a second time.
    await sleep(4 * RETRY_BASE_MS);
    expect(instances.every(alive)).toBe(true);

    // Every outbox row arrived exactly once (its Message-ID is the row's id).
    const messageIds = smtp.received.map((mail) => mail.messageId);
    expect(smtp.received).toHaveLength(delivered.length);
    for (const row of delivered) {
      expect({
        row: row.id,
        count: messageIds.filter((id) => id.startsWith(`<${row.id}@`)).length,
      }).toEqual({ row: row.id, count: 1 });
    }
    for (const address of expected) {
      expect({
        address,
        count: smtp.received.filter((mail) => mail.to.includes(address)).length,
      }).toEqual({ address, count: 1 });
    }
    const outageRows = delivered.filter((row) => expected.includes(row.to_address));
    for (const row of outageRows) {
      // Retried, with backoff: n failures take at least (2^n - 1) first waits.
      const span = row.sent_at!.getTime() - row.created_at.getTime();
      expect(row.attempts).toBeGreaterThan(1);
      expect(row.attempts - 1).toBeLessThanOrEqual(Math.log2(span / RETRY_BASE_MS + 1));
      // Sent mail keeps no body (no live reset or verification link at rest).
      expect(row.text).toBe('');
    }
    expect(
      smtp.received.find((mail) => mail.to.includes('avery@demo.curator.test'))?.raw,
    ).toContain('/password/reset/');
    expect((await readiness(b)).body).toMatchObject({
      status: 'ready',
      mail: { waiting: 0, retrying: 0, failed: 0 },
    });
  });
});
