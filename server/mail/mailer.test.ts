import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { createMailer, GIVE_UP_AFTER_MS, retryDelayMs, smtpUnreachable } from './mailer.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An SMTP stand-in that is up or down at the test's word. */
function switchableTransport() {
  const state = {
    up: false,
    sent: [] as string[],
    messageIds: [] as string[],
    tries: 0,
    /** Recipients the server refuses with a 550, as a real one does for an unknown mailbox. */
    refused: new Set<string>(),
  };
  const transport = nodemailer.createTransport({
    name: 'switchable',
    version: '1',
    send: (mail, done) => {
      state.tries += 1;
      if (!state.up)
        return done(
          Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNECTION' }),
          undefined,
        );
      if (state.refused.has(String(mail.data.to)))
        return done(
          Object.assign(new Error('550 5.1.1 No such user'), {
            code: 'EENVELOPE',
            responseCode: 550,
          }),
          undefined,
        );
      state.sent.push(String(mail.data.subject));
      state.messageIds.push(String(mail.data.messageId));
      return done(null, { envelope: mail.message.getEnvelope(), messageId: 'x' } as never);
    },
  });
  return { state, transport };
}

function mailerAt(clock: { now: Date }, transport: Transporter) {
  return createMailer({
    db: t.context.db,
    from: 'Curator <no-reply@curator.test>',
    log: t.app.log,
    transport,
    now: () => clock.now,
  });
}

/** Queues without a transport, so no delivery starts on its own before the test's round. */
function queue(clock: { now: Date }, message: ReturnType<typeof mail>) {
  const outboxOnly = createMailer({
    db: t.context.db,
    from: 'x@curator.test',
    log: t.app.log,
    now: () => clock.now,
  });
  return outboxOnly.enqueue(t.context.db, message);
}

const mail = (subject: string) => ({
  to: 'robin@example.test',
  subject,
  text: `Open https://curator.test/password/reset/secret-${subject}`,
  html: `<a href="https://curator.test/password/reset/secret-${subject}">reset</a>`,
});

async function rowOf(subject: string) {
  const [row] = await t.context.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject));
  return row!;
}

describe('mail delivery through an SMTP outage', () => {
  // First: a mailer of an earlier test may still have a nudge waiting for the event loop (the
  // embedded database answers without I/O), and would send this test's mail with its own transport.
  it('tries a mail queued in a transaction as soon as the transaction commits', async () => {
    const clock = { now: new Date() };
    const { state, transport } = switchableTransport();
    state.up = true;
    const mailer = mailerAt(clock, transport);
    await t.context.db.transaction(async (tx) => {
      await mailer.enqueue(tx, mail('in-a-transaction'));
      // Not tried while the row is invisible to the delivery's own connection.
      await new Promise((resolve) => setImmediate(resolve));
      expect(state.tries).toBe(0);
    });
    // Long before the next poll (15 s).
    await vi.waitFor(() => expect(state.sent).toContain('in-a-transaction'), { timeout: 5_000 });
    expect((await rowOf('in-a-transaction')).sentAt).not.toBeNull();
    mailer.close();
  });

  it('backs off exponentially, keeps the row, delivers once SMTP is back, and scrubs the body', async () => {
    const clock = { now: new Date() };
    const { state, transport } = switchableTransport();
    const mailer = mailerAt(clock, transport);
    await mailer.enqueue(t.context.db, mail('outage-1'));
    await mailer.deliverPending();
    let row = await rowOf('outage-1');
    expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(row.nextAttemptAt.getTime()).toBe(clock.now.getTime() + retryDelayMs(1));
    // Not due again before its back-off.
    await mailer.deliverPending();
    expect((await rowOf('outage-1')).attempts).toBe(1);
    // Twenty hours of failures later the row is still waiting, with a longer wait each time.
    for (let hour = 0; hour < 20; hour += 1) {
      clock.now = new Date(clock.now.getTime() + 60 * 60 * 1000);
      await mailer.deliverPending();
    }
    row = await rowOf('outage-1');
    expect(row.sentAt).toBeNull();
    expect(row.failedAt).toBeNull();
    expect(await mailer.backlog()).toMatchObject({ waiting: expect.any(Number) });
    state.up = true;
    clock.now = new Date(row.nextAttemptAt.getTime() + 1);
    await mailer.deliverPending();
    row = await rowOf('outage-1');
    expect(state.sent).toContain('outage-1');
    expect(row.sentAt).not.toBeNull();
    expect(row.text).toBe('');
    expect(row.html).toBe('');
    mailer.close();
  });

  it('gives up after 48 hours, keeps the row without its secret, and counts it as failed', async () => {
    const clock = { now: new Date() };
    const { transport } = switchableTransport();
    const mailer = mailerAt(clock, transport);
    const before = (await mailer.backlog())!.failed;
    await mailer.enqueue(t.context.db, mail('outage-2'));
    await t.context.db
      .update(mailOutbox)
      .set({ createdAt: new Date(clock.now.getTime() - GIVE_UP_AFTER_MS) })
      .where(eq(mailOutbox.subject, 'outage-2'));
    await mailer.deliverPending();
    const row = await rowOf('outage-2');
    expect(row.failedAt).not.toBeNull();
    expect(row.text).not.toContain('secret');
    expect((await mailer.backlog())!.failed).toBe(before + 1);
    mailer.close();
  });

  it('retries in 30 s doubling, at most 2 h; a shorter base scales the whole schedule', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30)).toBe(2 * 60 * 60 * 1000);
    expect([1, 2, 3].map((n) => retryDelayMs(n, 1_000))).toEqual([1_000, 2_000, 4_000]);
    expect(retryDelayMs(30, 1_000)).toBe(240_000);
  });

  it('tries an unreachable SMTP server once per round, and the waiting mails back off with it', async () => {
    const clock = { now: new Date() };
    const { state, transport } = switchableTransport();
    const mailer = mailerAt(clock, transport);
    const subjects = ['round-1', 'round-2', 'round-3'];
    for (const subject of subjects) await queue(clock, mail(subject));
    await mailer.deliverPending();
    expect(state.tries).toBe(1);
    const rows = await Promise.all(subjects.map(rowOf));
    expect(rows.map((row) => row.attempts)).toEqual([1, 1, 1]);
    expect(rows.map((row) => row.nextAttemptAt.getTime())).toEqual(
      subjects.map(() => clock.now.getTime() + retryDelayMs(1)),
    );
    expect(rows.filter((row) => row.lastError?.startsWith('not tried'))).toHaveLength(2);
    expect((await mailer.backlog())!.retrying).toBeGreaterThanOrEqual(3);
    // Back: the round after the first one's wait sends all three, each with its outbox
    // row's id as Message-ID.
    state.up = true;
    clock.now = new Date(clock.now.getTime() + retryDelayMs(1) + 1);
    await mailer.deliverPending();
    expect(state.sent).toEqual(expect.arrayContaining(['round-1', 'round-2', 'round-3']));
    const first = await rowOf('round-1');
    expect(state.messageIds).toContain(`<${first.id}@curator.test>`);
    mailer.close();
  });

  it('goes on with the next mails when the server refuses one recipient', async () => {
    const clock = { now: new Date() };
    const { state, transport } = switchableTransport();
    state.up = true;
    state.refused.add('nobody@example.test');
    const mailer = mailerAt(clock, transport);
    await queue(clock, { ...mail('refused-1'), to: 'nobody@example.test' });
    await queue(clock, mail('refused-2'));
    await mailer.deliverPending();
    expect(state.sent).toEqual(['refused-2']);
    expect(await rowOf('refused-1')).toMatchObject({ attempts: 1, sentAt: null });
    mailer.close();
  });

  it('drains a backlog longer than one batch in one round', async () => {
    const clock = { now: new Date() };
    const { state, transport } = switchableTransport();
    state.up = true;
    const mailer = mailerAt(clock, transport);
    const subjects = Array.from({ length: 45 }, (_, index) => `backlog-${index}`);
    for (const subject of subjects) await queue(clock, mail(subject));
    await mailer.deliverPending();
    expect(state.sent.filter((subject) => subject.startsWith('backlog-')).sort()).toEqual(
      subjects.sort(),
    );
    mailer.close();
  });

  it('tells an unreachable server from a refused mail', () => {
    const error = (fields: object) => Object.assign(new Error('x'), fields);
    expect(smtpUnreachable(error({ code: 'ECONNECTION' }))).toBe(true);
    expect(smtpUnreachable(error({ code: 'ETIMEDOUT' }))).toBe(true);
    expect(smtpUnreachable(error({ code: 'EAUTH', responseCode: 535 }))).toBe(true);
    expect(smtpUnreachable(error({ code: 'EENVELOPE', responseCode: 421 }))).toBe(true);
    expect(smtpUnreachable(error({ code: 'EENVELOPE', responseCode: 550 }))).toBe(false);
    expect(smtpUnreachable(error({ code: 'EMESSAGE', responseCode: 452 }))).toBe(false);
  });
});
